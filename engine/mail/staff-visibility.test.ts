// Staff notices follow the row rules (docs/row-rules.md), on every dialect: an extension
// request paid by entity 1 is mailed to the recommenders who may read the request, its entity and
// its submission as the list would show them, and to no one else: an ordinary-category batch
// reaches the IRU officer but not the relationship manager (rm) or the App I/II officer
// (appofficer); an SMD batch of a bank rm manages reaches rm and not the others. A help desk
// ticket's readers are decided the same way.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bumpVersions } from '../db/change-versions.js';
import { sqlDate, sqlDateTime } from '../db/clock.js';
import { decodeXml, type EnvelopeValue } from '../protocol/envelope.js';
import { readBack, type Row } from '../testing/record-calls.js';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import type { ActionContext } from '../runtime/context.js';
import { VersionSnapshot } from '../db/change-versions.js';
import { MAIL_TYPES } from './mail-types.js';
import { staffHolding } from './staff-recipients.js';
import { staffHoldingWhoRead } from './staff-visibility.js';

const ENTITY = 1;
const PAID = 31;
const CHEQUE = 1100481;
const SMD = 100212;
const MAIL = { iru: 'iru@regportal.example', rm: 'rm@regportal.example', app: 'appofficer@regportal.example' };
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog /Pages 2 0 R >> endobj\n2 0 obj << /Type /Pages /Kids [] /Count 0 >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n', 'latin1');
const day = (days: number) => sqlDate(new Date(Date.now() + days * 86_400_000));

describe.each(await testDialects())('staff notices under the row rules on %s', (dialect) => {
  let t: TestEngine;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    re = await t.sessionFor('re', ENTITY);
  }, 120_000);
  afterAll(async () => t?.close());

  const db = () => t.database.db;
  const lastMail = async () => Number((await db()('email_outbox').max({ m: 'id' }).first())?.m ?? 0);
  const mailsTo = async (type: number, since: number) => (await db()('email_outbox').where('id', '>', since).andWhere({ type }).pluck('recipient')).map(String).sort();

  async function batch(category: number | null): Promise<number> {
    const row = { re: ENTITY, name: `Notice test ${Math.random().toString(36).slice(2, 8)}`, endon: day(-30), duedate: day(20), state: 13, category, updatectr: 1, createon: sqlDateTime() };
    const [inserted] = dialect === 'mysql' ? await db()('formbatch').insert(row) : await db()('formbatch').insert(row).returning('id');
    await bumpVersions(db(), ['formbatch']);
    return Number(typeof inserted === 'object' ? (inserted as { id: number }).id : inserted);
  }

  async function upload(extension: number): Promise<EnvelopeValue[]> {
    const form = new FormData();
    form.set('action', 'Record.uploadFile');
    form.set('a0', JSON.stringify(['module', 'fk_extension']));
    form.set('a1', JSON.stringify(['Extension_Reference', extension]));
    form.set('file', new Blob([new Uint8Array(PDF)], { type: 'application/pdf' }), 'slip.pdf');
    const request = new Request('http://localhost/process', { method: 'POST', body: form });
    const res = await t.engine.app.inject({ method: 'POST', url: '/process', headers: { cookie: re, 'content-type': request.headers.get('content-type')! }, payload: Buffer.from(await request.arrayBuffer()) });
    return decodeXml(res.body);
  }

  /** The recipients of the pending-recommendation mail of a request on a new batch of `category`. */
  async function paidMail(category: number | null): Promise<string[]> {
    const b = await batch(category);
    const mark = await lastMail();
    // A request is Paid on creation (docs/resubmission-extension.md): its create sends the notice.
    const made = readBack(await t.call('Record.create', [{ module: 'RE-Extension', fields: ['formbatch', 'description', 'extenddate', 'paymenttype'], values: [b, 'Two more weeks', day(34), CHEQUE], read: ['id', 'updatectr', 'state'] }], re)) as Row;
    expect(Number(made.state)).toBe(PAID);
    readBack(await upload(Number(made.id)));
    return mailsTo(MAIL_TYPES.PENDING_RECOMMENDATION, mark);
  }

  it('has the team members among the staff holding the task, so the rules are what leaves them out', async () => {
    expect(await staffHolding(db(), 'Extension.action.recommend')).toEqual(expect.arrayContaining([MAIL.iru, MAIL.rm, MAIL.app]));
  });

  it('mails an ordinary batch\'s request to ordinary staff, not to the relationship manager or the App I/II officer', async () => {
    const to = await paidMail(null);
    expect(to).toContain(MAIL.iru);
    expect(to).not.toContain(MAIL.rm);
    expect(to).not.toContain(MAIL.app);
    // Every recipient reads the request in the regulator's list; no one is mailed twice.
    expect(new Set(to).size).toBe(to.length);
  });

  it('mails an SMD batch\'s request of a bank rm manages to rm, and not to staff whose rules hide SMD items', async () => {
    const to = await paidMail(SMD);
    expect(to).toContain(MAIL.rm);
    expect(to).not.toContain(MAIL.iru);
    expect(to).not.toContain(MAIL.app);
  });

  it('gives a help desk ticket\'s notice to the staff whose list shows it', async () => {
    const ctx: ActionContext = { services: t.engine.services, db: db(), caller: null, requestId: 'test', log: t.engine.services.log, call: () => Promise.reject(new Error('none')), versions: new VersionSnapshot(db()), effects: {} };
    const ticket = async (re: number, category: number) => Number((await db()('helpdesk').where({ re, category }).first('id')).id);
    // The demo's cases: 100148 of bank 1 (rm's), 1103208 of entity 3 (App I/II).
    const rmCase = await ticket(1, 100148);
    const appCase = await ticket(3, 1103208);
    const readers = (id: number) => staffHoldingWhoRead(ctx, 'Helpdesk.select', [{ module: 'Helpdesk', id }]);
    const rmReaders = await readers(rmCase);
    expect(rmReaders).toContain(MAIL.rm);
    expect(rmReaders).not.toContain(MAIL.app);
    expect(rmReaders).not.toContain(MAIL.iru);
    const appReaders = await readers(appCase);
    expect(appReaders).toContain(MAIL.app);
    expect(appReaders).not.toContain(MAIL.rm);
  });
});
