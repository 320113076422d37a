// npm start's seeding: a fresh demo database opens with its accepted forms' values kept, so the
// analysts' extract and the change feed are not empty on the first start.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabase, testDialects, type TestDatabase } from '../engine/testing/test-database.js';
import { portal } from '../portal/app.js';
import { FORM_STATE } from '../portal/filing/form-states.js';
import { seedPortal } from './portal-seed.js';

describe.each(await testDialects())('the first start of the demo on %s', (dialect) => {
  let database: TestDatabase;
  const count = async (table: string, where: Record<string, unknown> = {}) => Number((await database.db(table).where(where).count({ n: '*' }))[0].n);

  beforeAll(async () => {
    database = await createTestDatabase(dialect, { app: portal });
  });
  afterAll(async () => {
    await database?.destroy();
  });

  it('keeps the accepted values of every accepted demo form, once', async () => {
    const report = await seedPortal(database.db, { demo: true });
    expect(report.skipped).toBe(false);
    // Forms on a template (the demo's older returns have none, and no cells to keep).
    const accepted = Number((await database.db('form').where({ state: FORM_STATE.accepted }).whereNotNull('formtemplate').count({ n: '*' }))[0].n);
    expect(accepted).toBeGreaterThan(0);
    expect(await count('acceptedform')).toBe(accepted);
    const again = await seedPortal(database.db, { demo: true });
    expect(again.skipped).toBe(true);
    expect(await count('acceptedform')).toBe(accepted);
  });
});
