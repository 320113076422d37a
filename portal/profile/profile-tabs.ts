// The Reporting Entity Profile's tabs and who sees which (seed 001 §2.5, §6; docs/re-profile.md).
// The tabs are metadata rows (module ProfileTab, table profiletab) an administrator edits; this file
// reads them (cached per change version of the table, so an edit shows on the next request), gathers
// the facts of one entity (sector, branch type, licence type, categories, the parameters the rules
// name, the lists that exist) and decides, on the server, the tabs a caller of one login type is shown.
import type { Knex } from 'knex';
import { Type, type Static } from '@sinclair/typebox';
import type { ActionContext } from '../../engine/runtime/context.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules('Reads the facts that decide an entity\'s profile tabs after the caller reached the entity (RE.getProfileTabs through RE\'s rows, the tab gate for the current entity)');

type Db = Knex | Knex.Transaction;

/** Tab kinds of seed 001 §2.5. */
export const TAB_KIND = { list: 1, form: 2, office: 3, mida: 4 } as const;
/** Profile tab 39 is Details of Office (seed 000 §9). */
export const OFFICE_TAB = 39;

const Ids = Type.Array(Type.Integer());
const Facts = Type.Object(
  {
    sector: Type.Optional(Ids),
    notSector: Type.Optional(Ids),
    branchtype: Type.Optional(Ids),
    notBranchtype: Type.Optional(Ids),
    licensetype: Type.Optional(Ids),
    notLicensetype: Type.Optional(Ids),
    insurancetype: Type.Optional(Ids),
    notInsurancetype: Type.Optional(Ids),
    /** Parameters (by code) whose value0 must be the given text. */
    parameter: Type.Optional(Type.Record(Type.String(), Type.String())),
    /** At least one of these categories (RE_RECategory). */
    category: Type.Optional(Ids),
  },
  { additionalProperties: false },
);
const Screen = Type.Object({ list: Type.Optional(Type.Integer({ minimum: 1 })), form: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false });
const TabDef = Type.Object(
  {
    id: Type.Integer({ minimum: 1 }),
    title: Type.String({ minLength: 1 }),
    kind: Type.Union([Type.Literal(1), Type.Literal(2), Type.Literal(3), Type.Literal(4)]),
    audience: Type.Union([Type.Literal('all'), Type.Literal('iru')]),
    re: Type.Optional(Screen),
    iru: Type.Optional(Screen),
    show: Type.Optional(Type.Array(Facts, { minItems: 1 })),
  },
  { additionalProperties: false },
);
const TabsFile = Type.Object(
  { $comment: Type.Optional(Type.String()), branchTypeValues: Type.Record(Type.String(), Type.Integer()), tabs: Type.Array(TabDef) },
  { additionalProperties: false },
);
export type TabDef = Static<typeof TabDef>;
export type TabsFile = Static<typeof TabsFile>;
/** The schemas of one alternative of a tab's rule and of the shipped file the seeds read. */
export { Facts as TabFactsSchema, TabsFile as TabsFileSchema };
export type TabFacts = Static<typeof Facts>;

/** The entity's branch type letter as the seed's `branchtype_value0` the rules compare (A 1, B 2, C 3, D 4). */
export const BRANCH_TYPE_VALUES: Record<string, number> = { A: 1, B: 2, C: 3, D: 4 };

export const PROFILE_TAB_TABLE = 'profiletab';

const parseJson = (v: unknown): unknown => {
  if (typeof v !== 'string') return v ?? undefined;
  try {
    return JSON.parse(v);
  } catch {
    return undefined;
  }
};
const id = (v: unknown): number | undefined => (v === null || v === undefined || v === '' ? undefined : Number(v));

/** One stored row as the tab definition the rules read. */
export function tabOfRow(r: Record<string, unknown>): TabDef {
  const screen = (list: unknown, form: unknown) => (id(list) === undefined && id(form) === undefined ? undefined : { ...(id(list) !== undefined ? { list: id(list) } : {}), ...(id(form) !== undefined ? { form: id(form) } : {}) });
  const show = parseJson(r.show);
  // The office details and MIDA tabs need no screen of their own: every login type the tab is for has one.
  const own = Number(r.kind) === TAB_KIND.office || Number(r.kind) === TAB_KIND.mida ? {} : undefined;
  const re = screen(r.re_list, r.re_form) ?? (r.audience === 'iru' ? undefined : own);
  const iru = screen(r.iru_list, r.iru_form) ?? own;
  return {
    id: Number(r.id),
    title: String(r.title),
    kind: Number(r.kind) as TabDef['kind'],
    audience: r.audience === 'iru' ? 'iru' : 'all',
    ...(re ? { re } : {}),
    ...(iru ? { iru } : {}),
    ...(Array.isArray(show) && show.length ? { show: show as TabFacts[] } : {}),
  };
}

