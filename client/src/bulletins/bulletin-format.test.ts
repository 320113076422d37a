import { describe, expect, it } from 'vitest';
import { draftProblem, excerpt, plainText } from './bulletin-format';
import { REQUIRED_FIELDS } from '../rpc/save-failure';
import { dateFromDisplay, dateToDisplay } from '../form/dates';

describe('bulletin excerpts', () => {
  it('keeps a short message whole and drops its markup', () => {
    expect(plainText('<p>Hello&nbsp;<b>all</b></p><p>Second</p>')).toBe('Hello all Second');
    expect(excerpt('<p>Short one</p>')).toBe('Short one');
  });

  it('cuts a long message at the last word boundary within 200 characters and adds " ..."', () => {
    const words = Array.from({ length: 60 }, (_, i) => `word${i}`).join(' ');
    const out = excerpt(words);
    expect(out.endsWith(' ...')).toBe(true);
    const body = out.slice(0, -4);
    expect([...body].length).toBeLessThanOrEqual(200);
    expect(words.startsWith(`${body} `)).toBe(true);
  });
});

describe('bulletin form rules', () => {
  const ok = { name: 'T', message: '<p>m</p>', startdate: '10/03/2030', enddate: '11/03/2030', state: 33, sectors: [1] };
  it('asks for every field and a sector with the seed message', () => {
    expect(draftProblem(ok, { today: '2030-03-10' })).toBeNull();
    expect(draftProblem({ ...ok, sectors: [] }, { today: '2030-03-10' })).toBe(REQUIRED_FIELDS);
    expect(draftProblem({ ...ok, message: '<p> </p>' }, { today: '2030-03-10' })).toBe(REQUIRED_FIELDS);
  });

  it('refuses a start before today unless it is the stored one, and an end less than a day after the start', () => {
    expect(draftProblem(ok, { today: '2030-03-11' })).toMatch(/before today/);
    expect(draftProblem(ok, { today: '2030-03-11', storedStart: '2030-03-10' })).toBeNull();
    expect(draftProblem({ ...ok, enddate: '10/03/2030' }, { today: '2030-03-10' })).toMatch(/one day after/);
  });

  it('converts dd/mm/yyyy both ways', () => {
    expect(dateFromDisplay('5/3/2030')).toBe('2030-03-05');
    expect(dateFromDisplay('31/02/2030')).toBeNull();
    expect(dateToDisplay('2030-03-05 23:59:59')).toBe('05/03/2030');
  });
});
