// The scale benchmark's data (docs/benchmarks.md "Ten years of history"): a regulator's history
// written in bulk, straight into the tables, by a deterministic seed. Starts from a database the
// portal's own migrations and seeds (demo: false) made, adds two templates made like the demo's
// (checked and completed by template-check.ts, published as version 1): a monthly return of 500
// cells (25 prev() checks) and a quarterly one of 2,000, then for every entity and every month
// and quarter of the years asked a batch and its form, filled, sent for verification, verified,
// submitted and accepted once; one form in ten returned for amendment (a query raised first),
// one cell corrected and the form resubmitted and accepted again.
//
// Every row is what the portal itself writes on that path: the batch and form rows of
// period-open.ts, the cells of form-save.ts, one formrevision per save and per move
// (form-revisions.ts), state_history and record_audit rows as the record engine writes them
// (the create's audit by the engine's own auditJson), the batch's counters and state as
// followBatch and the counters leave them, the accepted values, feed and counter of
// accepted-values.ts (formulas computed and stored as the cell's scale gives them, as
// Form.getData shows them: generate.test.ts holds the extract to Form.getData), and the
// queries of the Query module. Writes bypass the record engine, so the tables' change versions
// are bumped at the end (docs/engine.md "Change versions").
//
// Not yet written (continue here): the ST_ extract tables (extract-tables.ts), the mail a return
// sends (return-mail.ts), query messages.
import type { Knex } from 'knex';
import type { Dialect } from '../../../engine/db/connect.js';
import type { ModuleRegistry } from '../../../engine/metadata/module-registry.js';
import { auditJson } from '../../../engine/records/audit-values.js';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import { checkTemplate } from '../../../portal/filing/template-check.js';
import { cellCode } from '../../../portal/filing/cell-codes.js';
import { columnLetter } from '../../../portal/filing/template-grid.js';
import { largeTemplate } from '../../../portal/testing/large-template.js';
import type { Cell, FormProperties } from '../../../portal/filing/template-schema.js';
import { storedResult } from '../../../portal/filing/cell-values.js';
import { ROLES } from '../../../portal/seeds/access.js';
import { FormLayout } from '../../../portal/filing/form-layout.js';
import { ruleCellLabel } from '../../../portal/variance/variance-rules.js';
import { performance } from 'node:perf_hooks';
import { pino } from 'pino';
import { createTestDatabase, mariadbReachable, type TestDatabase } from '../../../engine/testing/test-database.js';
import { runSeeds } from '../../../portal/seeds/index.js';
import { loadConfig } from '../../../fastify.config.js';
import { buildEngine, type Engine } from '../../../engine/server/app.js';
import { portal } from '../../../portal/app.js';
import { isScript } from '../../is-script.js';
import { createSession, SESSION_COOKIE } from '../../../engine/identity/session-store.js';
import { decodeXml, type EnvelopeValue } from '../../../engine/protocol/envelope.js';

/** The knob: entities × years. Full: 300 entities, 10 years. */
export interface ScaleOptions {
  entities: number;
  years: number;
  seed: number;
  /** The last month of history (the periods end before it); fixed so runs compare. */
  lastYear?: number;
}

export const FULL: ScaleOptions = { entities: 300, years: 10, seed: 1 };

/** Calendars (list group 80) and states (portal/filing/form-states.ts). */
const CALENDAR = { monthly: 277, quarterly: 278 } as const;
const F = { open: 13, pending: 78, ready: 55, submitted: 56, accepted: 45, amendment: 74 } as const;
const B = { open: 13, completed: 71, amendment: 74 } as const;
const QUERY_CLOSED = 8;

/** The two templates: [code, title, item code, tabs, calendar, due days]. 25 rows × 20 cells a tab. */
export const SCALE_TEMPLATES = [
  { code: 'SCL-M', name: 'Monthly Return', item: 'SCLM', tabs: 1, calendar: CALENDAR.monthly, duedays: 15 },
  { code: 'SCL-Q', name: 'Quarterly Return', item: 'SCLQ', tabs: 4, calendar: CALENDAR.quarterly, duedays: 30 },
] as const;
const ROWS = 25;
const COLS = 21; // a label column and 20 cells: 19 inputs and the row's total
export const CELLS_PER_TAB = ROWS * (COLS - 1);
const PREV_CHECKS = 25;

