// System.monitor answers the home page's real figures: user counts as the database holds them,
// percentages within 0-100, the latest jobs the caller may see; RE users are refused.
import type { Knex } from 'knex';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../testing/test-engine.js';
import { testDialects } from '../../testing/test-database.js';
import type { EnvelopeValue } from '../../protocol/envelope.js';
import { sqlDateTime } from '../../db/clock.js';

const json = (values: EnvelopeValue[]) => {
  if (values[0]?.type !== 'text') throw new Error(`Expected text, got ${JSON.stringify(values[0])}`);
  return JSON.parse(values[0].text);
};

describe.each(await testDialects())('System.monitor on %s', (dialect) => {
  let t: TestEngine;
  let admin: string;
  let iru: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect);
    const db = t.database.db;
    // One inactive user (state 4) and one of another state, so the three counts differ.
    await db('user').where({ userid: 're2' }).update({ state: 4 });
    await db('user').where({ userid: 'mfa' }).update({ state: 2 });
    admin = await t.sessionFor('admin');
    iru = await t.sessionFor('iru');
    // A session long idle is not online.
    const idle = await t.sessionFor('re');
    await db('session').where({ user_id: 3 }).update({ last_seen_at: sqlDateTime(new Date(Date.now() - 24 * 3600_000)) });
    expect(idle).toBeTruthy();
  });
  afterAll(async () => {
    await t?.close();
  });

  it('counts total, active (33), inactive (4) and online users as the database holds them', async () => {
    const db = t.database.db;
    const count = async (q: Knex.QueryBuilder) => Number(((await q.count({ n: '*' })) as { n: unknown }[])[0].n);
    const expected = {
      total: await count(db('user')),
      active: await count(db('user').where({ state: 33 })),
      inactive: await count(db('user').where({ state: 4 })),
      online: 2,
    };
    expect(expected.total).toBeGreaterThan(expected.active + expected.inactive);
    const figures = json(await t.call('System.monitor', [{ server: 'app' }], admin));
    expect(figures.users).toEqual(expected);
    expect(json(await t.call('System.monitor', [], iru)).users).toEqual(expected);
  });

  it('answers CPU, memory and disk as percentages for both tabs, with the database size on the database tab', async () => {
    for (const server of ['app', 'database'] as const) {
      const figures = json(await t.call('System.monitor', [{ server }], admin));
      expect(figures.server).toBe(server);
      expect(figures.dialect).toBe(dialect);
      for (const k of ['cpu', 'memory', 'disk']) {
        expect(typeof figures[k]).toBe('number');
        expect(figures[k]).toBeGreaterThanOrEqual(0);
        expect(figures[k]).toBeLessThanOrEqual(100);
      }
      expect(figures.memory).toBeGreaterThan(0);
      expect(figures.disk).toBeGreaterThan(0);
      expect(figures.memoryBytes).toBeGreaterThan(0);
      expect(figures.memoryBytes).toBeLessThanOrEqual(figures.memoryTotalBytes);
      expect(figures.diskUsedBytes).toBeLessThanOrEqual(figures.diskTotalBytes);
      if (server === 'database') expect(figures.databaseBytes).toBeGreaterThan(10_000);
      else expect(figures.databaseBytes).toBeUndefined();
    }
  });

  it('measures CPU over the interval since the previous sample', async () => {
    await t.call('System.monitor', [{ server: 'app' }], admin);
    await new Promise((r) => setTimeout(r, 1100));
    // Busy work in this process between the samples shows as CPU use of the engine process.
    const until = Date.now() + 600;
    let x = 0;
    while (Date.now() < until) x += Math.sqrt(x + 1);
    const figures = json(await t.call('System.monitor', [{ server: 'app' }], admin));
    expect(x).toBeGreaterThan(0);
    expect(figures.cpu).toBeGreaterThan(5);
    expect(figures.cpu).toBeLessThanOrEqual(100);
  });

  it("shows an administrator everyone's latest jobs and an IRU user only their own", async () => {
    const db = t.database.db;
    const now = sqlDateTime();
    for (const [owner, type] of [[1, 'Test.adminJob'], [2, 'Test.iruJob']] as const) {
      await db('job').insert({ type, owner_id: owner, state: 71, progress: 100, args: '{}', available_at: now, createon: now });
    }
    const adminJobs = json(await t.call('System.monitor', [{ server: 'app' }], admin)).jobs;
    expect(adminJobs.map((j: { type: string }) => j.type)).toEqual(['Test.iruJob', 'Test.adminJob']);
    expect(adminJobs[0]).toMatchObject({ state: 'done', progress: 100, owner: 'iru' });
    const iruJobs = json(await t.call('System.monitor', [{ server: 'database' }], iru)).jobs;
    expect(iruJobs.map((j: { type: string }) => j.type)).toEqual(['Test.iruJob']);
  });

  it('refuses RE users with E_NOPERMISSION, callers without a session, and a server that is neither tab', async () => {
    const re = await t.sessionFor('re');
    expect((await t.call('System.monitor', [{ server: 'app' }], re))[0]).toMatchObject({ type: 'exception', code: 'E_NOPERMISSION' });
    expect((await t.call('System.monitor', [{}]))[0]).toMatchObject({ type: 'exception', code: 'E_ILLEGALACCESS' });
    expect((await t.call('System.monitor', [{ server: 'mail' }], admin))[0]).toMatchObject({ type: 'exception', code: 'E_BADREQUEST' });
  });
});
