// Demo submissions: for every demo entity a year of periodic form batches before the period the
// demo opens as current (seeds/demo-periods.ts): twelve months, or four quarters for insurers and
// trust companies, three forms each. The latest four are spread over the states of the two state
// maps (portal/metadata/modules/FormBatch.json, Form.json) so lists, filters and dashboards have
// something to show; the older ones are accepted or completed. Plus one ad hoc batch. Dates
// count back from `historyEnd` (the day the demo is seeded, so a newcomer's dashboards show a
// full year); everything else derives from the entity id and the period.
import type { Knex } from 'knex';
import { insertRows } from './support.js';

/** Calendar list entries (group 80, seeds/lists.ts). */
const CALENDAR = { monthly: 277, quarterly: 278, adhoc: 282 } as const;

/** The App I/II form category (seeds/demo-entities.ts, seed 003 §9). */
const APP_CATEGORY = 100213;

/** Batch states (seed 000 §4.1 ids). */
const B = { open: 13, incomplete: 75, ready: 55, submitted: 56, accepted: 45, amendment: 74, completed: 71 } as const;
/** Form states. */
const F = { open: 13, pendingVerification: 78, ready: 55, submitted: 56, accepted: 45, amendment: 74 } as const;

/** Three form templates per sector code (sector.code of seeds/demo-entities.ts). */
const TEMPLATES: Record<string, [string, string][]> = {
  BNK: [['BNK-01', 'Statement of Financial Position'], ['BNK-02', 'Statement of Profit or Loss'], ['BNK-03', 'Capital Adequacy']],
  INS: [['INS-01', 'Balance Sheet'], ['INS-02', 'Premiums and Claims'], ['INS-03', 'Solvency Margin']],
  CMK: [['CMK-01', 'Assets Under Management'], ['CMK-02', 'Client Money'], ['CMK-03', 'Securities Transactions']],
  FIN: [['FIN-01', 'Transaction Volumes'], ['FIN-02', 'Safeguarding of Customer Funds'], ['FIN-03', 'Technology Incidents']],
  MBR: [['MBR-01', 'Brokerage Volumes'], ['MBR-02', 'Counterparty Exposure'], ['MBR-03', 'Income Statement']],
  TRC: [['TRC-01', 'Trust Assets'], ['TRC-02', 'Client Due Diligence'], ['TRC-03', 'Fiduciary Income']],
};
const FALLBACK_TEMPLATES: [string, string][] = [['GEN-01', 'Financial Statement'], ['GEN-02', 'Operations Report'], ['GEN-03', 'Compliance Report']];
/** Sectors reporting quarterly; the others report monthly. */
const QUARTERLY_SECTORS = new Set(['INS', 'TRC']);

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
const SHORT = MONTHS.map((m) => m.slice(0, 3));

const pad = (n: number) => String(n).padStart(2, '0');
const isoDate = (d: Date) => d.toISOString().slice(0, 10);
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m, d));
const addDays = (d: Date, days: number) => new Date(d.getTime() + days * 86_400_000);
const periodText = (from: Date, to: Date) =>
  `${from.getUTCDate()} ${SHORT[from.getUTCMonth()]} ${from.getUTCFullYear()} - ${to.getUTCDate()} ${SHORT[to.getUTCMonth()]} ${to.getUTCFullYear()}`;

interface Period {
  start: Date;
  end: Date;
  due: Date;
  label: string;
  /** `YYYY-MM` of the period's last month (the list's month filter). */
  month: string;
}

/** Months since year 0 (0-based) of a date's month. */
const monthIndex = (d: Date) => d.getUTCFullYear() * 12 + d.getUTCMonth();

/**
 * The year of periods before the current one, oldest first, as of `historyEnd`: monthly, the
 * twelve months ending two months before its month (the month before it is the current period of
 * demo-periods.ts); quarterly, the four quarters before the last quarter that ended before its month.
 */
