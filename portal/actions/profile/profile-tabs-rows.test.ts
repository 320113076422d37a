// RE.getProfileTabs goes through the caller's entities (RE's row rules, docs/row-rules.md): a
// relationship manager (37) or an App I/II officer (43) naming another team's entity, and an
// entity user naming another entity, are told exactly what they are told of one that does not
// exist; their own entities' tabs are answered as before, and ordinary regulator staff unchanged.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestEngine, type TestEngine } from '../../../engine/testing/test-engine.js';
import { testDialects } from '../../../engine/testing/test-database.js';
import { failure, type Failure } from '../../../engine/testing/record-calls.js';
import type { EnvelopeValue } from '../../../engine/protocol/envelope.js';

const MISSING = 999_999_999;

const shape = (f: Failure, id: number) => ({ code: f.code, message: f.message.replace(`#${id}`, '#ID'), details: f.details });
const titles = (v: EnvelopeValue[]) => (v[0]?.type === 'recordset' ? v[0].rows.map((r) => String(r[1])) : []);

describe.each(await testDialects())("RE.getProfileTabs through the caller's entities on %s", (dialect) => {
  let t: TestEngine;
  let iru: string;
  let rm: string;
  let app: string;
  let re: string;

  beforeAll(async () => {
    t = await startTestEngine(dialect, { JOB_CONCURRENCY: '0' });
    iru = await t.sessionFor('iru');
    rm = await t.sessionFor('rm');
    app = await t.sessionFor('appofficer');
    re = await t.sessionFor('re', 1);
  });
  afterAll(async () => t?.close());

  const tabs = (cookie: string, re: number) => t.call('RE.getProfileTabs', [{ re }], cookie);

  it("answers another team's entity exactly as a missing one", async () => {
    for (const [cookie, hidden] of [[rm, 4], [app, 1], [app, 2], [re, 2]] as const) {
      const missing = shape(failure(await tabs(cookie, MISSING)), MISSING);
      expect(missing).toEqual({ code: 'E_NOTFOUND', message: 'RE #ID not found.', details: undefined });
      expect(shape(failure(await tabs(cookie, hidden)), hidden)).toEqual(missing);
    }
  });

  it("answers the tabs of the caller's own entities as ordinary staff are answered them", async () => {
    const staff = titles(await tabs(iru, 1));
    expect(staff.length).toBeGreaterThan(0);
    expect(titles(await tabs(rm, 1))).toEqual(staff);
    expect(titles(await tabs(rm, 3))).toEqual(titles(await tabs(iru, 3)));
    expect(titles(await tabs(app, 3))).toEqual(titles(await tabs(iru, 3)));
    // An entity user: its current entity, named or not.
    const own = titles(await t.call('RE.getProfileTabs', [{}], re));
    expect(own.length).toBeGreaterThan(0);
    expect(titles(await tabs(re, 1))).toEqual(own);
  });
});
