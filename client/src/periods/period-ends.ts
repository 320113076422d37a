// The period ends a calendar offers on the Open period screen: the last days of the months that
// end one of its periods (portal/filing/period-dates.ts decides which), newest first, from three
// years back to a year ahead of today.
import { monthEnd, periodEndProblem, periodOf } from '../../../portal/filing/period-dates.js';
import type { Choice } from '../ui/labelled-fields';
import { formatDate } from '../ui/date-format';

export function periodEnds(months: number, today: Date): Choice[] {
  const out: Choice[] = [];
  const y = today.getUTCFullYear();
  const m = today.getUTCMonth();
  for (let back = -12; back <= 36; back++) {
    const end = monthEnd(y, m - back);
    if (periodEndProblem(end, months) !== null) continue;
    out.push({ value: end, label: `${periodOf(end, months).label} (ending ${formatDate(end)})` });
  }
  return out;
}