function periods(quarterly: boolean, historyEnd: Date): Period[] {
  const now = monthIndex(historyEnd);
  const currentQuarterEnd = now - (now % 3) - 1;
  const last = quarterly ? currentQuarterEnd - 3 : now - 2;
  const count = quarterly ? 4 : 12;
  return Array.from({ length: count }, (_, i) => {
    const lastMonth = last - (count - 1 - i) * (quarterly ? 3 : 1);
    const y = Math.floor(lastMonth / 12);
    const m = lastMonth % 12;
    const start = quarterly ? utc(y, m - 2, 1) : utc(y, m, 1);
    const end = utc(y, m + 1, 0);
    const due = addDays(end, quarterly ? 30 : 15);
    const label = quarterly ? `Q${Math.floor(m / 3) + 1} ${y}` : `${MONTHS[m]} ${y}`;
    return { start, end, due, label, month: `${y}-${pad(m + 1)}` };
  });
}

/** The batch state of entity `re` in period `p` of the latest four (0 oldest; older than those: -1): older periods are further along. */
function batchState(re: number, p: number): number {
  if (p < 0) return re % 4 === 0 ? B.accepted : B.completed;
  if (p === 0) return re % 4 === 0 ? B.accepted : B.completed;
  if (p === 1) return re % 5 === 0 ? B.amendment : re % 5 <= 2 ? B.accepted : B.submitted;
  if (p === 2) return re % 4 === 0 ? B.incomplete : re % 4 === 1 ? B.ready : B.submitted;
  return B.open;
}

/** The state of form `j` (0-2) of a batch in state `batch`; consistent with the batch's. */
function formState(batch: number, re: number, j: number): number {
  switch (batch) {
    case B.completed:
    case B.accepted:
      return F.accepted;
    case B.amendment:
      return j === 0 ? F.amendment : F.accepted;
    case B.submitted:
      return j === 0 && re % 2 === 0 ? F.accepted : F.submitted;
    case B.ready:
      return F.ready;
    case B.incomplete:
      return [F.open, F.pendingVerification, F.open][j];
    default:
      return [F.open, F.open, F.pendingVerification, F.ready][(re + j) % 4];
  }
}

/** The batch counters (FormBatch total0 … accepted) of its forms' states. */
function counters(states: number[]) {
  const n = (...s: number[]) => states.filter((x) => s.includes(x)).length;
  return {
    total0: states.length,
    open: n(F.open, F.amendment),
    pendingverify: n(F.pendingVerification),
    ready: n(F.ready),
    submitted: n(F.submitted),
    accepted: n(F.accepted),
  };
}

/** Batch and form states that mean the entity has submitted. */
const BATCH_SUBMITTED = new Set<number>([B.submitted, B.accepted, B.amendment, B.completed]);
const FORM_SUBMITTED = new Set<number>([F.submitted, F.accepted, F.amendment]);

function properties(code: string, name: string): string {
  return JSON.stringify({
    id: code,
    title: name,
    items: [
      { id: '01', title: `${code}-T01`, display_name: name },
      { id: '02', title: `${code}-T02`, display_name: 'Notes and declarations' },
    ],
  });
}

