import { describe, expect, it } from 'vitest';
import mysql from 'mysql2/promise';
import { dbFailureOf } from './db-failures.js';
import { testDialects } from '../testing/test-database.js';

const dialects = await testDialects();
const mysqlError = (errno: number, code: string) => Object.assign(new Error(code), { errno, code });

describe('what a database failure means for the call that met it', () => {
  it('takes a deadlock, a Galera certification failure and a lock wait timeout for a lost race', () => {
    expect(dbFailureOf(mysqlError(1213, 'ER_LOCK_DEADLOCK'))).toBe('conflict');
    expect(dbFailureOf(mysqlError(1205, 'ER_LOCK_WAIT_TIMEOUT'))).toBe('conflict');
  });

  it('tells a host that cannot be reached from a connection lost while a call ran', () => {
    expect(dbFailureOf(Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' }))).toBe('unreachable');
    expect(dbFailureOf(Object.assign(new Error('Knex: Timeout acquiring a connection.'), { name: 'KnexTimeoutError' }))).toBe('unreachable');
    expect(dbFailureOf(new Error('database node 127.0.0.1:13306 is not synced (wsrep_local_state 2)'))).toBe('unreachable');
    expect(dbFailureOf(mysqlError(1047, 'ER_UNKNOWN_COM_ERROR'))).toBe('lost');
    expect(dbFailureOf(Object.assign(new Error('lost'), { code: 'PROTOCOL_CONNECTION_LOST' }))).toBe('lost');
  });

  it.runIf(dialects.includes('mysql'))('takes a command on a connection the server closed for a lost connection (mysql)', async () => {
    const c = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    const [[{ id }]] = (await c.query('select connection_id() as id')) as unknown as [[{ id: number }]];
    const killer = await mysql.createConnection({ host: '127.0.0.1', port: 3306, user: 'root' });
    await killer.query('kill ?', [id]);
    await killer.end();
    // The first command meets the closing; the next one (a rollback, say) the closed state.
    const first = await c.query('select 1').catch((e: unknown) => e);
    const next = await c.query('rollback').catch((e: unknown) => e);
    expect(dbFailureOf(first)).toBe('lost');
    expect(String((next as Error).message)).toMatch(/closed state/);
    expect(dbFailureOf(next)).toBe('lost');
    c.destroy();
  });

  it('leaves every other error alone', () => {
    expect(dbFailureOf(mysqlError(1062, 'ER_DUP_ENTRY'))).toBeNull();
    expect(dbFailureOf(new Error('anything'))).toBeNull();
    expect(dbFailureOf(undefined)).toBeNull();
  });
});
