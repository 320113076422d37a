// Parameter saves on every dialect (seed 003 §5, §9): a blank name, type, value or status is
// refused with the seed's message whatever the channel, and a date parameter keeps a real day
// as YYYY-MM-DD (what the screens send for a value entered dd/mm/yyyy) and answers it back so.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { failure, readBack } from '../testing/record-calls.js';
import { DATE_PARAMETER_TYPE, REQUIRED_MESSAGE } from './parameter-rules.js';

describe.each(await testDialects())('parameter saves on %s', (dialect) => {
  let t: TestEngine;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    iru = await t.sessionFor('iru');
  });
  afterAll(async () => t?.close());

  const create = (fields: string[], values: unknown[]) => t.call('Record.create', [{ module: 'Parameters', fields, values, read: ['id', 'updatectr', 'value0', 'fieldtype', 'state'] }], iru);

  it('refuses a blank value with "Please fill in all the required fields" and writes nothing', async () => {
    const before = Number((await t.database.db('parameters').count({ n: '*' }).first())?.n);
    for (const value of ['', '   ', null]) {
      expect(failure(await create(['name', 'code', 'fieldtype', 'value0'], ['Blank one', `BLANK_${String(value).length}`, 1648, value]))).toMatchObject({
        code: 'E_VALIDATION',
        message: REQUIRED_MESSAGE,
        details: { value0: REQUIRED_MESSAGE },
      });
    }
    expect(failure(await create(['name', 'code', 'fieldtype'], ['No value', 'NO_VALUE', 1648]))).toMatchObject({ code: 'E_VALIDATION', message: REQUIRED_MESSAGE });
    expect(Number((await t.database.db('parameters').count({ n: '*' }).first())?.n)).toBe(before);
  });

  it('refuses blanking the value or the status of a stored parameter', async () => {
    const made = readBack(await create(['name', 'code', 'fieldtype', 'value0'], ['Kept', 'KEPT_VALUE', 1648, 'something']));
    const update = (fields: string[], values: unknown[]) => t.call('Record.update', [{ module: 'Parameters', fields: ['id', 'updatectr', ...fields], values: [made.id, made.updatectr, ...values] }], iru);
    expect(failure(await update(['value0'], ['']))).toMatchObject({ code: 'E_VALIDATION', message: REQUIRED_MESSAGE, details: { value0: REQUIRED_MESSAGE } });
    expect(failure(await update(['name'], [' ']))).toMatchObject({ code: 'E_VALIDATION', details: { name: REQUIRED_MESSAGE } });
    expect((await t.database.db('parameters').where({ id: made.id }).first('value0')).value0).toBe('something');
  });

  it('keeps a date parameter as the day sent (YYYY-MM-DD) and refuses a value that is no day', async () => {
    const made = readBack(await create(['name', 'code', 'fieldtype', 'value0'], ['Cut-off date', 'CUTOFF_DAY', DATE_PARAMETER_TYPE, '2026-03-31']));
    expect(made).toMatchObject({ value0: '2026-03-31', fieldtype: DATE_PARAMETER_TYPE, state: 33 });
    for (const bad of ['31/03/2026', '2026-02-30', 'tomorrow']) {
      expect(failure(await create(['name', 'code', 'fieldtype', 'value0'], ['Bad day', `BAD_${bad.length}`, DATE_PARAMETER_TYPE, bad]))).toMatchObject({ code: 'E_VALIDATION', details: { value0: expect.stringContaining('dd/mm/yyyy') } });
    }
    const changed = readBack(await t.call('Record.update', [{ module: 'Parameters', fields: ['id', 'updatectr', 'value0'], values: [made.id, made.updatectr, '2027-01-05'], read: ['value0'] }], iru));
    expect(changed).toEqual({ value0: '2027-01-05' });
  });
});
