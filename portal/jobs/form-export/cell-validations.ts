// The data validation of an exported input cell (docs/excel.md, the workbook contract): its type
// as Excel checks it while a user types — whole number (numeric without decimals), decimal
// (numeric with a scale, currency) between the cell's digit limits, date (01-01-1900 to
// 31-12-9999), time, list (dropdowns: the list group's active entries), text length (at most
// 4,000 characters) — with a stop message: the cell's own validation message where the template
// has one, else the message the entry grid gives for a value of the wrong type (parseCellValue,
// so the two never drift apart). The cell's label is its input prompt. A guard for the user, not
// the check: the import parses every value again exactly as Form.saveData does.
import type ExcelJS from 'exceljs';
import { MAX_TEXT, parseCellValue } from '../../filing/cell-values.js';
import { CURRENCY_SCALE } from '../../filing/normalise.js';
import { MAX_PRECISION } from '../../filing/template-limits.js';
import type { Cell } from '../../filing/template-schema.js';

/** exceljs writes any OOXML type; its typings leave out `time`. */
export type InputValidation = Omit<ExcelJS.DataValidation, 'type'> & { type: ExcelJS.DataValidation['type'] | 'time' };

// Excel's limits on the texts of a validation.
const TITLE_MAX = 32;
const ERROR_MAX = 225;
const PROMPT_MAX = 255;

const FIRST_DATE = new Date(Date.UTC(1900, 0, 1));
const LAST_DATE = new Date(Date.UTC(9999, 11, 31));
const LAST_TIME = String((86_400 - 1) / 86_400);

function cut(text: string, max: number): string {
  const chars = [...text];
  return chars.length <= max ? text : `${chars.slice(0, max - 1).join('')}…`;
}

/** The message parseCellValue gives for `wrong` in this cell: what the entry grid says. */
function gridMessage(cell: Cell, wrong: string): string {
  const r = parseCellValue(cell, wrong, { listValues: () => [] });
  return r.ok ? '' : r.message;
}

/** The largest magnitude the cell holds: `precision − scale` nines, then `scale` nines after the point. */
function limit(cell: Cell): string {
  const precision = cell.editor === 'currency' ? MAX_PRECISION : (cell.precision ?? MAX_PRECISION);
  const scale = cell.editor === 'currency' ? CURRENCY_SCALE : (cell.scale ?? 0);
  const whole = '9'.repeat(Math.max(0, precision - scale)) || '0';
  return scale > 0 ? `${whole}.${'9'.repeat(Math.min(scale, 30))}` : whole;
}

type TypeRule = Pick<InputValidation, 'type' | 'operator' | 'formulae'> & { title: string; message: string };

function typeRule(cell: Cell, list: string | null): TypeRule | null {
  switch (cell.editor) {
    case 'numeric':
    case 'currency': {
      const whole = cell.editor === 'numeric' && !(cell.scale ?? 0);
      const max = limit(cell);
      return { type: whole ? 'whole' : 'decimal', operator: 'between', formulae: [`-${max}`, max], title: whole ? 'Whole number' : 'Number', message: gridMessage(cell, 'x') };
    }
    case 'date':
      return { type: 'date', operator: 'between', formulae: [FIRST_DATE, LAST_DATE], title: 'Date', message: gridMessage(cell, 'x') };
    case 'time':
      return { type: 'time', operator: 'between', formulae: ['0', LAST_TIME], title: 'Time', message: gridMessage(cell, 'x') };
    case 'text':
      return { type: 'textLength', operator: 'lessThanOrEqual', formulae: [MAX_TEXT], title: 'Text too long', message: gridMessage(cell, 'x'.repeat(MAX_TEXT + 1)) };
    case 'dropdown':
      return list ? { type: 'list', formulae: [list], title: 'Not in the list', message: gridMessage(cell, 'x') } : null;
    default:
      return null;
  }
}

/**
 * The cell's label for its input prompt: the template's label, else its `id`. Not the label a
 * message derives from the row and column (cell-labels.ts): that gives every cell a prompt, and
 * so a rule, of its own (18,500 rules on a large form instead of 20).
 */
function cellLabel(cell: Cell): string | undefined {
  const label = (cell.label_map || cell.id || '').trim();
  return label || undefined;
}

/**
 * The validations of a workbook's input cells, one object per distinct validation: cells that
 * share one share the object, so the writer can group them into ranges by identity.
 */
export class ValidationBook {
  private readonly made = new Map<string, InputValidation | null>();
  /** By content: two cells whose validations read the same get the same object. */
  private readonly same = new Map<string, InputValidation>();

  /** The validation of an input cell (`list`: its dropdown's list formula), or null (a formula, a label, a dropdown without entries). */
  of(cell: Cell, list: string | null): InputValidation | null {
    const label = cellLabel(cell);
    const key = [cell.editor, cell.editor === 'numeric' ? `${cell.precision ?? ''}/${cell.scale ?? ''}` : '', list ?? '', cell.validationmsg ?? '', label ?? ''].join('\u0000');
    let v = this.made.get(key);
    if (v === undefined) {
      const rule = typeRule(cell, list);
      v = rule && {
        type: rule.type,
        ...(rule.operator ? { operator: rule.operator } : {}),
        formulae: rule.formulae,
        allowBlank: true,
        showErrorMessage: true,
        errorStyle: 'stop',
        errorTitle: cut(rule.title, TITLE_MAX),
        error: cut(cell.validationmsg?.trim() || rule.message, ERROR_MAX),
        ...(label ? { showInputMessage: true, prompt: cut(label, PROMPT_MAX) } : {}),
      };
      if (v) {
        const content = JSON.stringify(v);
        v = this.same.get(content) ?? v;
        this.same.set(content, v);
      }
      this.made.set(key, v);
    }
    return v;
  }
}