/** Cells a form of each template holds: input cells stored in formcell. */
export const inputsPerTab = ROWS * (COLS - 2);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = MONTHS.map((m) => m.slice(0, 3));
const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const at = (d: Date, days: number, hour: number) => `${isoDate(new Date(d.getTime() + days * 86_400_000))} ${pad(hour)}:${pad((days * 7 + hour) % 60)}:00`;

/** A 32-bit mix of the seed and the numbers given: the same inputs, the same value, in any order. */
export function mix(seed: number, ...xs: number[]): number {
  // murmur3's finaliser after each number, so that small, close inputs spread over all 32 bits.
  const fmix = (v: number) => {
    v = Math.imul(v ^ (v >>> 16), 0x85ebca6b);
    v = Math.imul(v ^ (v >>> 13), 0xc2b2ae35);
    return (v ^ (v >>> 16)) >>> 0;
  };
  let h = fmix((seed ^ 0x9e3779b9) >>> 0);
  for (const x of xs) h = fmix((h + Math.imul(x >>> 0, 0x9e3779b1)) >>> 0);
  return h;
}

/** A template as the demo's are made: the large template's shape, with prev() checks on the monthly one. */
function templateProperties(t: (typeof SCALE_TEMPLATES)[number]): FormProperties {
  const base = largeTemplate({ item: t.item, tabs: t.tabs, rows: ROWS, cols: COLS, formulasPerTab: ROWS });
  const props: FormProperties = { ...base, id: t.code, title: t.name };
  if (t.calendar === CALENDAR.monthly) {
    props.tier2 = Array.from({ length: PREV_CHECKS }, (_, r) => {
      const own = cellCode(t.item, '01', r * (COLS - 1) + 1);
      return { formula: `=ABS(cell(${own})-prev(${own}))<=900`, message: `Line ${r + 1} moved by more than 900 since last period.` };
    });
  }
  return props;
}

interface TemplateCells {
  id: number;
  /** Input cells in template order: tab, address, code, row and column within the tab. */
  inputs: { tab: string; address: string; code: string; t: number; r: number; c: number }[];
  /** Every cell in template order (accepted values' ord): code, and input index or formula (tab, row) with its cell. */
  all: { code: string; input: number | null; t: number; r: number; formula?: Cell }[];
}

function templateCells(t: (typeof SCALE_TEMPLATES)[number], id: number, layout: FormLayout): TemplateCells {
  const inputs: TemplateCells['inputs'] = [];
  const all: TemplateCells['all'] = [];
  for (let tab = 0; tab < t.tabs; tab++) {
    const tabId = pad(tab + 1);
    for (let r = 0; r < ROWS; r++) {
      for (let c = 1; c < COLS; c++) {
        const code = cellCode(t.item, tabId, r * (COLS - 1) + c);
        if (c === COLS - 1) all.push({ code, input: null, t: tab, r, formula: layout.byCodeOf(code)!.place.cell });
        else {
          all.push({ code, input: inputs.length, t: tab, r });
          // Row 1 is the header; data rows start at row 2.
          inputs.push({ tab: tabId, address: `${columnLetter(c)}${r + 2}`, code, t: tab, r, c });
        }
      }
    }
  }
  return { id, inputs, all };
}

/** The value of input cell `i` of a form: whole numbers (the templates' scale is 2). */
export const cellValue = (seed: number, form: number, i: number) => String(mix(seed, form, i) % 1000);

/** A formula's result as the portal stores it: rounded to its cell's scale (8582 → "8582.00"). */
function resultText(cell: Cell, result: number): string {
  const stored = storedResult(cell, result);
  if (!stored.ok) throw new Error(`A row total of ${result} does not fit its cell`);
  return String(stored.value);
}

/** Row totals as the form's formulas compute them: the row's inputs plus the previous tab's total of the row. */
function totals(tc: TemplateCells, values: (i: number) => number): Map<string, number> {
  const out = new Map<string, number>();
  const byRow = new Map<string, number>();
  for (const [i, cell] of tc.inputs.entries()) byRow.set(`${cell.t}:${cell.r}`, (byRow.get(`${cell.t}:${cell.r}`) ?? 0) + values(i));
  const tabs = Math.max(...tc.inputs.map((c) => c.t)) + 1;
  for (let t = 0; t < tabs; t++) for (let r = 0; r < ROWS; r++) out.set(`${t}:${r}`, (byRow.get(`${t}:${r}`) ?? 0) + (t > 0 ? out.get(`${t - 1}:${r}`)! : 0));
  return out;
}

