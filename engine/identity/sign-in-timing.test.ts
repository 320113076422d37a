// A wrong password takes the same time whether or not the user id exists, on both databases:
// an unknown user id costs one argon2 verification (against the dummy hash) and the statements
// of a counted failure, like a known one. Timed through the real endpoint, as someone probing
// for user ids would time it: pairs of one known and one unknown user id, back to back, and the
// median of the pairs' differences, so that the load of a shared machine falls on both alike.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../testing/test-engine.js';
import { testDialects } from '../testing/test-database.js';
import { hashPassword } from './password-hash.js';
import { codeOf, insertUsersWithHash, login } from './testing/identity-calls.js';

const SAMPLES = 40;
const ROUNDS = 3;
const WARM_UP = 4;
/** The median difference may be this share of the median sign-in, plus SLACK_MS, and count as none. */
const TOLERANCE = 0.25;
const SLACK_MS = 3;

const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return (sorted[(sorted.length - 1) >> 1] + sorted[sorted.length >> 1]) / 2;
};

describe.each(await testDialects())('the time a failed sign-in takes (%s)', (dialect) => {
  let t: TestEngine;
  beforeAll(async () => {
    // The per-address limit is not what is measured here, nor the workers' polling.
    t = await startTestEngine(dialect, { LOGIN_RATE_LIMIT: '100000', JOB_CONCURRENCY: '0', MAIL_POLL_MS: '3600000' });
  });
  afterAll(async () => t?.close());

  it('comes from the same statements for an unknown user id as for a known one with a wrong password', async () => {
    await insertUsersWithHash(t.database.db, ['statements-known'], await hashPassword('Known&Pass1'));
    const statementsOf = async (userid: string) => {
      const seen: string[] = [];
      const listener = (q: { sql: string }) => seen.push(q.sql);
      t.database.db.on('query', listener);
      try {
        expect(codeOf(await login(t, { userid, password: 'Wrong&Guess9' }))).toBe('E_LOGINFAILED');
      } finally {
        t.database.db.off('query', listener);
      }
      return seen;
    };
    // Once each first, so that what is read once and cached is out of the way.
    await statementsOf('statements-known');
    await statementsOf('statements-unknown-0');
    const known = await statementsOf('statements-known');
    expect(known.some((sql) => /update/i.test(sql))).toBe(true);
    expect(await statementsOf('statements-unknown-1')).toEqual(known);
  });

  it('is the same for an unknown user id as for a known one with a wrong password', async () => {
    // Every known user is tried once, so no account locks (a locked one answers at once).
    const known = Array.from({ length: ROUNDS * SAMPLES + WARM_UP }, (_, i) => `timed-${i}`);
    await insertUsersWithHash(t.database.db, known, await hashPassword('Known&Pass1'));
    let next = 0;
    const pair = async (knownFirst: boolean) => {
      const i = next++;
      const run = async (userid: string) => {
        const started = performance.now();
        const answer = await login(t, { userid, password: 'Wrong&Guess9' });
        const ms = performance.now() - started;
        expect(codeOf(answer)).toBe('E_LOGINFAILED');
        return ms;
      };
      if (knownFirst) {
        const k = await run(known[i]);
        return { k, u: await run(`never-registered-${i}`) };
      }
      const u = await run(`never-registered-${i}`);
      return { k: await run(known[i]), u };
    };
    // Warm-up: the first calls of each kind pay for caches and prepared statements.
    for (let i = 0; i < WARM_UP; i++) await pair(i % 2 === 0);
    // A leak shows in every round; a burst of load on the shared machine in one at most, so a
    // round that finds the two alike settles it.
    const rounds: string[] = [];
    for (let round = 0; round < ROUNDS; round++) {
      const differences: number[] = [];
      const all: number[] = [];
      // Alternating which kind goes first, so neither always follows the other.
      for (let i = 0; i < SAMPLES; i++) {
        const { k, u } = await pair(i % 2 === 0);
        differences.push(k - u);
        all.push(k, u);
      }
      const [difference, typical] = [median(differences), median(all)];
      rounds.push(`median difference ${difference.toFixed(1)} ms of sign-ins taking ${typical.toFixed(1)} ms`);
      if (Math.abs(difference) <= TOLERANCE * typical + SLACK_MS) return;
    }
    expect.fail(`a known user id (wrong password) and an unknown one took different times: known minus unknown, ${rounds.join('; ')}`);
  });
});
