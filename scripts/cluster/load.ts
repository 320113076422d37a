// The bounded mixed load of the cluster test, over POST /process of two engines: lists read,
// help desk tickets created by an entity user (unique subjects, so each acknowledged create can be
// looked for on every node), update races (the same record and updatectr sent through both
// engines at once), the filing sign-off step and its send-back, an attachment uploaded through
// one engine and downloaded through the other, and an Excel export submitted on one engine and
// fetched from the other. Nothing is retried: every answer is recorded as it came.
import { CallError, PortalUser, Recorder, type Row, type Target } from './rpc.js';

export const DEMO_PASSWORD = 'Demo@1234';
const GENERAL_CATEGORY = 1410;
const ENTITY = 1;
const OPEN = 13;
const PENDING_VERIFICATION = 78;

/** Every input cell of the demo BNK-01 filled so that it passes its blocking rules. */
const COMPLETE_BNK01 = [
  ...['01', '02'].flatMap((tab) => [3, 4, 5, 6, 7].flatMap((r) => [{ tab, address: `B${r}`, value: 1 }, { tab, address: `C${r}`, value: 2 }])),
  { tab: '03', address: 'B2', value: '31-01-2026' },
  { tab: '03', address: 'B3', value: 'Audit & Co' },
  { tab: '03', address: 'B5', value: '1,000,000.50' },
];

export interface Race {
  id: number;
  /** Seconds from the load's start when the two updates were sent. */
  at: number;
  /** Each side's engine, answer code and the description it wrote. */
  sides: { engine: string; code: string; text: string }[];
}

export interface LoadResult {
  recorder: Recorder;
  seconds: number;
  /** Subject → id of every create the engine acknowledged. */
  acked: Map<string, number>;
  /** Subjects of creates that got no success (they must be stored at most once). */
  unacked: string[];
  races: Race[];
  signoffs: number;
  uploads: { ok: number; mismatched: number };
  exports: { ok: number; failed: string[] };
}

export interface LoadOptions {
  targets: Target[];
  seconds: number;
  /** Prefix of every subject this run writes, unique per run. */
  tag: string;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export async function runLoad(o: LoadOptions): Promise<LoadResult> {
  const started = Date.now();
  const recorder = new Recorder(started);
  const until = started + o.seconds * 1000;
  const live = () => Date.now() < until;
  const [a, b] = o.targets;
  // The load balancer's redispatch (rpc.ts): a request the one engine refuses goes to the other.
  if (a && b) [a.peer, b.peer] = [b, a];
  let turn = 0;
  const pick = () => o.targets[turn++ % o.targets.length];
  const other = (t: Target) => (t === a ? b : a);
  const result: LoadResult = { recorder, seconds: o.seconds, acked: new Map(), unacked: [], races: [], signoffs: 0, uploads: { ok: 0, mismatched: 0 }, exports: { ok: 0, failed: [] } };

  const users = Object.fromEntries(['iru', 're', 'preparer', 'checker'].map((u) => [u, new PortalUser(u, recorder)])) as Record<string, PortalUser>;
  for (const u of Object.values(users)) await u.login(a, DEMO_PASSWORD);
  // Entity users act for their current entity, chosen after sign-in as the client does.
  for (const u of [users.re, users.preparer, users.checker]) await u.call(a, 'setup', 'User.setRE', { re: ENTITY });
  const form = await prepareForm(users.preparer, a);
  let serial = 0;

  /** Runs `step` until the load's end; a failed call is already recorded, a dead engine is given a moment. */
  const loop = async (step: () => Promise<void>, pauseMs = 0) => {
    while (live()) {
      try {
        await step();
      } catch (e) {
        if (!(e instanceof CallError)) throw e;
        if (e.code === 'E_CONNECT' || e.code === 'E_TIMEOUT') await sleep(200);
      }
      if (pauseMs) await sleep(pauseMs);
    }
  };

  const create = async (via: Target, kind: string): Promise<number | undefined> => {
    const subject = `${o.tag}-${kind}-${++serial}`;
    try {
      const { rows } = await users.re.call(via, 'create ticket', 'Record.create', { module: 'RE-Helpdesk', fields: ['category', 'name', 'description', 're'], values: [GENERAL_CATEGORY, subject, 'Cluster test', ENTITY], read: ['id', 'updatectr'] });
      const id = Number(rows[0]?.id);
      result.acked.set(subject, id);
      return id;
    } catch (e) {
      result.unacked.push(subject);
      throw e;
    }
  };

  const readers = [
    () => users.iru.call(pick(), 'read list', 'Record.select', { module: 'Helpdesk', max: 20, order: 'createon desc' }).then(() => undefined),
    () => users.iru.call(pick(), 'read list', 'Record.select', { module: 'RE', fields: ['id', 'name'], max: 20 }).then(() => undefined),
    () => users.re.call(pick(), 'read list', 'Record.select', { module: 'RE-Helpdesk', fields: ['id', 'name', 'state'], max: 20 }).then(() => undefined),
  ];

  const race = async () => {
    const id = await create(pick(), 'race');
    if (id === undefined) return;
    // The entity user asks; the regulator's staff update the ticket (RE users may not).
    const { rows } = await users.iru.call(pick(), 'read record', 'Record.select', { module: 'Helpdesk', fields: ['id', 'updatectr'], where: [['id', '=', id]] });
    const ctr = Number(rows[0]?.updatectr);
    const at = (Date.now() - started) / 1000;
    const sides = await Promise.all(
      [a, b].map(async (via) => {
        const text = `${o.tag} written through ${via.name}`;
        try {
          await users.iru.call(via, 'race update', 'Record.update', { module: 'Helpdesk', fields: ['id', 'updatectr', 'description'], values: [id, ctr, text] });
          return { engine: via.name, code: 'OK', text };
        } catch (e) {
          if (!(e instanceof CallError)) throw e;
          return { engine: via.name, code: e.code, text };
        }
      }),
    );
    result.races.push({ id, at, sides });
  };

  const signoff = async () => {
    const state = await formState(users.preparer, pick(), form);
    if (state.state === OPEN) {
      await users.preparer.call(pick(), 'sign-off', 'Record.update', { module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, state.updatectr, PENDING_VERIFICATION], read: ['id', 'updatectr', 'state'] });
      result.signoffs++;
    } else if (state.state === PENDING_VERIFICATION) {
      await users.checker.call(pick(), 'send back', 'Record.update', { module: 'REForm', fields: ['id', 'updatectr', 'state'], values: [form, state.updatectr, OPEN], read: ['id', 'updatectr', 'state'], reason: 'Cluster test: one more look' });
    } else throw new Error(`the demo form ${form} is in state ${state.state}, neither Open nor Pending Verification`);
  };