// Per database (a process may serve more than one: the tests run both dialects side by side).
const cache = new WeakMap<object, { key: string; file: TabsFile }>();

/** The tab definitions in their order, as stored now (read again whenever the table changed). */
export async function profileTabs(ctx: ActionContext): Promise<TabsFile> {
  const key = await ctx.versions.key([PROFILE_TAB_TABLE]);
  const cached = cache.get(ctx.services.db);
  if (cached?.key === key) return cached.file;
  const rows: Record<string, unknown>[] = await ctx.db(PROFILE_TAB_TABLE).orderBy([{ column: 'sortorder' }, { column: 'id' }]).select('id', 'title', 'kind', 'audience', 're_list', 're_form', 'iru_list', 'iru_form', 'show');
  const file: TabsFile = { branchTypeValues: BRANCH_TYPE_VALUES, tabs: rows.map(tabOfRow) };
  cache.set(ctx.services.db, { key, file });
  return file;
}

/** What the rules of one entity read. */
export interface EntityFacts {
  sector: number | null;
  branchtype: number | null;
  licensetype: number | null;
  insurancetype: number | null;
  categories: Set<number>;
  parameters: Map<string, string | null>;
  /** WebList ids that exist. */
  lists: Set<number>;
}

export type Audience = 'iru' | 're';

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' || !Number.isFinite(Number(v)) ? null : Number(v));

function holds(f: TabFacts, e: EntityFacts): boolean {
  const among = (v: number | null, ids: number[] | undefined) => ids === undefined || (v !== null && ids.includes(v));
  const outside = (v: number | null, ids: number[] | undefined) => ids === undefined || v === null || !ids.includes(v);
  if (!among(e.sector, f.sector) || !outside(e.sector, f.notSector)) return false;
  if (!among(e.branchtype, f.branchtype) || !outside(e.branchtype, f.notBranchtype)) return false;
  if (!among(e.licensetype, f.licensetype) || !outside(e.licensetype, f.notLicensetype)) return false;
  if (!among(e.insurancetype, f.insurancetype) || !outside(e.insurancetype, f.notInsurancetype)) return false;
  if (f.category && !f.category.some((c) => e.categories.has(c))) return false;
  for (const [code, value] of Object.entries(f.parameter ?? {})) if ((e.parameters.get(code) ?? null) !== value) return false;
  return true;
}

/** The screen a login type is shown for a tab (undefined: that login type has none). */
export function tabScreen(tab: TabDef, audience: Audience): { list?: number; form?: number } | undefined {
  return audience === 'iru' ? tab.iru : tab.re;
}

/** The tabs shown to `audience` for an entity with these facts, in their order (a pure decision). */
export function visibleTabs(file: TabsFile, audience: Audience, e: EntityFacts): TabDef[] {
  return file.tabs.filter((tab) => {
    if (tab.audience === 'iru' && audience !== 'iru') return false;
    const screen = tabScreen(tab, audience);
    if (!screen) return false;
    // A list tab needs its list; the office details fall back to the entity's offices (RE.getDetailsOfOffice).
    if (tab.kind === TAB_KIND.list && (screen.list === undefined || !e.lists.has(screen.list))) return false;
    if (tab.kind === TAB_KIND.form && screen.form === undefined) return false;
    return !tab.show || tab.show.some((f) => holds(f, e));
  });
}

/** Reads the facts of entity `re` (null when there is no such entity). */
export async function entityFacts(db: Db, re: number, file: TabsFile): Promise<EntityFacts | null> {
  const row = await db('re').where({ id: re }).first('sector', 'branchtype', 'licensetype', 'insurancetype');
  if (!row) return null;
  const codes = [...new Set(file.tabs.flatMap((t) => (t.show ?? []).flatMap((f) => Object.keys(f.parameter ?? {}))))];
  const lists = [...new Set(file.tabs.flatMap((t) => [t.re?.list, t.iru?.list]).filter((l): l is number => l !== undefined))];
  const [categories, parameters, existing] = await Promise.all([
    db('re_recategory').where({ link_fk_re: re }).pluck('link_fk_recategory'),
    codes.length ? db('parameters').whereIn('code', codes).select('code', 'value0') : Promise.resolve([]),
    lists.length ? db('weblist').whereIn('id', lists).pluck('id') : Promise.resolve([]),
  ]);
  const branch = row.branchtype === null || row.branchtype === undefined ? null : (file.branchTypeValues[String(row.branchtype)] ?? num(row.branchtype));
  return {
    sector: num(row.sector),
    branchtype: branch,
    licensetype: num(row.licensetype),
    insurancetype: num(row.insurancetype),
    categories: new Set(categories.map(Number)),
    parameters: new Map((parameters as { code: string; value0: unknown }[]).map((p) => [String(p.code), p.value0 === null ? null : String(p.value0).trim()])),
    lists: new Set(existing.map(Number)),
  };
}
