// A demo dashboard group with three active charts whose data rows have something to count on the
// demo data whatever month is picked (they group by lookups, not by month): entities per sector,
// submissions per state, forms per state. Colours are the status colours of seed 000 §4.2
// (client/src/dashboards/status-colours.ts).
import type { Knex } from 'knex';
import { insertRows } from './support.js';

const ACTIVE = 33;
/** The demo's dashboard group id. */
export const DEMO_DASHBOARD_GROUP = 1;
const TYPE = { pie: 1, bar: 2, line: 3 } as const;

const CHARTS = [
  {
    name: 'Reporting entities by sector',
    type: TYPE.pie,
    rows: [{ label: 'Entities', color: '#2563eb', module: 'RE', aggregate: 'count', groupBy: { lookup: 'sector' }, where: [['state', '=', ACTIVE]] }],
  },
  {
    name: 'Submissions by status',
    type: TYPE.bar,
    rows: [
      { label: 'Outstanding', color: '#f59e0b', module: 'FormBatch', aggregate: 'count', groupBy: { lookup: 'state' }, where: [['state', 'in', [13, 75, 55, 74]]] },
      { label: 'Done', color: '#16a34a', module: 'FormBatch', aggregate: 'count', groupBy: { lookup: 'state' }, where: [['state', 'in', [56, 45, 71]]] },
    ],
  },
  {
    name: 'Forms by status',
    type: TYPE.line,
    rows: [{ label: 'Forms', color: '#4f46e5', module: 'Form', aggregate: 'count', groupBy: { lookup: 'state' } }],
  },
];

export async function seedDemoDashboards(db: Knex, createon: string): Promise<Record<string, number>> {
  // A fresh database: the group is the first, so the demo's dashboard is /sample_dash/1.
  const group = DEMO_DASHBOARD_GROUP;
  await db('dashboardgroup').insert({ id: group, name: 'Supervision overview', createon });
  const rows = CHARTS.map((c, i) => ({ name: c.name, type: c.type, dashboardgroup: group, data: JSON.stringify({ rows: c.rows }), ordernumber: i + 1, state: ACTIVE, createon }));
  return { dashboardgroup: 1, dashboardchart: await insertRows(db, 'dashboardchart', rows) };
}
