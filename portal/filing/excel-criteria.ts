// The criteria of COUNTIF, COUNTIFS, SUMIF, SUMIFS, AVERAGEIF, MAXIFS and MINIFS as Excel reads
// them (excel-functions.ts computes those functions with them). HyperFormula refused a criterion
// comparing text by order (">"&A1 with text in A1 gave #VALUE!); Excel compares text cells
// alphabetically, case-insensitively. Otherwise the rules are Excel's and HyperFormula's alike:
//   5, "5", "=5"    cells equal to 5 (numbers, and text that reads as 5)
//   ">5", "<>5"…    numbers compared with 5 ("<>5" also takes text and empty cells)
//   "abc", "<>abc"  text equal (or not) to abc, in any case; * and ? are wildcards, ~ escapes them
//   ">abc"…         text after abc in alphabetical order, in any case; numbers never
//   "=", "<>"       empty cells, or cells that are not empty
//   TRUE, "FALSE"   the boolean
import { excelShown } from './decimal-rounding.js';

/** A cell's value as a criterion sees it: null for an empty cell. */
export type CriterionValue = number | string | boolean | null | { error: string };

export type Matcher = (v: CriterionValue) => boolean;

const OPERATOR = /^(<=|>=|<>|<|>|=)?([\s\S]*)$/;

function wildcardPattern(text: string): RegExp {
  let source = '';
  for (let i = 0; i < text.length; i++) {
    const c = text[i];
    if (c === '~' && i + 1 < text.length && '*?~'.includes(text[i + 1])) source += `\\${text[++i]}`;
    else if (c === '*') source += '[\\s\\S]*';
    else if (c === '?') source += '[\\s\\S]';
    else source += c.replace(/[.+^${}()|[\]\\*?]/g, '\\$&');
  }
  return new RegExp(`^${source}$`, 'iu');
}

const collator = new Intl.Collator('en', { sensitivity: 'accent' });

function compare(op: string, order: number): boolean {
  switch (op) {
    case '<':
      return order < 0;
    case '<=':
      return order <= 0;
    case '>':
      return order > 0;
    case '>=':
      return order >= 0;
    case '<>':
      return order !== 0;
    default:
      return order === 0;
  }
}

/**
 * The matcher of a criterion. `toNumber` reads text as a number the way the formula engine does
 * ("10%", a date) or answers undefined.
 */
export function criterionMatcher(criterion: number | string | boolean, toNumber: (text: string) => number | undefined): Matcher {
  if (typeof criterion === 'boolean') return (v) => v === criterion;
  const [, op = '=', operand] = typeof criterion === 'number' ? [criterion, '=', String(criterion)] : OPERATOR.exec(criterion)!;
  const number = typeof criterion === 'number' ? criterion : operand.trim() === '' ? undefined : toNumber(operand);
  const negate = op === '<>';
  if (operand === '') return negate ? (v) => v !== null && v !== '' : op === '=' ? (v) => v === null || v === '' : () => false;
  if (number !== undefined) {
    if (op === '=' || op === '<>') {
      const shown = excelShown(number);
      const equal = (v: CriterionValue) => {
        const n = typeof v === 'number' ? v : typeof v === 'string' && v.trim() !== '' ? toNumber(v) : undefined;
        return n !== undefined && excelShown(n) === shown;
      };
      return negate ? (v) => !equal(v) : equal;
    }
    const shown = excelShown(number);
    return (v) => typeof v === 'number' && compare(op, excelShown(v) - shown);
  }
  const upper = operand.toUpperCase();
  if ((upper === 'TRUE' || upper === 'FALSE') && (op === '=' || op === '<>')) {
    const b = upper === 'TRUE';
    return negate ? (v) => v !== b : (v) => v === b;
  }
  if (op === '=' || op === '<>') {
    const pattern = wildcardPattern(operand);
    const equal = (v: CriterionValue) => typeof v === 'string' && pattern.test(v);
    return negate ? (v) => !equal(v) : equal;
  }
  return (v) => typeof v === 'string' && compare(op, collator.compare(v, operand));
}
