// Bulletins (seed 002 §2 Bulletins, §4 Bulletin, §7): saving a bulletin with its sectors in one
// transaction, and e-mailing it to the users of its sectors' entities. Both are compositions of
// the record engine (permissions, date rules, state map, audit) and the mail outbox.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { defineAction } from '../../../engine/runtime/registry.js';
import type { ActionContext } from '../../../engine/runtime/context.js';
import { text, type EnvelopeValue } from '../../../engine/protocol/envelope.js';
import { errors } from '../../../engine/errors/catalogue.js';
import { sqlDateTime } from '../../../engine/db/clock.js';
import { bumpVersions } from '../../../engine/db/change-versions.js';
import { createRecord } from '../../../engine/records/create.js';
import { deleteRecord, updateRecord } from '../../../engine/records/update.js';
import { loadForWrite, readRecordset } from '../../../engine/records/record-read.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { isMailAddress, queueMails } from '../../../engine/mail/outbox.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Mailing a bulletin (Bulletin.create holders) reaches the users of the entities of its sectors as recipients; the sender is shown no entity row, only a count',
);

/** What IRU staff need to publish bulletins (seeds/access.ts grants these to the IRU role). */
export const BULLETIN_IRU_PERMISSIONS = [
  'Bulletin.create', 'Bulletin.update', 'Bulletin_Sector.create', 'Bulletin_Sector.delete',
  'Bulletin_Reference.create', 'Bulletin_Reference.delete',
] as const;
/** What RE users need to read the bulletins of their sector and their attachments. */
export const BULLETIN_RE_PERMISSIONS = ['RE-Bulletin.select', 'Bulletin_Reference.select'] as const;

export const BULLETIN_STATE = { active: 33, inactive: 4 } as const;
/** E-mail type of a bulletin in the outbox (the originals' bulletin alert). */
export const BULLETIN_MAIL_TYPE = 1101200;

const SaveArgs = Type.Object(
  {
    id: Type.Optional(recordId('Bulletin', 'Absent: a new bulletin')),
    updatectr: Type.Optional(Type.Integer({ minimum: 0, description: 'With id: the counter read' })),
    name: Type.String({ maxLength: 255 }),
    message: Type.String({ maxLength: 65535 }),
    startdate: Type.String({ maxLength: 30, description: 'YYYY-MM-DD (stored at 00:00:00)' }),
    enddate: Type.String({ maxLength: 30, description: 'YYYY-MM-DD (stored at 23:59:59)' }),
    state: Type.Optional(Type.Union([Type.Literal(BULLETIN_STATE.active), Type.Literal(BULLETIN_STATE.inactive)])),
    sectors: Type.Array(Type.Integer({ minimum: 1 }), { maxItems: 1000, description: 'Sector ids; at least one' }),
  },
  { additionalProperties: false },
);

/** Adds and removes Bulletin_Sector rows so the bulletin is linked to exactly `sectors`. */
async function syncSectors(ctx: ActionContext, bulletin: number, sectors: number[]): Promise<void> {
  const links = (await ctx.db('bulletin_sector').where({ link_fk_bulletin: bulletin }).select('link_id', 'link_updatectr', 'link_fk_sector')) as Record<string, unknown>[];
  const have = new Set(links.map((l) => Number(l.link_fk_sector)));
  const want = new Set(sectors);
  for (const l of links) {
    if (want.has(Number(l.link_fk_sector))) continue;
    await deleteRecord(ctx, { module: 'Bulletin_Sector', fields: ['link_id', 'link_updatectr'], values: [Number(l.link_id), Number(l.link_updatectr)] });
  }
  for (const sector of want) {
    if (have.has(sector)) continue;
    await createRecord(ctx, { module: 'Bulletin_Sector', fields: ['link_fk_bulletin', 'link_fk_sector'], values: [bulletin, sector], read: ['link_id'] });
  }
}

