// What a dashboard says when the chosen month has no data (docs/client.md, Dashboards): so, in
// words, with a button that shows the latest month that has data (the server's latest_month).
import { monthHasData, monthLabel, pickerMonth, type DashboardAnswer } from './entity-dashboard';

export function EmptyMonthNotice({ answer, onShow }: { answer: DashboardAnswer; onShow(month: string): void }) {
  if (monthHasData(answer)) return null;
  const latest = answer.latest_month ?? null;
  return (
    <div className="notice dashboard-empty" role="status" data-testid="empty-month">
      <p>
        There is no data for {monthLabel(answer.month)}.
        {latest && latest !== answer.month ? ` The latest month with data is ${monthLabel(latest)}.` : latest ? '' : ' Nothing has been recorded yet.'}
      </p>
      {latest && latest !== answer.month && (
        <button type="button" className="btn btn-primary" data-testid="show-latest" data-month={latest} onClick={() => onShow(pickerMonth(latest))}>
          Show {monthLabel(latest)}
        </button>
      )}
    </div>
  );
}
