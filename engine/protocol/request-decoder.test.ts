import { describe, expect, it } from 'vitest';
import { decodeFormBody, decodeJsonBody } from './request-decoder.js';
import { AppError } from '../errors/catalogue.js';

/** The AppError a decoder throws, so tests can check its code and message together. */
function refusal(fn: () => unknown): { code: string; message: string } {
  try {
    fn();
  } catch (e) {
    expect(e).toBeInstanceOf(AppError);
    const err = e as AppError;
    return { code: err.code, message: err.message };
  }
  throw new Error('expected the decoder to refuse the body');
}

describe('decodeFormBody', () => {
  it('reads the action and parses a0, a1… as JSON, in order', () => {
    expect(decodeFormBody({ action: 'Record.select', a0: '{"module":"RE","max":5}', a1: '[1,"x"]' })).toEqual({
      action: 'Record.select',
      args: [{ module: 'RE', max: 5 }, [1, 'x']],
      re: null,
    });
  });

  it('accepts JSON scalars as arguments, including null and strings', () => {
    expect(decodeFormBody({ action: 'System.execute', a0: '"REContact.verifyEmail"', a1: 'null', a2: '7', a3: 'true' }).args).toEqual([
      'REContact.verifyEmail',
      null,
      7,
      true,
    ]);
  });

  it('answers no arguments when none are sent', () => {
    expect(decodeFormBody({ action: 'User.logout' })).toEqual({ action: 'User.logout', args: [], re: null });
  });

  it('keeps every character of a JSON string argument, whatever the XML or SQL meaning', () => {
    const value = `<&>"' \n\r\n\t😀漢字 ]]> &amp; '; DROP TABLE re; -- \\ % _`;
    expect(decodeFormBody({ action: 'Record.create', a0: JSON.stringify({ values: [value] }) }).args).toEqual([{ values: [value] }]);
  });

  it('reads re as a number and treats empty, "null" and "undefined" as none', () => {
    expect(decodeFormBody({ action: 'A.b', re: '12' }).re).toBe(12);
    expect(decodeFormBody({ action: 'A.b', re: '' }).re).toBeNull();
    expect(decodeFormBody({ action: 'A.b', re: 'null' }).re).toBeNull();
    expect(decodeFormBody({ action: 'A.b', re: 'undefined' }).re).toBeNull();
  });

  it('refuses a re that is not the id of an entity', () => {
    for (const re of ['abc', '-1', '1.5', ' ', '0x10', '1e3', '1; drop table re']) {
      expect(refusal(() => decodeFormBody({ action: 'A.b', re })).code).toBe('E_BADREQUEST');
    }
  });

  it('accepts sub-namespaced action names with digits, _ and -', () => {
    expect(decodeFormBody({ action: 'Job.ExportListExcel.submit' }).action).toBe('Job.ExportListExcel.submit');
    expect(decodeFormBody({ action: 'RE-RE_Reference.remove2' }).action).toBe('RE-RE_Reference.remove2');
  });

  it('refuses a missing or empty action', () => {
    expect(refusal(() => decodeFormBody({}))).toEqual({ code: 'E_BADREQUEST', message: 'action is missing: send action=Namespace.name' });
    expect(refusal(() => decodeFormBody({ action: '' })).code).toBe('E_BADREQUEST');
  });

  it.each([
    ['no namespace', 'select'],
    ['a space', 'Record. select'],
    ['a semicolon', 'Record.select;drop'],
    ['a slash', '../Record.select'],
    ['a quote', "Record.select'"],
    ['a leading digit', '1Record.select'],
    ['an empty part', 'Record..select'],
    ['a trailing dot', 'Record.select.'],
    ['five parts', 'A.b.c.d.e'],
    ['a NUL', 'Record.select\u0000'],
    ['non-ASCII letters', 'Récord.select'],
  ])('refuses an action name with %s', (_what, action) => {
    expect(refusal(() => decodeFormBody({ action }))).toEqual({
      code: 'E_BADREQUEST',
      message: 'action must look like Namespace.name (letters, digits, _, - and dots)',
    });
  });

  it('refuses an action name longer than 120 characters', () => {
    expect(refusal(() => decodeFormBody({ action: `A.${'b'.repeat(119)}` })).code).toBe('E_BADREQUEST');
  });

  it('refuses an argument that is not JSON, naming it', () => {
    expect(refusal(() => decodeFormBody({ action: 'Record.select', a0: '{"module": RE}' }))).toEqual({ code: 'E_BADREQUEST', message: 'a0 is not valid JSON' });
    expect(refusal(() => decodeFormBody({ action: 'Record.select', a0: '{}', a1: '' }))).toEqual({ code: 'E_BADREQUEST', message: 'a1 is not valid JSON' });
  });

  it('refuses a raw control character inside a JSON string of an argument', () => {
    expect(refusal(() => decodeFormBody({ action: 'Record.create', a0: '{"values":["a\u0001b"]}' })).code).toBe('E_BADREQUEST');
  });

  it('refuses a gap in the positional arguments', () => {
    expect(refusal(() => decodeFormBody({ action: 'A.b', a1: '1' }))).toEqual({ code: 'E_BADREQUEST', message: 'a0 is missing while a1 is given' });
    expect(refusal(() => decodeFormBody({ action: 'A.b', a0: '1', a2: '1' }))).toEqual({ code: 'E_BADREQUEST', message: 'a1 is missing while a2 is given' });
    expect(refusal(() => decodeFormBody({ action: 'A.b', a0: '1', a5: '1' }))).toEqual({ code: 'E_BADREQUEST', message: 'a1 is missing while a5 is given' });
  });

  it('refuses more than ten arguments instead of dropping the eleventh', () => {
    const ten = Object.fromEntries(Array.from({ length: 10 }, (_, i) => [`a${i}`, String(i)]));
    expect(decodeFormBody({ action: 'A.b', ...ten }).args).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8, 9]);
    expect(refusal(() => decodeFormBody({ action: 'A.b', ...ten, a10: '10' }))).toEqual({ code: 'E_BADREQUEST', message: 'At most 10 arguments' });
  });

  it('ignores form fields that are not arguments', () => {
    expect(decodeFormBody({ action: 'A.b', a0: '1', sector: '2', _: '123', alpha: 'x' })).toEqual({ action: 'A.b', args: [1], re: null });
  });

  it('refuses a field given twice rather than choosing one', () => {
    expect(refusal(() => decodeFormBody({ action: ['A.b', 'C.d'] }))).toEqual({ code: 'E_BADREQUEST', message: 'action is given more than once' });
    expect(refusal(() => decodeFormBody({ action: 'A.b', a0: ['1', '2'] }))).toEqual({ code: 'E_BADREQUEST', message: 'a0 is given more than once' });
  });

  it('refuses a field that is not text (a file part in a multipart body)', () => {
    expect(refusal(() => decodeFormBody({ action: 'A.b', a0: Buffer.from('{}') }))).toEqual({ code: 'E_BADREQUEST', message: 'a0 must be text' });
    expect(refusal(() => decodeFormBody({ action: 7 })).code).toBe('E_BADREQUEST');
  });
});