export async function seedDemoForms(db: Knex, createon: string, historyEnd: Date = new Date()): Promise<Record<string, number>> {
  const entities: { id: number; sector: number; code: string | null }[] = await db('re')
    .join('sector', 'sector.id', 're.sector')
    .orderBy('re.id')
    .select('re.id', 're.sector', 'sector.code');
  const categoryOf = new Map<number, number>();
  for (const l of await db('re_recategory').orderBy('link_id').select('link_fk_re', 'link_fk_recategory')) {
    if (!categoryOf.has(Number(l.link_fk_re))) categoryOf.set(Number(l.link_fk_re), Number(l.link_fk_recategory));
  }
  // Who submits for an entity: its primary user, else any linked user, else nobody.
  const submitterOf = new Map<number, number>();
  for (const l of await db('re_user').orderBy([{ column: 'isprimary', order: 'desc' }, { column: 'link_id' }]).select('link_fk_re', 'link_fk_user')) {
    if (!submitterOf.has(Number(l.link_fk_re))) submitterOf.set(Number(l.link_fk_re), Number(l.link_fk_user));
  }

  // Forms whose code has a demo template (seeds/demo-templates.ts) are filed on its version 1.
  const templateOf = new Map<string, number>();
  for (const t of await db('formtemplate').select('id', 'code')) templateOf.set(String(t.code), Number(t.id));

  const batches: Record<string, unknown>[] = [];
  const forms: Record<string, unknown>[] = [];
  const addBatch = (
    e: (typeof entities)[number],
    calendar: number,
    calendarName: string,
    period: Period,
    state: number,
    templates: [string, string][],
    category: number | null,
    scheduletype: string,
  ) => {
    const re = Number(e.id);
    const batchId = batches.length + 1;
    const states = templates.map((_, j) => formState(state, re, j));
    // Most entities submit a few days early; one in seven two days late.
    const submittedOn = BATCH_SUBMITTED.has(state) ? `${isoDate(addDays(period.due, re % 7 === 3 ? 2 : -(re % 6)))} ${pad(9 + (re % 8))}:${pad((re * 7) % 60)}:00` : null;
    batches.push({
      id: batchId,
      re,
      name: `${period.label} ${calendarName} Returns`,
      calendar,
      category,
      endon: isoDate(period.end),
      duedate: isoDate(period.due),
      submitteddate: submittedOn,
      // The oldest completed batches of every third entity are frozen (seed 001 §4.2: only state 71).
      frozen_ind: state === B.completed && re % 3 === 0,
      re_sector: Number(e.sector),
      ...counters(states),
      state,
      createon,
    });
    templates.forEach(([code, name], j) => {
      const submitted = FORM_SUBMITTED.has(states[j]);
      forms.push({
        id: forms.length + 1,
        code,
        name,
        properties: properties(code, name),
        formbatch: batchId,
        re,
        calendar,
        category,
        endon: isoDate(period.end),
        reportingperiod: period.month,
        scheduletype,
        datedesc: periodText(period.start, period.end),
        lastsubmiton: submitted ? submittedOn : null,
        submitby: submitted ? (submitterOf.get(re) ?? null) : null,
        state: states[j],
        formtemplate: templateOf.get(code) ?? null,
        templateversion: templateOf.has(code) ? 1 : null,
        createon,
      });
    });
  };

  // The latest four periods first, then the older ones, so the ids of the first stay as they were
  // when the demo held only those four.
  const periodic = (latest: boolean) => {
    for (const e of entities) {
      const code = e.code ?? '';
      const quarterly = QUARTERLY_SECTORS.has(code);
      const all = periods(quarterly, historyEnd);
      all.forEach((period, i) => {
        const p = i - (all.length - 4);
        if (latest !== p >= 0) return;
        addBatch(
          e,
          quarterly ? CALENDAR.quarterly : CALENDAR.monthly,
          quarterly ? 'Quarterly' : 'Monthly',
          period,
          batchState(Number(e.id), p),
          TEMPLATES[code] ?? FALLBACK_TEMPLATES,
          categoryOf.get(Number(e.id)) ?? null,
          'Periodic',
        );
      });
    }
  };
  periodic(true);

  // One ad hoc batch (seed 002 §9: an 'APP I' code gives a monthly period) for the first entity
  // that reports under the App I/II category (100213), still open.
  const appLink = await db('re_recategory').where({ link_fk_recategory: APP_CATEGORY }).orderBy('link_id').first('link_fk_re');
  const adhoc = appLink && entities.find((e) => Number(e.id) === Number(appLink.link_fk_re));
  if (adhoc) {
    const period = periods(false, historyEnd)[11];
    addBatch(adhoc, CALENDAR.adhoc, 'Ad Hoc', period, B.open, [['APP I', 'Appendix I Monthly Report']], APP_CATEGORY, 'Ad Hoc');
  }
  periodic(false);

  return {
    formbatch: await insertRows(db, 'formbatch', batches),
    form: await insertRows(db, 'form', forms),
  };
}
