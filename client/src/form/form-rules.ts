// The custom field rules of seed 000 §5 (attributes.validation), with their messages verbatim.
// Pure: the form's values in, field → message out. A rule only speaks when its field has a
// value; an empty field is the required check's business.
import type { FieldRule } from '../../../engine/metadata/screen-schemas.js';
import { compareWire } from './dates';
import type { FormModel, FormValues } from './form-schema';

export interface RuleContext {
  /** The sector of the current entity, for allowchairman when the form has no sector field. */
  sector: number | null;
}

/** Sectors whose boards the chairman rule applies to, the designation it concerns and the value it needs (seed 000 §5, §9). */
export const CHAIRMAN_RULE = { sectors: [1, 2], designation: 1379, value: 312 } as const;

const empty = (v: unknown) => v === undefined || v === null || v === '';
const same = (a: unknown, b: unknown) => !empty(a) && !empty(b) && String(a) === String(b);

function labelIn(model: FormModel, name: string): string {
  return model.fields.find((f) => f.name === name)?.label ?? name;
}

/** The message of one rule for `value`, or null when it holds. */
export function checkRule(rule: FieldRule, value: unknown, data: FormValues, model: FormModel, ctx: RuleContext): string | null {
  if (empty(value)) return null;
  switch (rule.rule) {
    case 'different':
      return same(value, data[rule.field]) ? `Cannot be the same as ${labelIn(model, rule.field)}.` : null;
    case 'differentByFieldName': {
      const clash = rule.fields.find((f) => same(value, data[f]));
      return clash ? `Cannot be the same as ${labelIn(model, clash)}.` : null;
    }
    case 'beforeDate': {
      const c = compareWire(value, data[rule.field]);
      return c !== null && c >= 0 ? `Must be less than ${labelIn(model, rule.field)}.` : null;
    }
    case 'afterDate': {
      const c = compareWire(value, data[rule.field]);
      return c !== null && c <= 0 ? `Must be greater than ${labelIn(model, rule.field)}.` : null;
    }
    case 'notBeforeDate': {
      const c = compareWire(value, data[rule.field]);
      return c !== null && c < 0 ? `Cannot be before ${labelIn(model, rule.field)}.` : null;
    }
    case 'allowchairman': {
      const sector = rule.sector ? data[rule.sector] : ctx.sector;
      const applies = (CHAIRMAN_RULE.sectors as readonly number[]).includes(Number(sector)) && Number(data[rule.designation]) === CHAIRMAN_RULE.designation;
      return applies && Number(value) !== CHAIRMAN_RULE.value ? 'Cannot be Chairman when designation is Non-Executive Director.' : null;
    }
  }
}

/** Every field's first failing rule. */
export function ruleErrors(model: FormModel, data: FormValues, ctx: RuleContext): Record<string, string> {
  const out: Record<string, string> = {};
  for (const f of model.fields) {
    for (const rule of f.rules) {
      const message = checkRule(rule, data[f.name], data, model, ctx);
      if (message) {
        out[f.name] = message;
        break;
      }
    }
  }
  return out;
}
