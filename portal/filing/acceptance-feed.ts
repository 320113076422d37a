// The change feed of acceptances (docs/integrators.md "Change feed"): the forms accepted or
// accepted again after a cursor, in commit order, a page at a time. Entries are numbered by the
// accepting transaction under the counter's row lock (accepted-values.ts), so every number a
// reader sees is committed and no smaller one can commit later: a reader that goes on from the
// last number it was given misses nothing and sees nothing twice. Only forms the caller may see
// now are listed (their Form or REForm rows, approver-view-only templates as the form list).
import { errors } from '../../engine/errors/catalogue.js';
import type { ActionContext } from '../../engine/runtime/context.js';
import { callerForms } from './accepted-extract.js';
import { beyondRules } from '../../engine/db/beyond-rules.js';
import { mayDownloadApproverOnly } from './approver-view.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Names the entity and template of each feed entry whose form the caller reaches through its Form or REForm rows (rowsOf)',
);

export const FEED_PAGE_MAX = 1000;
export const FEED_PAGE_DEFAULT = 100;

export interface FeedEntry {
  form: number;
  re: number;
  entity_code: string;
  entity_name: string;
  template_code: string;
  template_version: number;
  period_end: string | null;
  accepted_on: string;
}

export interface FeedPage {
  entries: FeedEntry[];
  /** The cursor to ask with next: after the last entry given (the same cursor when none). */
  next: string;
  /** Whether more entries were already there beyond this page. */
  more: boolean;
}

const PREFIX = 'feed1:';

export function encodeCursor(seq: number): string {
  return Buffer.from(`${PREFIX}${seq}`, 'utf8').toString('base64url');
}

const SENTENCE = 'Give the cursor a previous Form.changes answered as `next`, or an empty text to start from the first acceptance.';

/** The feed number a cursor stands for (0: the start); a cursor this portal did not give is refused. */
export async function decodeCursor(ctx: ActionContext, since: string): Promise<number> {
  if (since === '') return 0;
  const text = /^[A-Za-z0-9_-]{1,40}$/.test(since) ? Buffer.from(since, 'base64url').toString('utf8') : '';
  const m = /^feed1:(0|[1-9][0-9]{0,14})$/.exec(text);
  if (!m) throw errors.validation({ since: `This is not a cursor of the change feed. ${SENTENCE}` });
  const seq = Number(m[1]);
  const counter = await ctx.db('acceptancecounter').where({ name: 'acceptance' }).first('value');
  if (seq > Number(counter?.value ?? 0)) throw errors.validation({ since: `This cursor is ahead of the change feed: it was not given by this portal. ${SENTENCE}` });
  return seq;
}

/** As the protocol writes date-times: UTC `YYYY-MM-DD HH:mm:ss`. */
const dateTime = (v: unknown) => String(v).slice(0, 19).replace('T', ' ');

export async function feedPage(ctx: ActionContext, since: string, max = FEED_PAGE_DEFAULT): Promise<FeedPage> {
  const after = await decodeCursor(ctx, since);
  const forms = callerForms(ctx);
  const qb = ctx.db({ f: 'acceptancefeed' })
    .join({ r: 're' }, 'r.id', 'f.re')
    .join({ ft: 'formtemplate' }, 'ft.id', 'f.formtemplate')
    .where('f.seq', '>', after)
    .whereIn('f.form', forms.ids());
  if (!mayDownloadApproverOnly(ctx)) qb.where((q) => q.where('ft.approverviewonly', false).orWhereNull('ft.approverviewonly'));
  const rows: Record<string, unknown>[] = await qb
    .orderBy('f.seq')
    .limit(max + 1)
    .select('f.seq', 'f.form', 'f.re', 'r.companyno', 'r.otherno', 'r.name', 'ft.code', 'f.templateversion', 'f.endon', 'f.acceptedon');
  const more = rows.length > max;
  const page = rows.slice(0, max);
  const entries = page.map((r) => ({
    form: Number(r.form),
    re: Number(r.re),
    entity_code: String(r.companyno ?? '').trim() || String(r.otherno ?? '').trim(),
    entity_name: String(r.name ?? ''),
    template_code: String(r.code),
    template_version: Number(r.templateversion),
    period_end: r.endon === null || r.endon === undefined ? null : String(r.endon).slice(0, 10),
    accepted_on: dateTime(r.acceptedon),
  }));
  const next = page.length ? encodeCursor(Number(page[page.length - 1].seq)) : since === '' ? encodeCursor(0) : since;
  return { entries, next, more };
}
