// A call that loses a race is run again; one that cannot reach the database answers the retryable
// E_UNAVAILABLE, never a half write: on both databases, with a real deadlock on MariaDB (two
// writers locking two rows in opposite orders), and the policy itself with failures a driver gives.
import { Type } from '@sinclair/typebox';
import { pino } from 'pino';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ActionRegistry, defineAction } from '../runtime/registry.js';
import { Dispatcher } from './dispatch.js';
import { text } from '../protocol/envelope.js';
import type { EngineServices } from '../runtime/context.js';
import { loadConfig } from '../../fastify.config.js';
import { ModuleRegistry } from '../metadata/module-registry.js';
import { createTestDatabase, testDialects, type TestDatabase } from '../testing/test-database.js';

const failing = (errno: number, code: string) => Object.assign(new Error(code), { errno, code });

describe.each(await testDialects())('calls run again after a lost race, on %s', (dialect) => {
  let database: TestDatabase;
  let runs: Record<string, number>;
  let dispatcher: Dispatcher;

  const action = (name: string, writes: boolean, body: (db: import('knex').Knex, n: number) => Promise<void>) =>
    defineAction({
      name,
      summary: name,
      args: [Type.Object({}, { additionalProperties: false })],
      access: 'public',
      writes,
      answer: 'ok',
      handler: async (_args, ctx) => {
        runs[name] = (runs[name] ?? 0) + 1;
        await body(ctx.db as import('knex').Knex, runs[name]);
        return [text('ok')];
      },
    });

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { migrate: false });
    const db = database.db;
    await db.schema.createTable('race_row', (t) => {
      t.integer('id').primary();
      t.integer('n').notNullable();
    });
    await db('race_row').insert([{ id: 1, n: 0 }, { id: 2, n: 0 }]);
    const log = pino({ level: 'silent' });
    const services = { config: loadConfig({}), db, dialect, modules: new ModuleRegistry([]), log } as unknown as EngineServices;
    const pause = () => new Promise((r) => setTimeout(r, 150));
    const both = (first: number, second: number) => async (tx: import('knex').Knex) => {
      await tx('race_row').where({ id: first }).increment('n', 1);
      await pause();
      await tx('race_row').where({ id: second }).increment('n', 1);
    };
    dispatcher = new Dispatcher(
      services,
      new ActionRegistry().register(
        action('Race.ab', true, both(1, 2)),
        action('Race.ba', true, both(2, 1)),
        action('Race.loseOnce', true, async (tx, n) => {
          await tx('race_row').where({ id: 1 }).increment('n', 10);
          if (n === 1) throw failing(1213, 'ER_LOCK_DEADLOCK');
        }),
        action('Race.writeLost', true, async (tx) => {
          await tx('race_row').where({ id: 2 }).increment('n', 100);
          throw Object.assign(new Error('Connection lost: The server closed the connection.'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
        }),
        action('Race.readLost', false, async (_db, n) => {
          if (n === 1) throw Object.assign(new Error('Connection lost'), { code: 'PROTOCOL_CONNECTION_LOST', fatal: true });
        }),
        action('Race.neverReached', false, async () => {
          throw Object.assign(new Error('connect ECONNREFUSED 127.0.0.1:3399'), { code: 'ECONNREFUSED' });
        }),
      ),
    );
  });
  afterAll(async () => {
    await database?.destroy();
  });

  beforeEach(() => {
    runs = {};
  });

  const stored = async (id: number) => Number((await database.db('race_row').where({ id }).first('n')).n);

  it('runs a write that lost a race again, and its first attempt leaves nothing behind', async () => {
    const before = await stored(1);
    expect(await dispatcher.run({ action: 'Race.loseOnce', args: [{}] }, null, 'r1')).toEqual([text('ok')]);
    expect(runs['Race.loseOnce']).toBe(2);
    expect(await stored(1)).toBe(before + 10);
  });

  it.runIf(dialect === 'mysql')('answers both writers of a real deadlock, each counted once', async () => {
    const [a, b] = [await stored(1), await stored(2)];
    const answers = await Promise.all([dispatcher.run({ action: 'Race.ab', args: [{}] }, null, 'ra'), dispatcher.run({ action: 'Race.ba', args: [{}] }, null, 'rb')]);
    expect(answers).toEqual([[text('ok')], [text('ok')]]);
    // One of them met the deadlock and ran again.
    expect((runs['Race.ab'] ?? 0) + (runs['Race.ba'] ?? 0)).toBeGreaterThan(2);
    expect([await stored(1), await stored(2)]).toEqual([a + 2, b + 2]);
  });

  it('does not run again a write whose connection broke (it may have committed): E_UNAVAILABLE, the write rolled back here', async () => {
    const before = await stored(2);
    const answer = await dispatcher.run({ action: 'Race.writeLost', args: [{}] }, null, 'r2');
    expect(answer).toEqual([{ type: 'exception', code: 'E_UNAVAILABLE', message: 'The portal is briefly unavailable. Please try again in a moment.' }]);
    expect(runs['Race.writeLost']).toBe(1);
    expect(await stored(2)).toBe(before);
  });

  it('runs a read again when its connection broke, and gives up on a database it cannot reach with E_UNAVAILABLE', async () => {
    expect(await dispatcher.run({ action: 'Race.readLost', args: [{}] }, null, 'r3')).toEqual([text('ok')]);
    expect(runs['Race.readLost']).toBe(2);
    const answer = await dispatcher.run({ action: 'Race.neverReached', args: [{}] }, null, 'r4');
    expect(answer[0]).toMatchObject({ type: 'exception', code: 'E_UNAVAILABLE' });
    expect(runs['Race.neverReached']).toBe(4);
  });
});
