// The data validation of an exported input cell: its type, bounds and message.
import { describe, expect, it } from 'vitest';
import { ValidationBook } from './cell-validations.js';

describe('the validation of an exported input cell', () => {
  it('checks digits by the cell’s precision and scale, with the entry grid’s message', () => {
    const book = new ValidationBook();
    expect(book.of({ editor: 'numeric', precision: 5 }, null)).toMatchObject({ type: 'whole', operator: 'between', formulae: ['-99999', '99999'], error: 'Enter a whole number, such as 1,234.', errorStyle: 'stop', allowBlank: true });
    expect(book.of({ editor: 'numeric', precision: 5, scale: 2 }, null)).toMatchObject({ type: 'decimal', formulae: ['-999.99', '999.99'], error: 'Enter a number, such as 1,234.56.' });
    expect(book.of({ editor: 'currency' }, null)).toMatchObject({ type: 'decimal', formulae: ['-99999999999999999.99', '99999999999999999.99'] });
  });

  it('gives the cell’s own validation message and its label as the prompt, cut to Excel’s limits', () => {
    const book = new ValidationBook();
    const v = book.of({ editor: 'text', validationmsg: 'Name the auditor.', label_map: 'Auditor' }, null);
    expect(v).toMatchObject({ type: 'textLength', operator: 'lessThanOrEqual', formulae: [4000], error: 'Name the auditor.', prompt: 'Auditor', showInputMessage: true });
    const long = book.of({ editor: 'date', validationmsg: 'x'.repeat(300) }, null)!;
    expect([...long.error!].length).toBe(225);
    expect(long.error!.endsWith('…')).toBe(true);
  });

  it('gives cells whose validations read the same one object, and a dropdown without entries none', () => {
    const book = new ValidationBook();
    expect(book.of({ editor: 'numeric' }, null)).toBe(book.of({ editor: 'numeric', precision: 19, scale: 0 }, null));
    expect(book.of({ editor: 'dropdown', listgroup: 3 }, '"a,b"')).toMatchObject({ type: 'list', formulae: ['"a,b"'], error: 'Choose one of the listed values.' });
    expect(book.of({ editor: 'dropdown', listgroup: 3 }, null)).toBeNull();
    expect(book.of({ editor: 'formula', formula: '=1' }, null)).toBeNull();
  });
});
