// The dashboards' filter bar: the month (mm/yyyy, required: seed 000 §5, seed 003 §5), any further
// filters given as children, and the button that applies them.
import { useState, type ReactNode } from 'react';
import { MonthPicker } from './month-picker';
import { isMonth } from './chart-answer';

export const MONTH_REQUIRED = 'Please select a month';

export function MonthFilterForm(props: { month: string; onMonth(month: string): void; button: string; testId: string; onApply(): void; children?: ReactNode }) {
  const [problem, setProblem] = useState<string | null>(null);
  return (
    <form
      className="toolbar"
      onSubmit={(e) => {
        e.preventDefault();
        const ok = isMonth(props.month);
        setProblem(ok ? null : MONTH_REQUIRED);
        if (ok) props.onApply();
      }}
    >
      <MonthPicker value={props.month} onChange={props.onMonth} />
      {props.children}
      <button className="btn btn-primary" type="submit" data-testid={props.testId}>
        {props.button}
      </button>
      {problem && (
        <span className="field-error" role="alert">
          {problem}
        </span>
      )}
    </form>
  );
}
