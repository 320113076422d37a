import { describe, expect, it } from 'vitest';
import type { WebFormsProperties } from '../../../engine/metadata/screen-schemas.js';
import { ruleErrors } from './form-rules';
import { translateForm } from './form-schema';
import { dateFromDisplay, dateTimeFromDisplay, dateTimeToDisplay, dateToDisplay } from './dates';

const FORM: WebFormsProperties = {
  fields: [
    { tag: 'input', attributes: { name: 'email' }, config: { label: 'E-mail' } },
    { tag: 'input', attributes: { name: 'altemail', validation: [{ rule: 'different', field: 'email' }] } },
    { tag: 'input', attributes: { name: 'phone' }, config: { label: 'Phone' } },
    { tag: 'input', attributes: { name: 'fax' }, config: { label: 'Fax' } },
    { tag: 'input', attributes: { name: 'mobile', validation: [{ rule: 'differentByFieldName', fields: ['phone', 'fax'] }] } },
    { tag: 'input', attributes: { name: 'startdate', type: 'date', validation: [{ rule: 'beforeDate', field: 'enddate' }] }, config: { label: 'Start date' } },
    { tag: 'input', attributes: { name: 'enddate', type: 'date', validation: [{ rule: 'afterDate', field: 'startdate' }] }, config: { label: 'End date' } },
    { tag: 'select', attributes: { name: 'designation' }, options: [{ value: 1379, label: 'Non-Executive Director' }, { value: 1380, label: 'Executive Director' }] },
    { tag: 'select', attributes: { name: 'boardposition', validation: [{ rule: 'allowchairman', designation: 'designation' }] }, options: [{ value: 312, label: 'Chairman' }, { value: 313, label: 'Member' }] },
    { tag: 'select', attributes: { name: 'sector2' }, options: [{ value: 1, label: 'Banking' }, { value: 3, label: 'Funds' }] },
    { tag: 'select', attributes: { name: 'boardposition2', validation: [{ rule: 'allowchairman', designation: 'designation', sector: 'sector2' }] }, options: [{ value: 312, label: 'Chairman' }] },
  ],
};
const model = translateForm(FORM, { mode: 'edit' });
const errorsFor = (data: Record<string, unknown>, sector: number | null = 1) => ruleErrors(model, data, { sector });

describe('custom field rules (seed 000 §5)', () => {
  it('different: Cannot be the same as the other field', () => {
    expect(errorsFor({ email: 'a@x.my', altemail: 'a@x.my' })).toEqual({ altemail: 'Cannot be the same as E-mail.' });
    expect(errorsFor({ email: 'a@x.my', altemail: 'b@x.my' })).toEqual({});
    expect(errorsFor({ altemail: 'b@x.my' })).toEqual({});
  });

  it('differentByFieldName: names the first field it equals', () => {
    expect(errorsFor({ phone: '1', fax: '2', mobile: '2' })).toEqual({ mobile: 'Cannot be the same as Fax.' });
    expect(errorsFor({ phone: '2', fax: '2', mobile: '2' })).toEqual({ mobile: 'Cannot be the same as Phone.' });
    expect(errorsFor({ phone: '1', fax: '2', mobile: '3' })).toEqual({});
  });

  it('beforeDate and afterDate: Must be less than / greater than the other date', () => {
    expect(errorsFor({ startdate: '2024-05-01', enddate: '2024-04-30' })).toEqual({ startdate: 'Must be less than End date.', enddate: 'Must be greater than Start date.' });
    expect(errorsFor({ startdate: '2024-05-01', enddate: '2024-05-01' })).toEqual({ startdate: 'Must be less than End date.', enddate: 'Must be greater than Start date.' });
    expect(errorsFor({ startdate: '2024-04-30', enddate: '2024-05-01' })).toEqual({});
    // Half-typed dates are the pattern check's business, not the rule's.
    expect(errorsFor({ startdate: '2024-05-01', enddate: '30/04' })).toEqual({});
  });

  it('allowchairman: for sectors 1 and 2, designation 1379 needs the value 312', () => {
    const msg = 'Cannot be Chairman when designation is Non-Executive Director.';
    expect(errorsFor({ designation: 1379, boardposition: 313 })).toEqual({ boardposition: msg });
    expect(errorsFor({ designation: 1379, boardposition: 312 })).toEqual({});
    expect(errorsFor({ designation: 1380, boardposition: 313 })).toEqual({});
    expect(errorsFor({ designation: 1379, boardposition: 313 }, 2)).toEqual({ boardposition: msg });
    expect(errorsFor({ designation: 1379, boardposition: 313 }, 3)).toEqual({});
    expect(errorsFor({ designation: 1379, boardposition: 313 }, null)).toEqual({});
    // The sector may come from a field of the form instead of the current entity.
    expect(errorsFor({ designation: 1379, sector2: 1, boardposition2: 313 }, 3)).toEqual({ boardposition2: msg });
    expect(errorsFor({ designation: 1379, sector2: 3, boardposition2: 313 }, 1)).toEqual({});
  });
});

describe('date conversions (seed 000 §2.9)', () => {
  it('types dates as DD/MM/YYYY and sends YYYY-MM-DD', () => {
    expect(dateToDisplay('2024-01-31')).toBe('31/01/2024');
    expect(dateFromDisplay('31/01/2024')).toBe('2024-01-31');
    expect(dateFromDisplay('1/2/2024')).toBe('2024-02-01');
    expect(dateFromDisplay('31/02/2024')).toBeNull();
    expect(dateFromDisplay('2024-01-31')).toBeNull();
    expect(dateFromDisplay('31/01/24')).toBeNull();
  });

  it('types date-times as DD/MM/YYYY HH:mm in the user’s zone and sends UTC', () => {
    expect(dateTimeToDisplay('2024-01-31 13:05:00', 'Asia/Kuala_Lumpur')).toBe('31/01/2024 21:05');
    expect(dateTimeFromDisplay('31/01/2024 21:05', 'Asia/Kuala_Lumpur')).toBe('2024-01-31 13:05:00');
    expect(dateTimeFromDisplay('01/02/2024', 'utc')).toBe('2024-02-01 00:00:00');
    expect(dateTimeFromDisplay('01/02/2024 25:00', 'utc')).toBeNull();
  });
});
