// Which rule of the regulator's Import Allow list decides whether an entity may import a
// template's forms on a day (docs/excel.md "Who may import"), as pure functions of the rules. No
// rule in force: allowed. Otherwise the most specific rule in force wins: one naming the entity
// over one naming its sector over one for every entity, and within each, one naming the template
// over one for every template; two equally specific rules in force on the same day: a refusal wins.
import { addDays } from '../../filing/period-dates.js';

export interface AllowRule {
  id: number;
  re: number | null;
  sector: number | null;
  formtemplate: number | null;
  allowed: boolean;
  /** YYYY-MM-DD, inclusive; null: open. */
  validfrom: string | null;
  validto: string | null;
}

export interface AllowEntity {
  id: number;
  sector: number | null;
}

/** Whether the rule holds on `day` (YYYY-MM-DD): both ends included. */
export function inForce(rule: AllowRule, day: string): boolean {
  return (rule.validfrom === null || rule.validfrom <= day) && (rule.validto === null || day <= rule.validto);
}

/** Whether the rule concerns this entity and template at all. */
export function concerns(rule: AllowRule, entity: AllowEntity, template: number): boolean {
  const who = rule.re !== null ? rule.re === entity.id : rule.sector === null || rule.sector === entity.sector;
  return who && (rule.formtemplate === null || rule.formtemplate === template);
}

/** Entity 4, sector 2, every entity 0; plus 1 for naming the template: the larger wins. */
export function specificity(rule: AllowRule): number {
  return (rule.re !== null ? 4 : rule.sector !== null ? 2 : 0) + (rule.formtemplate !== null ? 1 : 0);
}

/** The rule that decides on `day`, or null (no rule in force: allowed). */
export function decidingRule(rules: readonly AllowRule[], entity: AllowEntity, template: number, day: string): AllowRule | null {
  let best: AllowRule | null = null;
  for (const r of rules) {
    if (!concerns(r, entity, template) || !inForce(r, day)) continue;
    if (!best || specificity(r) > specificity(best) || (specificity(r) === specificity(best) && best.allowed && !r.allowed)) best = r;
  }
  return best;
}

export type Decision = { allowed: true } | { allowed: false; rule: AllowRule; until: string | null };

/**
 * Allowed, or refused by a rule with `until`: the first later day on which import is allowed
 * again (a rule ending, or another starting), null when no rule in the list ends the refusal.
 */
export function decide(rules: readonly AllowRule[], entity: AllowEntity, template: number, day: string): Decision {
  const rule = decidingRule(rules, entity, template, day);
  if (!rule || rule.allowed) return { allowed: true };
  // The decision can change only where a rule starts or the day after one ends.
  const changes = new Set<string>();
  for (const r of rules) {
    if (!concerns(r, entity, template)) continue;
    if (r.validfrom !== null && r.validfrom > day) changes.add(r.validfrom);
    if (r.validto !== null && r.validto >= day) changes.add(addDays(r.validto, 1));
  }
  for (const d of [...changes].sort()) {
    const next = decidingRule(rules, entity, template, d);
    if (!next || next.allowed) return { allowed: false, rule, until: d };
  }
  return { allowed: false, rule, until: null };
}
