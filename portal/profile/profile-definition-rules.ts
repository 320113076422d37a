// What a saved profile definition must be (docs/re-profile.md "Tabs as metadata"): a tab's rule
// (`show`) names only facts the rules know, with values of the right shape; a list tab names a
// list and a form tab a form; a regulator-only tab names no screen for entity users. A business
// information rule names a field of the entity record and existing sectors. A bad definition is
// refused with E_VALIDATION and a sentence naming the field, before anything is stored.
import type { ModuleHooks, Row } from '../../engine/metadata/module-hooks.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { AppError } from '../../engine/errors/catalogue.js';
import { TAB_KIND } from './profile-tabs.js';
import { sectorIds } from '../re/business-info-fields.js';

/** Facts compared with a list of ids; `not…` the reverse. */
const ID_FACTS = ['sector', 'notSector', 'branchtype', 'notBranchtype', 'licensetype', 'notLicensetype', 'insurancetype', 'notInsurancetype', 'category'] as const;
const FACTS = [...ID_FACTS, 'parameter'];

function refuse(field: string, label: string, why: string): never {
  throw new AppError('E_VALIDATION', `${label}: ${why}`, { [field]: why });
}

const isWhole = (v: unknown) => typeof v === 'number' && Number.isInteger(v);

/** The first problem of a tab's rule, in words; undefined when it is sound. */
export function showProblem(raw: unknown, parameterExists: (code: string) => boolean): string | undefined {
  let value: unknown = raw;
  if (typeof raw === 'string') {
    try {
      value = JSON.parse(raw);
    } catch {
      return 'must be JSON: a list of alternatives such as [{"sector": [1]}]';
    }
  }
  if (!Array.isArray(value)) return 'must be a list of alternatives such as [{"sector": [1]}]; leave it empty to show the tab to every entity';
  if (!value.length) return 'lists no alternative, so the tab would never show; leave it empty to show the tab to every entity';
  for (const [i, alt] of value.entries()) {
    const at = `alternative ${i + 1}`;
    if (!alt || typeof alt !== 'object' || Array.isArray(alt)) return `${at} must be a set of facts such as {"sector": [1]}`;
    const entries = Object.entries(alt as Record<string, unknown>);
    if (!entries.length) return `${at} names no fact`;
    for (const [fact, v] of entries) {
      if (!FACTS.includes(fact)) return `${at}: ${fact} is not a fact a rule can test (${FACTS.join(', ')})`;
      if (fact === 'parameter') {
        if (!v || typeof v !== 'object' || Array.isArray(v) || !Object.keys(v).length) return `${at}: parameter must name parameters and the value each must have, such as {"mida.visible": "1"}`;
        for (const [code, want] of Object.entries(v as Record<string, unknown>)) {
          if (typeof want !== 'string') return `${at}: the value of parameter ${code} must be text, such as "1"`;
          if (!parameterExists(code)) return `${at}: there is no parameter ${code}`;
        }
      } else if (!Array.isArray(v) || !v.length || !v.every(isWhole)) {
        return `${at}: ${fact} must be a list of whole numbers, such as [1, 2]`;
      }
    }
  }
  return undefined;
}

const given = (row: Row, stored: Row | null, column: string) => (column in row ? row[column] : stored?.[column]);
const empty = (v: unknown) => v === null || v === undefined || v === '';

export const profileTabHooks: ModuleHooks = {
  async beforeWrite(ctx: ActionContext, _module, stored, row) {
    if ('show' in row && !empty(row.show)) {
      const raw = row.show;
      const codes = new Set<string>();
      try {
        const parsed: unknown = typeof raw === 'string' ? JSON.parse(raw) : raw;
        for (const alt of Array.isArray(parsed) ? parsed : []) {
          const p = (alt as { parameter?: unknown } | null)?.parameter;
          if (p && typeof p === 'object') for (const c of Object.keys(p)) codes.add(c);
        }
      } catch {
        // showProblem says what is wrong with it.
      }
      const known = new Set(codes.size ? (await ctx.db('parameters').whereIn('code', [...codes]).pluck('code')).map(String) : []);
      const problem = showProblem(raw, (c) => known.has(c));
      if (problem) refuse('show', 'Shown when', problem);
    }
    const kind = Number(given(row, stored, 'kind'));
    const audience = given(row, stored, 'audience');
    const [reList, reForm, iruList, iruForm] = ['re_list', 're_form', 'iru_list', 'iru_form'].map((c) => given(row, stored, c));
    if (audience === 'iru' && (!empty(reList) || !empty(reForm))) {
      refuse(empty(reList) ? 're_form' : 're_list', empty(reList) ? "Entity users' form" : "Entity users' list", 'a tab shown to the regulator only has no screen for entity users; clear it or show the tab to all');
    }
    if (kind === TAB_KIND.list && empty(reList) && empty(iruList)) refuse('iru_list', "Regulator's list", 'a list tab needs the list it shows, for the regulator or for entity users');
    if (kind === TAB_KIND.form && empty(reForm) && empty(iruForm)) refuse('iru_form', "Regulator's form", 'a form tab needs the form it shows, for the regulator or for entity users');
    return [];
  },
};

export const businessInfoFieldHooks: ModuleHooks = {
  async beforeWrite(ctx: ActionContext, _module, stored, row) {
    if ('field' in row) {
      const name = String(row.field ?? '').trim();
      const re = ctx.services.modules.get('RE');
      const field = re?.fields.get(name);
      if (!field || field.system || !field.writable) refuse('field', 'Field', `${name || 'an empty name'} is not a field of the entity record that a save can change`);
      row.field = name;
    }
    if ('sectors' in row) {
      const ids = sectorIds(row.sectors);
      const bad = ids.find((s) => !/^[0-9]+$/.test(s));
      if (bad !== undefined) refuse('sectors', 'Also editable for sectors', `must be sector numbers separated by commas, such as 1, 3; "${bad}" is not a number`);
      const known = new Set((ids.length ? await ctx.db('sector').whereIn('id', ids.map(Number)).pluck('id') : []).map(String));
      const missing = ids.filter((s) => !known.has(String(Number(s))));
      if (missing.length) refuse('sectors', 'Also editable for sectors', `there is no sector ${missing.join(', ')}`);
      row.sectors = ids.length ? [...new Set(ids.map(Number))].sort((a, b) => a - b).join(', ') : null;
    }
    void stored;
    return [];
  },
};