  let fileTurn = 0;
  const files = async () => {
    const up = pick();
    const down = other(up);
    if (fileTurn++ % 3 === 2) return exportThrough(up, down);
    const ticket = [...result.acked.values()].pop() ?? (await create(up, 'file'));
    if (ticket === undefined) return;
    const body = new TextEncoder().encode(`${o.tag} attachment ${fileTurn} ${'x'.repeat(fileTurn % 500)}`);
    const rows = await users.re.upload(up, 'upload', ['module', 'fk_helpdesk'], ['Helpdesk_Reference', ticket], `note-${fileTurn}.txt`, body);
    const got = await users.re.download(down, 'download file', `/file/Helpdesk_Reference/${Number(rows[0]?.id)}`);
    if (Buffer.compare(got, Buffer.from(body)) === 0) result.uploads.ok++;
    else result.uploads.mismatched++;
  };

  const exportThrough = async (up: Target, down: Target) => {
    const { texts } = await users.iru.call(up, 'export submit', 'Job.ExportListExcel.submit', { module: 'Helpdesk', fields: ['id', 'name'], where: [['name', 'like', `${o.tag}-%`]] });
    const job = Number(texts[0]);
    const deadline = Date.now() + 30_000;
    while (Date.now() < deadline) {
      const status = JSON.parse((await users.iru.call(down, 'export status', 'Job.ExportListExcel.status', { id: job })).texts[0] ?? '{}') as Row;
      if (Number(status.state) === 71) {
        const bytes = await users.iru.download(down, 'export download', String(status.result));
        if (bytes.subarray(0, 2).toString('latin1') === 'PK') result.exports.ok++;
        else result.exports.failed.push(`job ${job}: the download is not an .xlsx file`);
        return;
      }
      if (Number(status.state) === 2) {
        result.exports.failed.push(`job ${job} failed: ${String(status.result)}`);
        return;
      }
      await sleep(400);
    }
    result.exports.failed.push(`job ${job} did not finish in 30 s`);
  };

  await Promise.all([
    ...readers.map((r) => loop(r)),
    loop(() => create(pick(), 'ticket').then(() => undefined)),
    loop(() => create(pick(), 'ticket').then(() => undefined)),
    loop(race, 100),
    loop(signoff, 100),
    loop(files, 200),
  ]);
  return result;
}

async function formState(user: PortalUser, via: Target, form: number): Promise<{ state: number; updatectr: number }> {
  const { rows } = await user.call(via, 'read record', 'Record.select', { module: 'REForm', fields: ['id', 'updatectr', 'state'], where: [['id', '=', form]] });
  if (!rows[0]) throw new Error(`the demo form ${form} is not visible to ${user.userid}`);
  return { state: Number(rows[0].state), updatectr: Number(rows[0].updatectr) };
}

/** The first entity's Open BNK-01 of the demo, filled so that it may be sent for verification. */
async function prepareForm(preparer: PortalUser, via: Target): Promise<number> {
  const { rows } = await preparer.call(via, 'setup', 'Record.select', { module: 'REForm', fields: ['id', 'updatectr', 'state', 'code'], where: [['state', '=', OPEN], ['code', '=', 'BNK-01']], order: 'id asc', max: 1 });
  const form = Number(rows[0]?.id);
  if (!form) throw new Error('the preparer has no Open BNK-01 form: is the demo seeded?');
  const data = await preparer.call(via, 'setup', 'Form.getData', { form });
  const counter = Number((JSON.parse(data.texts[0] ?? '{}') as Row).updatectr);
  await preparer.call(via, 'setup', 'Form.saveData', { form, updatectr: counter, cells: COMPLETE_BNK01 });
  return form;
}