interface Period {
  end: Date;
  start: Date;
  label: string;
  month: string;
}

function periodsOf(quarterly: boolean, years: number, lastYear: number): Period[] {
  const out: Period[] = [];
  for (let y = lastYear - years + 1; y <= lastYear; y++) {
    for (let m = quarterly ? 2 : 0; m < 12; m += quarterly ? 3 : 1) {
      const end = new Date(Date.UTC(y, m + 1, 0));
      const start = new Date(Date.UTC(y, quarterly ? m - 2 : m, 1));
      out.push({ end, start, label: quarterly ? `Q${Math.floor(m / 3) + 1} ${y}` : `${MONTHS[m]} ${y}`, month: `${y}-${pad(m + 1)}` });
    }
  }
  return out;
}

const datedesc = (p: Period) => `${p.start.getUTCDate()} ${SHORT[p.start.getUTCMonth()]} ${p.start.getUTCFullYear()} - ${p.end.getUTCDate()} ${SHORT[p.end.getUTCMonth()]} ${p.end.getUTCFullYear()}`;

/** Whether a form is returned once for amendment (one in ten, by the seed). */
export const isReturned = (seed: number, form: number) => mix(seed, form, 0xa3) % 10 === 0;

/** A table or column name of this file's own (never data). */
const quoted = (name: string) => {
  if (!/^[A-Za-z_][A-Za-z0-9_]*$/.test(name)) throw new Error(`Not a plain name: ${name}`);
  return `\`${name}\``;
};
/** Booleans as the dialects store them. */
const bound = (v: unknown): Knex.Value => (typeof v === 'boolean' ? (v ? 1 : 0) : ((v ?? null) as Knex.Value));

/** Rows a multi-row insert may carry: SQLite binds at most 32,766 values a statement. */
class Writer {
  private pending = new Map<string, Record<string, unknown>[]>();
  readonly counts: Record<string, number> = {};
  constructor(private db: Knex | Knex.Transaction, private dialect: Dialect) {}
  async add(table: string, row: Record<string, unknown>): Promise<void> {
    let list = this.pending.get(table);
    if (!list) this.pending.set(table, (list = []));
    list.push(row);
    this.counts[table] = (this.counts[table] ?? 0) + 1;
    const per = Math.floor((this.dialect === 'sqlite' ? 30_000 : 60_000) / Object.keys(row).length);
    // Everything pending goes, in the order the tables were first written: parents before the rows that point at them.
    if (list.length >= Math.min(per, 5000)) await this.flush();
  }
  async flush(table?: string): Promise<void> {
    for (const name of table ? [table] : [...this.pending.keys()]) {
      const rows = this.pending.get(name)!;
      if (!rows.length) continue;
      // A multi-row VALUES list (knex writes SQLite's as a compound SELECT, at most 500 terms).
      const columns = Object.keys(rows[0]);
      const tuple = `(${columns.map(() => '?').join(',')})`;
      const sql = `insert into ${quoted(name)} (${columns.map(quoted).join(',')}) values ${rows.map(() => tuple).join(',')}`;
      await this.db.raw(sql, rows.flatMap((r) => columns.map((c) => bound(r[c]))));
      this.pending.set(name, []);
    }
  }
}

export interface GenerateResult {
  counts: Record<string, number>;
  forms: number;
  cells: number;
  returned: number;
  /** The users the measurements call as. */
  users: { iru: number; preparer: number; approver: number };
  templates: { monthly: number; quarterly: number };
}

async function nextId(db: Knex | Knex.Transaction, table: string): Promise<number> {
  const row = await db(table).max({ m: 'id' }).first();
  return Number(row?.m ?? 0) + 1;
}

/**
 * Writes the history. `modules`: the engine's (the create's audit values are computed by the
 * engine's auditJson from them). Answers the rows written per table.
 */
