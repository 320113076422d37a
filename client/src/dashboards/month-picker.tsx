// The dashboards' month picker (seed 000 §9: mm/yyyy): the text is kept while typing and the
// month is committed once it reads as one.
import { useState } from 'react';
import { isMonth } from './chart-answer';

export function MonthPicker(props: { value: string; onChange(month: string): void }) {
  const [text, setText] = useState<string | null>(null);
  const shown = text ?? props.value;
  return (
    <label className="field month-picker">
      <span className="form-label">Month (mm/yyyy)</span>
      <input
        data-testid="month"
        inputMode="numeric"
        placeholder="mm/yyyy"
        maxLength={7}
        value={shown}
        onChange={(e) => {
          setText(e.target.value);
          if (isMonth(e.target.value)) props.onChange(e.target.value);
        }}
        onBlur={() => setText(null)}
      />
      {!isMonth(shown) && <span className="field-error">A month as mm/yyyy</span>}
    </label>
  );
}