export const bulletinSave = defineAction({
  name: 'Bulletin.save',
  summary: 'Creates (no id) or updates a bulletin and links it to exactly the given sectors, in one transaction',
  args: [SaveArgs],
  access: 'session',
  writes: true,
  answer: 'value 0: recordset (id, updatectr) of the bulletin',
  errors: ['E_VALIDATION', 'E_NOPERMISSION', 'E_NOTFOUND', 'E_CONCURRENT', 'E_STATETRANSITION'],
  async handler([a], ctx): Promise<EnvelopeValue[]> {
    // Seed 002 §5: every field and at least one sector, else the form's one message.
    const sectors = [...new Set(a.sectors)];
    if (!sectors.length) throw errors.validation({ sectors: 'Please fill in all the required fields' });
    const fields = ['name', 'message', 'startdate', 'enddate'];
    const values: unknown[] = [a.name, a.message, a.startdate, a.enddate];
    if (a.state !== undefined) {
      fields.push('state');
      values.push(a.state);
    }
    let id: number;
    if (a.id === undefined) {
      const [created] = await createRecord(ctx, { module: 'Bulletin', fields, values, read: ['id'] });
      id = Number(created.type === 'recordset' ? created.rows[0][0] : NaN);
    } else {
      if (a.updatectr === undefined) throw errors.validation({ updatectr: 'is required: send the value you read' });
      await updateRecord(ctx, { module: 'Bulletin', fields: ['id', 'updatectr', ...fields], values: [a.id, a.updatectr, ...values] });
      id = a.id;
    }
    await syncSectors(ctx, id, sectors);
    const { module, scopeRe } = accessModule(ctx, 'Bulletin', 'select');
    return [await readRecordset(ctx, module, scopeRe, id, ['id', 'updatectr'])];
  },
});

/** Plain text of the rich-text message: tags dropped, the common entities decoded. */
export function plainText(html: string): string {
  return html
    .replace(/<(br|\/p|\/div|\/li)\b[^>]*>/gi, '\n')
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ').replace(/&lt;/g, '<').replace(/&gt;/g, '>').replace(/&quot;/g, '"').replace(/&#39;/g, "'").replace(/&amp;/g, '&')
    .replace(/\n{3,}/g, '\n\n')
    .trim();
}

export const bulletinEmailCheck = defineAction({
  name: 'Bulletin.emailCheck',
  summary:
    "E-mails an active bulletin (state Active, not yet ended) to the active users of its sectors' entities: on the first call after creation, or again with force 'true'",
  args: [Type.Object({ id: recordId('Bulletin', 'The bulletin'), force: Type.Optional(Type.Union([Type.Literal('true'), Type.Literal('false'), Type.Boolean()])) }, { additionalProperties: false })],
  access: 'session',
  permission: 'Bulletin.create',
  writes: true,
  answer: "value 0: text 'true' when the mail was queued, else 'false' (not active, or already sent and not forced)",
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const { module, scopeRe } = accessModule(ctx, 'Bulletin', 'select');
    // Locked: two calls at once queue here, so the mail goes once.
    const row = await loadForWrite(ctx, module, scopeRe, a.id, { lock: true });
    const now = sqlDateTime();
    const ended = String(row.enddate instanceof Date ? sqlDateTime(row.enddate) : row.enddate) < now;
    const force = a.force === true || a.force === 'true';
    if (Number(row.state) !== BULLETIN_STATE.active || ended || (!force && row.emailedon !== null)) return [text('false')];
    const emails = (await ctx.db({ bs: 'bulletin_sector' })
      .join({ e: 're' }, 'e.sector', 'bs.link_fk_sector')
      .join({ ru: 're_user' }, 'ru.link_fk_re', 'e.id')
      .join({ u: 'user' }, 'u.id', 'ru.link_fk_user')
      .where('bs.link_fk_bulletin', a.id)
      .andWhere('u.state', 33)
      .distinct('u.email')
      .pluck('u.email')) as string[];
    const { publicUrl, host, port } = ctx.services.config;
    const link = `${(publicUrl ?? `http://${host}:${port}`).replace(/\/+$/, '')}/re/bulletin/${a.id}`;
    const body = `${plainText(String(row.message ?? ''))}\n\nRead it in the portal: ${link}`;
    const addresses = [...new Set(emails.map((e) => String(e).trim().toLowerCase()).filter(Boolean))];
    // One bad address on file must not keep the bulletin from everyone else.
    const good = addresses.filter(isMailAddress);
    if (good.length < addresses.length) ctx.log.warn({ bulletin: a.id, skipped: addresses.length - good.length }, 'bulletin mail not queued for addresses that are not e-mail addresses');
    const queued = await queueMails(ctx.db, good.map((to) => ({ to, subject: `Bulletin: ${String(row.name)}`, text: body, type: BULLETIN_MAIL_TYPE })));
    // Stamped without touching updatectr: an IRU user editing the bulletin meanwhile is not refused.
    await ctx.db('bulletin').where('id', a.id).update({ emailedon: now });
    await bumpVersions(ctx.db, ['bulletin']);
    ctx.log.info({ bulletin: a.id, queued, force }, 'bulletin e-mailed');
    return [text('true')];
  },
});

export const bulletinActions = [bulletinSave, bulletinEmailCheck];