export async function generateScale(db: Knex, dialect: Dialect, modules: ModuleRegistry, opts: ScaleOptions): Promise<GenerateResult> {
  const { seed, entities, years } = opts;
  const lastYear = opts.lastYear ?? 2025;
  const createon = `${lastYear - years}-12-01 08:00:00`;
  const formModule = modules.get('Form')!;
  const batchModule = modules.get('FormBatch')!;
  return db.transaction(async (trx) => {
    const w = new Writer(trx, dialect);
    // Reference rows: two sectors (monthly and quarterly filers are the same entities; the sector
    // only labels them), the entities, and the three people the history is written by.
    const sectorId = await nextId(trx, 'sector');
    await trx('sector').insert([{ id: sectorId, name: 'Banking', code: 'BNK', state: 33, MainSector_Ind: true, createon }]);
    const firstRe = await nextId(trx, 're');
    for (let e = 0; e < entities; e++) {
      const id = firstRe + e;
      await w.add('re', {
        id, companyno: `LL${String(10_000 + id * 137).padStart(5, '0')}`, otherno: `BNK${String(id).padStart(6, '0')}`, name: `Scale Bank ${id} Ltd`, email: `compliance@scale${id}.example`,
        owner: null, state: 33, dateincorporated: '2001-01-01', branchtype: 'ABCD'[id % 4], comporigin: 'Malaysia', trustcompany: 'Keystone Trust Company Ltd',
        authorizedcapital: '50000000.00', divisionofauthorized: '50,000,000 ordinary shares of USD 1.00 each', bussnature: 'Banking business', paupcapital: '24000000.00',
        isscapital: '30000000.00', divpaupcapital: '24,000,000 ordinary shares of USD 1.00 each', divisscapital: '30,000,000 ordinary shares of USD 1.00 each',
        fy: '31/12', shaalldate: '2002-01-01', sector: sectorId, createon,
      });
    }
    await w.flush('re');
    const firstUser = await nextId(trx, 'user');
    const users = { iru: firstUser, preparer: firstUser + 1, approver: firstUser + 2 };
    const people: [number, string, number, number[]][] = [[users.iru, 'scale.iru', 1, [ROLES.iru]], [users.preparer, 'scale.preparer', 2, [ROLES.re]], [users.approver, 'scale.approver', 2, [ROLES.re]]];
    for (const [id, userid, logintype, roles] of people) {
      await trx('user').insert({ id, userid, name: userid, email: `${userid}@regportal.example`, password: '!', logintype, contactno: `0123${id}`, position2: null, state: 33, mfa: 0, pwchangedon: createon, failedlogins: 0, firsttimelogin: false, emailverified: true, createon });
      for (const role of roles) await trx('user_role').insert({ link_fk_user: id, link_fk_role: role });
    }
    for (let e = 0; e < entities; e++) {
      await w.add('re_user', { link_fk_re: firstRe + e, link_fk_user: users.preparer, role: ROLES.preparer, isprimary: false });
      await w.add('re_user', { link_fk_re: firstRe + e, link_fk_user: users.approver, role: ROLES.approver, isprimary: true });
    }
    await w.flush('re_user');

    // The templates, as seeds/demo-templates.ts makes the demo's.
    const listGroups: number[] = (await trx('listgroup').where('state', 33).pluck('id')).map(Number);
    const cells: TemplateCells[] = [];
    for (const t of SCALE_TEMPLATES) {
      const checked = checkTemplate(templateProperties(t), { itemcode: t.item, listGroups });
      if (!checked.ok) throw new Error(`Template ${t.code}: ${checked.problems.map((p) => `${p.path} ${p.message}`).join('; ')}`);
      const properties = JSON.stringify(checked.template);
      const etlproperties = JSON.stringify(checked.extracts);
      const id = await nextId(trx, 'formtemplate');
      await trx('formtemplate').insert({ id, code: t.code, name: t.name, itemcode: t.item, properties, etlproperties, calendar: t.calendar, sector: null, category: null, duedays: t.duedays, version: 1, state: 33, updatectr: 1, createon, updateon: createon });
      await trx('formtemplate_version').insert({ template: id, version: 1, properties, etlproperties, createon });
      cells.push(templateCells(t, id, new FormLayout(checked.template)));
      // A variance threshold per template, as seeds/demo-variance-rules.ts gives the demo's: any cell, a quarter, above 100.
      await trx('variancerule').insert({ formtemplate: id, code: null, celllabel: ruleCellLabel(new FormLayout(checked.template), null), percent: 25, amount: 100, active: true, note: 'Any line: a quarter, when above 100', createon });
    }
    const summaryOf = (t: (typeof SCALE_TEMPLATES)[number]) => JSON.stringify({ id: t.code, title: t.name, items: Array.from({ length: t.tabs }, (_, i) => ({ id: pad(i + 1), title: `T${pad(i + 1)}`, display_name: `Tab ${pad(i + 1)}` })) });

    let batchId = await nextId(trx, 'formbatch');
    let formId = await nextId(trx, 'form');
    let queryId = await nextId(trx, 'query');
    let seq = Number((await trx('acceptancecounter').where({ name: 'acceptance' }).first('value'))?.value ?? 0);
    let forms = 0;
    let returned = 0;
    let cellCount = 0;
    const history = (module: string, record: number, from: number | null, to: number, who: number, when: string, reason: string | null = null) =>
      w.add('state_history', { module, record_id: record, from_state: from, to_state: to, reason, createby: who, createon: when });
    const audit = (record: number, module: string, version: number, action: string, fields: string[], who: number, when: string, before: string | null, after: string | null) =>
      w.add('record_audit', { module, record_id: record, version, action, fields: JSON.stringify(fields), before_values: before, after_values: after, createby: who, createon: when, updatectr: 1, updateon: when, updateby: who });
    const stateAudit = (record: number, version: number, from: number, to: number, who: number, when: string) => audit(record, 'form', version, 'update', ['state'], who, when, JSON.stringify({ state: from }), JSON.stringify({ state: to }));

    // Periods in time order, entity by entity within a period: ids rise with time, as they would.
    const events: { t: (typeof SCALE_TEMPLATES)[number]; tc: TemplateCells; p: Period }[] = [];
    for (const [k, t] of SCALE_TEMPLATES.entries()) for (const p of periodsOf(t.calendar === CALENDAR.quarterly, years, lastYear)) events.push({ t, tc: cells[k], p });
    events.sort((a, b) => a.p.end.getTime() - b.p.end.getTime() || a.t.calendar - b.t.calendar);

    for (const { t, tc, p } of events) {
      const calendarName = t.calendar === CALENDAR.quarterly ? 'Quarterly' : 'Monthly';
      const due = new Date(p.end.getTime() + t.duedays * 86_400_000);
      for (let e = 0; e < entities; e++) {
        const re = firstRe + e;
        const form = formId++;
        const batch = batchId++;
        const back = isReturned(seed, form);
        const opened = at(p.end, 1, 8);
        const [saved, sent, verified, submitted, accepted] = [at(p.end, 5, 10), at(p.end, 6, 11), at(p.end, 7, 9), at(p.end, 8, 15), at(p.end, 12, 10)];
        const [queried, sentBack, corrected, sent2, verified2, submitted2, accepted2] = [at(p.end, 18, 10), at(p.end, 19, 14), at(p.end, 22, 9), at(p.end, 22, 11), at(p.end, 23, 10), at(p.end, 23, 16), at(p.end, 27, 11)];
        const values = tc.inputs.map((_, i) => cellValue(seed, form, i));
        // The correction after a return: the first cell of the form, raised by one.
        const corrected0 = String(Number(values[0]) + 1);

        // The batch (period-open.ts), Completed once its form was submitted (followBatch).
        const batchRow = { re, name: `${p.label} ${calendarName} Returns`, calendar: t.calendar, category: null, endon: isoDate(p.end), duedate: isoDate(due), frozen_ind: false, re_sector: sectorId, state: B.open, updatectr: 1, createon: opened, createby: users.iru, updateon: opened, updateby: users.iru };
        const batchCtr = back ? 4 : 2;
        const lastBatchMove = back ? submitted2 : submitted;
        await w.add('formbatch', { id: batch, ...batchRow, submitteddate: lastBatchMove, total0: 1, open: 0, pendingverify: 0, ready: 0, submitted: 0, accepted: 1, state: B.completed, updatectr: batchCtr, updateon: lastBatchMove, updateby: users.approver });
        await history('formbatch', batch, null, B.open, users.iru, opened);
        await audit(batch, 'formbatch', 1, 'create', ['re', 'name', 'calendar', 'category', 'endon', 'duedate', 're_sector', 'state'], users.iru, opened, null, auditJson(batchModule, ['re', 'name', 'calendar', 'category', 'endon', 'duedate', 're_sector', 'state'], { ...batchRow, id: batch }));
        const batchMove = async (from: number, to: number, version: number, who: number, when: string) => {
          await history('formbatch', batch, from, to, who, when);
          const set: Record<string, unknown> = { state: to, updatectr: version, updateon: when, updateby: who, ...(to === B.completed ? { submitteddate: when } : {}) };
          await audit(batch, 'formbatch', version, 'update', Object.keys(set).filter((c) => !['updatectr', 'updateon', 'updateby'].includes(c)), who, when, JSON.stringify({ state: from }), JSON.stringify(set));
        };

        // The form: opened, filled in one save, signed off, submitted, accepted.
        const formFields = ['code', 'name', 'formbatch', 're', 'calendar', 'category', 'endon', 'formtemplate', 'templateversion', 'state'];
        const formRow = { code: t.code, name: t.name, properties: summaryOf(t), formbatch: batch, re, calendar: t.calendar, category: null, endon: isoDate(p.end), reportingperiod: p.month, scheduletype: 'Periodic', datedesc: datedesc(p), formtemplate: tc.id, templateversion: 1, state: F.open, updatectr: 1, createon: opened, createby: users.iru, updateon: opened, updateby: users.iru };
        const ctr = back ? 12 : 6;
        await w.add('form', { id: form, ...formRow, state: F.accepted, updatectr: ctr, preparedby: users.preparer, lastsubmiton: back ? submitted2 : submitted, submitby: users.approver, updateon: back ? accepted2 : accepted, updateby: users.iru });
        await history('form', form, null, F.open, users.iru, opened);
        await audit(form, 'form', 1, 'create', formFields, users.iru, opened, null, auditJson(formModule, formFields, { ...formRow, id: form }));
        for (const [i, c] of tc.inputs.entries()) await w.add('formcell', { form, tab: c.tab, address: c.address, code: c.code, value: i === 0 && back ? corrected0 : values[i] });
        cellCount += tc.inputs.length;
        const changes: Record<string, [string | null, string | null]> = {};
        for (const [i, c] of tc.inputs.entries()) changes[`${c.tab}!${c.address}`] = [null, values[i]];
        await w.add('formrevision', { form, revision: 2, state: F.open, createby: users.preparer, createon: saved, changes: JSON.stringify(changes) });
        const shown = Object.entries(changes).slice(0, 200);
        await audit(form, 'form', 2, 'update', ['cells', ...(tc.inputs.length > 200 ? ['cells_not_shown'] : [])], users.preparer, saved,
          JSON.stringify({ state: F.open, cells: Object.fromEntries(shown.map(([k, [was]]) => [k, was])) }),
          JSON.stringify({ state: F.open, cells: Object.fromEntries(shown.map(([k, [, now]]) => [k, now])), ...(tc.inputs.length > 200 ? { cells_not_shown: tc.inputs.length - 200 } : {}) }));
        const signOff = async (first: number, steps: [number, number, number, string][]) => {
          let v = first;
          for (const [from, to, who, when] of steps) {
            await w.add('formrevision', { form, revision: v, state: to, createby: who, createon: when, changes: '{}' });
            await history('form', form, from, to, who, when);
            await stateAudit(form, v, from, to, who, when);
            v++;
          }
        };
        await signOff(3, [[F.open, F.pending, users.preparer, sent], [F.pending, F.ready, users.approver, verified], [F.ready, F.submitted, users.approver, submitted]]);
        await batchMove(B.open, B.completed, 2, users.approver, submitted);
        await signOff(6, [[F.submitted, F.accepted, users.iru, accepted]]);
        const accept = async (when: string, first: string) => {
          seq++;
          await w.add('acceptancefeed', { seq, form, re, formtemplate: tc.id, templateversion: 1, endon: isoDate(p.end), acceptedon: when });
          return { first, seq };
        };
        let last = await accept(accepted, values[0]);
        if (back) {
          returned++;
          // The regulator queries the form, sends it back, the entity corrects one cell and files again.
          await w.add('query', { id: queryId++, re, formbatch: batch, form, formtab: 'Tab 01', dataitem: tc.inputs[0].code, name: 'Unexplained variance', description: 'Please explain the movement in line 1.', confidential: 0, state: QUERY_CLOSED, replyon: at(p.end, 20, 9), closeon: accepted2, duration: 9, conclusion: 'Corrected by the entity and resubmitted.', conclusionconfirm: 1, resubmission: null, updatectr: 1, createon: queried, createby: users.iru, updateon: accepted2, updateby: users.iru });
          const reason = 'Line 1 does not agree with the published accounts; please correct and resubmit.';
          await w.add('formrevision', { form, revision: 7, state: F.amendment, createby: users.iru, createon: sentBack, changes: '{}' });
          await history('form', form, F.accepted, F.amendment, users.iru, sentBack, reason);
          await stateAudit(form, 7, F.accepted, F.amendment, users.iru, sentBack);
          await batchMove(B.completed, B.amendment, 3, users.iru, sentBack);
          const key = `${tc.inputs[0].tab}!${tc.inputs[0].address}`;
          await w.add('formrevision', { form, revision: 8, state: F.open, createby: users.preparer, createon: corrected, changes: JSON.stringify({ [key]: [values[0], corrected0] }) });
          await history('form', form, F.amendment, F.open, users.preparer, corrected);
          await audit(form, 'form', 8, 'update', ['state', 'cells'], users.preparer, corrected, JSON.stringify({ state: F.amendment, cells: { [key]: values[0] } }), JSON.stringify({ state: F.open, cells: { [key]: corrected0 } }));
          await signOff(9, [[F.open, F.pending, users.preparer, sent2], [F.pending, F.ready, users.approver, verified2], [F.ready, F.submitted, users.approver, submitted2]]);
          await batchMove(B.amendment, B.completed, 4, users.approver, submitted2);
          await signOff(12, [[F.submitted, F.accepted, users.iru, accepted2]]);
          last = await accept(accepted2, corrected0);
        }
        // The accepted values as last accepted: every filled cell in template order, formulas computed.
        const n = (i: number) => Number(i === 0 ? last.first : values[i]);
        const sums = totals(tc, n);
        await w.add('acceptedform', { form, re, formtemplate: tc.id, templateversion: 1, endon: isoDate(p.end), acceptedon: back ? accepted2 : accepted, seq: last.seq });
        for (const [ord, c] of tc.all.entries()) await w.add('acceptedcell', { form, ord: ord + 1, code: c.code, rownum: null, value: c.formula ? resultText(c.formula, sums.get(`${c.t}:${c.r}`)!) : String(n(c.input!)) });
        forms++;
      }
    }
    await w.flush();
    await trx('acceptancecounter').where({ name: 'acceptance' }).update({ value: seq });
    // Written past the record engine: every table's change version moves, so no process keeps a stale count or row.
    await bumpVersions(trx, ['sector', 're', 'user', 'user_role', 're_user', 'formtemplate', 'formtemplate_version', 'variancerule', 'formbatch', 'form', 'formcell', 'formrevision', 'state_history', 'record_audit', 'query', 'acceptedform', 'acceptedcell', 'acceptancefeed']);
    return { counts: { sector: 1, user: 3, user_role: 3, formtemplate: 2, formtemplate_version: 2, variancerule: 2, ...w.counts }, forms, cells: cellCount, returned, users, templates: { monthly: cells[0].id, quarterly: cells[1].id } };
  });
}

