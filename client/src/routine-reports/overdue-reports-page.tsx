// /iru/RoutineReport/overdue: "Overdue Routine Reports" (seed 003 §2.6), list 242 held to the
// RoutineRpt named filter `overdue` (deadline passed, not Approved or Published;
// docs/routine-reports-peoi.md). A view's own where cannot name a filter, so the page does.
import ListPage from '../list/list-page';

const OVERDUE: [string, string, unknown][] = [['$filter', 'overdue', []]];

export default function OverdueReportsPage() {
  return <ListPage listId={242} basePath="/iru/RoutineReport/overdue" shell="iru" fixedWhere={OVERDUE} title="Overdue Routine Reports" />;
}
