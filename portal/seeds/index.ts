// Seeds a freshly migrated database: reference data always, demo entities and accounts on
// request. Runs once: a database whose `list` table has rows is left alone.
import type { Knex } from 'knex';
import { sqlDateTime } from '../../engine/db/clock.js';
import { addMissingTasks, seedAccess } from './access.js';
import { seedDemoAdmin } from './demo-admin.js';
import { seedDemoDashboards } from './demo-dashboards.js';
import { seedDemoDropdownRequests } from './demo-dropdown-requests.js';
import { seedDemoResubmissions } from './demo-resubmissions.js';
import { seedDemoExtensions } from './demo-extensions.js';
import { seedDemoBulletins } from './demo-bulletins.js';
import { seedDemoEntities } from './demo-entities.js';
import { seedDemoForms } from './demo-forms.js';
import { seedDemoHistory } from './demo-history.js';
import { seedDemoPeriods } from './demo-periods.js';
import { seedDemoTemplates } from './demo-templates.js';
import { seedDemoVarianceRules } from './demo-variance-rules.js';
import { seedDemoThreads } from './demo-threads.js';
import { seedBulletinTemplates, seedDemoOffices } from './routine-reports-peoi.js';
import { seedDemoUsers } from './demo-users.js';
import { seedLists } from './lists.js';
import { seedRecordsBLists } from './re-records-b-lists.js';
import { seedDemoRecordsB } from './demo-re-records-b.js';
import { seedReAdminLists } from './re-admin-lists.js';
import { seedLookupLists } from './lookup-lists.js';
import { seedRecordsALists } from './re-records-a-lists.js';
import { seedDemoRecordsA } from './demo-re-records-a.js';
import { addMissingMailTemplates, seedMailTemplates } from './mail-templates.js';
import { seedParameters } from './parameters.js';
import { seedScreens } from './screens.js';
import { seedReports } from './reports.js';
import { seedProfileDefinitions } from './profile-definitions.js';
import { ROW_RULE_DEMO_USERS, seedRowRuleDemo, seedRowRuleReference } from './demo-row-rule-users.js';
import { seedStageDemoUsers, STAGE_DEMO_USERS } from './demo-stage-users.js';
import { DEMO_USERS as BASE_DEMO_USERS } from './demo-users.js';

export { DEMO_PASSWORD } from './demo-users.js';
/** Every demo account start-up prints: the base ones, the row rules' teams (docs/row-rules.md) and the sign-off stages' heads. */
export const DEMO_USERS = [...BASE_DEMO_USERS, ...ROW_RULE_DEMO_USERS, ...STAGE_DEMO_USERS];

/** What start-up says when a database seeded by an earlier release got this release's new tasks. */
export function newTasksNotice(n: number): string {
  return `Added ${n} permission task${n === 1 ? '' : 's'} of this release, granted to the system administrator role; grant them to other roles in Role & Permission.`;
}

export interface SeedReport {
  skipped: boolean;
  /** Rows inserted per table. */
  counts: Record<string, number>;
}

export interface SeedOptions {
  demo: boolean;
  /**
   * The demo's year of submissions (seeds/demo-forms.ts) ends before this day's month; default
   * today, like the rest of its history (seeds/demo-history.ts). Tests fix it, so that the periods
   * they open on fixed dates never meet the demo's.
   */
  historyEnd?: Date;
}

export async function runSeeds(db: Knex, opts: SeedOptions): Promise<SeedReport> {
  // One transaction, so a failed run leaves nothing half-seeded for the next run to skip.
  return db.transaction(async (trx) => {
    // A UTC string, as the engine stores date-times; knex would bind a Date as epoch ms on SQLite.
    const createon = sqlDateTime();
    const existing = await trx('list').count({ n: '*' }).first();
    if (Number(existing?.n ?? 0) > 0) {
      // Seeded by an earlier release: only the permission tasks and mail templates it lacks are added.
      const added = await addMissingTasks(trx, createon);
      const mail = await addMissingMailTemplates(trx, createon);
      const reAdminLists = await seedReAdminLists(trx, createon);
      // List groups 720, 78, 79 and 581 (seeds/lookup-lists.ts), where missing.
      const lookupLists = await seedLookupLists(trx, createon);
      // The row rules' help desk categories and role 24 (docs/row-rules.md), where missing.
      const rowRules = await seedRowRuleReference(trx, createon);
      // The report designer's records (docs/reports.md): the shipped reports a database lacks.
      const reports = await seedReports(trx, createon);
      // The profile's tab definitions and per-sector rules (docs/re-profile.md), once.
      const profile = await seedProfileDefinitions(trx, createon);
      const counts: Record<string, number> = { ...(added ? { permissiontasks: added } : {}), ...(mail ? { email_template: mail } : {}), ...reAdminLists, ...lookupLists, ...Object.fromEntries(Object.entries(rowRules).filter(([, n]) => n > 0)), ...reports, ...profile };
      return { skipped: true, counts };
    }

    const counts: Record<string, number> = {
      ...(await seedLists(trx, createon)),
      ...(await seedAccess(trx, createon)),
      ...(await seedParameters(trx, createon)),
      ...(await seedMailTemplates(trx, createon)),
      ...(await seedScreens(trx, createon)),
      ...(await seedReports(trx, createon)),
      ...(await seedBulletinTemplates(trx, createon)),
      ...(await seedProfileDefinitions(trx, createon)),
    };
    for (const [table, n] of Object.entries(await seedRecordsBLists(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
    for (const [table, n] of Object.entries(await seedReAdminLists(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
    for (const [table, n] of Object.entries(await seedLookupLists(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
    for (const [table, n] of Object.entries(await seedRowRuleReference(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
    for (const [table, n] of Object.entries(await seedRecordsALists(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
    if (opts.demo) {
      Object.assign(counts, await seedDemoEntities(trx, createon));
      Object.assign(counts, await seedDemoUsers(trx, createon));
      Object.assign(counts, await seedDemoTemplates(trx, createon));
      Object.assign(counts, await seedDemoVarianceRules(trx, createon));
      const historyEnd = opts.historyEnd ?? new Date();
      Object.assign(counts, await seedDemoForms(trx, createon, historyEnd));
      for (const [table, n] of Object.entries(await seedDemoPeriods(trx))) counts[table] = (counts[table] ?? 0) + n;
      Object.assign(counts, await seedDemoThreads(trx, createon));
      for (const [table, n] of Object.entries(await seedDemoHistory(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
      Object.assign(counts, await seedDemoDashboards(trx, createon));
      Object.assign(counts, await seedDemoBulletins(trx, createon));
      Object.assign(counts, await seedDemoDropdownRequests(trx, createon));
      Object.assign(counts, await seedDemoResubmissions(trx, createon));
      Object.assign(counts, await seedDemoExtensions(trx, createon));
      Object.assign(counts, await seedDemoOffices(trx, createon));
      for (const [table, n] of Object.entries(await seedDemoRecordsB(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
      for (const [table, n] of Object.entries(await seedDemoRecordsA(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
      for (const [table, n] of Object.entries(await seedDemoAdmin(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
      for (const [table, n] of Object.entries(await seedRowRuleDemo(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
      for (const [table, n] of Object.entries(await seedStageDemoUsers(trx, createon))) counts[table] = (counts[table] ?? 0) + n;
    }
    return { skipped: false, counts };
  });
}