/** The database's size in bytes: the SQLite file, or MariaDB's data and index lengths. */
export async function databaseBytes(db: Knex, dialect: Dialect): Promise<number> {
  if (dialect === 'sqlite') {
    const [pages] = await db.raw('PRAGMA page_count');
    const [size] = await db.raw('PRAGMA page_size');
    return Number(pages.page_count) * Number(size.page_size);
  }
  await db.raw('ANALYZE TABLE formcell, acceptedcell, formrevision, record_audit, state_history, form, formbatch');
  const [rows] = await db.raw('SELECT SUM(data_length + index_length) AS n FROM information_schema.tables WHERE table_schema = DATABASE()');
  return Number(rows[0].n);
}

/** Bytes per table, its indexes included, largest first (SQLite: the dbstat table; MariaDB: data and index length). */
export async function tableBytes(db: Knex, dialect: Dialect): Promise<[string, number][]> {
  if (dialect === 'sqlite') {
    const rows = (await db.raw("SELECT coalesce(m.tbl_name, d.name) AS t, SUM(d.pgsize) AS n FROM dbstat d LEFT JOIN sqlite_master m ON m.name = d.name GROUP BY 1")) as { t: string; n: number }[];
    return rows.map((r): [string, number] => [r.t, Number(r.n)]).sort((a, b) => b[1] - a[1]);
  }
  const [rows] = await db.raw('SELECT table_name AS t, data_length + index_length AS n FROM information_schema.tables WHERE table_schema = DATABASE()');
  return (rows as { t: string; n: number }[]).map((r): [string, number] => [r.t, Number(r.n)]).sort((a, b) => b[1] - a[1]);
}