describe('decodeJsonBody', () => {
  it('reads action, args and re', () => {
    expect(decodeJsonBody({ action: 'Record.select', args: [{ module: 'RE' }], re: 12, sector: 1 })).toEqual({ action: 'Record.select', args: [{ module: 'RE' }], re: 12 });
  });

  it('answers no arguments when args is absent', () => {
    expect(decodeJsonBody({ action: 'User.logout' })).toEqual({ action: 'User.logout', args: [], re: null });
  });

  it('accepts re as a numeric string and null as none', () => {
    expect(decodeJsonBody({ action: 'A.b', re: '3' }).re).toBe(3);
    expect(decodeJsonBody({ action: 'A.b', re: null }).re).toBeNull();
  });

  it.each([
    ['null', null],
    ['an array', [{ action: 'Record.select' }]],
    ['a string', 'Record.select'],
    ['a number', 42],
  ])('refuses a body that is %s', (_what, body) => {
    expect(refusal(() => decodeJsonBody(body))).toEqual({ code: 'E_BADREQUEST', message: 'The JSON body must be an object {"action": ..., "args": [...]}' });
  });

  it('refuses a body without an action, or with a bad one', () => {
    expect(refusal(() => decodeJsonBody({ args: [] })).message).toBe('action is missing: send action=Namespace.name');
    expect(refusal(() => decodeJsonBody({ action: 5 })).code).toBe('E_BADREQUEST');
    expect(refusal(() => decodeJsonBody({ action: 'Record.select; DROP TABLE re' })).code).toBe('E_BADREQUEST');
  });

  it('refuses args that are not an array', () => {
    expect(refusal(() => decodeJsonBody({ action: 'A.b', args: { module: 'RE' } }))).toEqual({
      code: 'E_BADREQUEST',
      message: 'args must be an array of the positional arguments',
    });
    expect(refusal(() => decodeJsonBody({ action: 'A.b', args: 'x' })).code).toBe('E_BADREQUEST');
  });

  it('refuses more than ten arguments', () => {
    expect(decodeJsonBody({ action: 'A.b', args: new Array(10).fill(0) }).args).toHaveLength(10);
    expect(refusal(() => decodeJsonBody({ action: 'A.b', args: new Array(11).fill(0) }))).toEqual({ code: 'E_BADREQUEST', message: 'At most 10 arguments' });
  });

  it('refuses a re that is not the id of an entity', () => {
    expect(refusal(() => decodeJsonBody({ action: 'A.b', re: 'x' })).code).toBe('E_BADREQUEST');
    expect(refusal(() => decodeJsonBody({ action: 'A.b', re: 1.5 })).code).toBe('E_BADREQUEST');
    expect(refusal(() => decodeJsonBody({ action: 'A.b', re: -2 })).code).toBe('E_BADREQUEST');
    // Number() would read these as 1, 0 and 0.
    expect(refusal(() => decodeJsonBody({ action: 'A.b', re: true })).code).toBe('E_BADREQUEST');
    expect(refusal(() => decodeJsonBody({ action: 'A.b', re: [] })).code).toBe('E_BADREQUEST');
    expect(refusal(() => decodeJsonBody({ action: 'A.b', re: { id: 1 } })).code).toBe('E_BADREQUEST');
  });
});
