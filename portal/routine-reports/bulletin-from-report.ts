// What RoutineReport.publish makes of an approved report (seed 003 §7; the seed does not show the
// bulletin's content, so this is ours, docs/routine-reports-peoi.md): a Bulletin titled after the
// report's bulletin template and the report, whose message is the template's opening text
// followed by the report's findings, linked to the report's sectors, Active from today for the
// template's (else the report's) periodicity. Written through the record engine as the caller.
import type { ActionContext } from '../../engine/runtime/context.js';
import { errors } from '../../engine/errors/catalogue.js';
import { sqlDate } from '../../engine/db/clock.js';
import { createRecord } from '../../engine/records/create.js';
import { escapeHtml } from '../../engine/reports/template.js';
import { BULLETIN_DAYS, BULLETIN_DEFAULT_DAYS, ROUTINE_MESSAGES } from './routine-report-rules.js';

type Row = Record<string, unknown>;

const idOf = (answer: Awaited<ReturnType<typeof createRecord>>): number => {
  const [v] = answer;
  return Number(v.type === 'recordset' ? v.rows[0][0] : NaN);
};

function addDays(day: string, n: number): string {
  return sqlDate(new Date(Date.parse(`${day}T00:00:00Z`) + n * 86_400_000));
}

/** The report's findings as HTML: every value escaped, line breaks kept. */
export function findingsHtml(report: Row): string {
  const para = (title: string, v: unknown) => `<p><strong>${escapeHtml(title)}</strong><br>${escapeHtml(String(v ?? '')).replace(/\r?\n/g, '<br>')}</p>`;
  return [
    para('Insight', report.insight),
    para('Trend', report.trend),
    para('Major contributors', report.majorcontribute),
    para('Submission level', `${String(report.submissionlevel ?? '')}% of ${String(report.noofre ?? '')} reporting entities (${String(report.typeofre ?? '')})`),
    para('Accuracy level', report.accuracylevel),
  ].join('');
}

/** Creates the bulletin of `report` (its stored row) and answers its id. */
export async function createBulletinFromReport(ctx: ActionContext, report: Row): Promise<number> {
  const template = (await ctx.db('bulletintmpl').where({ id: Number(report.bulletintmpl) }).first('name', 'message', 'periodicity')) as Row | undefined;
  if (!template) throw errors.notFound(`Bulletin template #${String(report.bulletintmpl)}`);
  const sectors = (await ctx.db('routinerpt_sector').where({ link_fk_routinerpt: Number(report.id) }).orderBy('link_fk_sector').pluck('link_fk_sector')).map(Number);
  if (!sectors.length) throw errors.validation({ sectors: ROUTINE_MESSAGES.required });
  const periodicity = String(template.periodicity ?? report.periodicity ?? '');
  const start = sqlDate();
  const end = addDays(start, BULLETIN_DAYS[periodicity] ?? BULLETIN_DEFAULT_DAYS);
  const opening = String(template.message ?? '').trim();
  const message = `${opening}${findingsHtml(report)}`;
  const name = `${String(template.name)}: ${String(report.name)}`.slice(0, 255);
  const bulletin = idOf(await createRecord(ctx, { module: 'Bulletin', fields: ['name', 'message', 'startdate', 'enddate', 'state'], values: [name, message, start, end, 33], read: ['id'] }));
  for (const sector of sectors) {
    await createRecord(ctx, { module: 'Bulletin_Sector', fields: ['link_fk_bulletin', 'link_fk_sector'], values: [bulletin, sector], read: ['link_id'] });
  }
  return bulletin;
}