/** A database migrated by the engine's and the portal's migrations, seeded without the demo. */
export async function scaleDatabase(dialect: Dialect): Promise<TestDatabase> {
  const database = await createTestDatabase(dialect, { app: portal });
  await runSeeds(database.db, { demo: false });
  return database;
}

/**
 * The engine over a scale database (silent), with no kept list pages: the scale bench measures how
 * a read's statements grow with history, which is what a read costs after any write.
 */
export async function scaleEngine(database: TestDatabase): Promise<{ engine: Engine; config: ReturnType<typeof loadConfig> }> {
  const config = loadConfig({ DATA_DIR: database.dataDir, DATABASE_URL: database.databaseUrl ?? '', LOG_LEVEL: 'silent', PAGE_CACHE_MB: '0' });
  const engine = await buildEngine({ app: portal, config, db: database.db, logger: pino({ level: 'silent' }) });
  return { engine, config };
}

/** `--scale=E` or SCALE=E: entities (full 300); `--years=Y` or YEARS (default 10); `--seed=S` or SEED (1). */
export function scaleFromArgs(argv: string[] = process.argv.slice(2), env = process.env): ScaleOptions {
  const arg = (name: string) => argv.find((a) => a.startsWith(`--${name}=`))?.split('=')[1];
  const num = (v: string | undefined, d: number) => (v === undefined || v === '' ? d : Number(v));
  const opts = { entities: num(arg('scale') ?? env.SCALE, 7), years: num(arg('years') ?? env.YEARS, 10), seed: num(arg('seed') ?? env.SEED, 1) };
  for (const [k, v] of Object.entries(opts)) if (!Number.isInteger(v) || v < 1) throw new Error(`--${k === 'entities' ? 'scale' : k} must be a whole number of at least 1 (got ${v})`);
  return opts;
}

/** Cells a history of this size stores in formcell (inputs of every form). */
export function cellsOf(opts: Pick<ScaleOptions, 'entities' | 'years'>): number {
  return opts.entities * opts.years * (12 * SCALE_TEMPLATES[0].tabs + 4 * SCALE_TEMPLATES[1].tabs) * inputsPerTab;
}

export function printGenerated(dialect: Dialect, opts: ScaleOptions, r: GenerateResult, bytes: number, seconds: number, sizes: [string, number][] = []): void {
  console.log(`\nScale history (${dialect}): ${opts.entities} entities × ${opts.years} years, seed ${opts.seed}: ${r.forms} forms (${r.returned} returned and resubmitted), ${r.cells.toLocaleString('en-US')} cells, in ${seconds.toFixed(1)} s`);
  const size = new Map(sizes);
  for (const [table, n] of Object.entries(r.counts).sort((a, b) => b[1] - a[1])) {
    const b = size.get(table);
    console.log(`  ${table.padEnd(22)} ${n.toLocaleString('en-US').padStart(12)} rows${b === undefined ? '' : ` ${(b / 1e6).toFixed(1).padStart(8)} MB ${(b / Math.max(1, n)).toFixed(0).padStart(6)} bytes a row`}`);
  }
  console.log(`  database size ${(bytes / 1e6).toFixed(1)} MB; ${((bytes / r.cells) * 1e6 / 1e6).toFixed(0)} MB per million cells`);
}

if (isScript('generate.ts')) {
  const opts = scaleFromArgs();
  const dialects = (process.env.BENCH_DIALECTS ?? ((await mariadbReachable()) ? 'sqlite,mysql' : 'sqlite')).split(',').map((s) => s.trim()) as Dialect[];
  for (const dialect of dialects) {
    const database = await scaleDatabase(dialect);
    const { engine } = await scaleEngine(database);
    try {
      const start = performance.now();
      const r = await generateScale(database.db, dialect, engine.services.modules, opts);
      const seconds = (performance.now() - start) / 1000;
      printGenerated(dialect, opts, r, await databaseBytes(database.db, dialect), seconds, await tableBytes(database.db, dialect));
    } finally {
      await engine.close();
      await database.destroy();
    }
  }
  process.exit(0);
}

/** Calls actions as one user through the server (Fastify inject): answers the decoded values, throws on an exception. */
export async function callerAs(engine: Engine, config: ReturnType<typeof loadConfig>, db: Knex, userId: number) {
  const cookie = `${SESSION_COOKIE}=${await createSession(db, userId, 1, config)}`;
  return async (action: string, args: unknown): Promise<EnvelopeValue[]> => {
    const res = await engine.app.inject({ method: 'POST', url: '/process', headers: { 'content-type': 'application/json', cookie }, payload: JSON.stringify({ action, args: [args] }) });
    const values = decodeXml(res.body);
    if (values[0]?.type === 'exception') throw new Error(`${action}: ${JSON.stringify(values[0]).slice(0, 400)}`);
    return values;
  };
}
