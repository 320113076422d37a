// The dialogs of the regulator's entity list actions (seed 001 §5.2, §8; docs/re-admin-actions.md):
// a small modal form (a date typed DD/MM/YYYY and/or a choice) mounted on its own root, answering
// the values or null when cancelled. A problem found on OK shows inside the dialog, titled as the
// seed titles it ('Country Origin Dialog error' with the missing items), and the dialog stays.
import { useEffect, useRef, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { useFocusTrap } from '../ui/focus-trap';
import { dateFromDisplay, dateToDisplay } from '../form/dates';
import type { PageLoader } from '../ui/paged-search';
import { SearchSelect } from '../ui/search-select';

export interface ChoiceDialogSpec {
  title: string;
  /** A date field (typed DD/MM/YYYY, answered YYYY-MM-DD), with its label and starting value. */
  date?: { label: string; value?: string | null };
  /** Fixed `options` in a select, or a `search` over a long list in a type-to-search box (30 a page). */
  choice: { label: string; options?: { value: number; label: string }[]; search?: PageLoader<{ value: number; label: string }>; value?: number | null; placeholder: string };
  /** Field problems of the answer (messages), or null when it may go; `heading` titles them. */
  check(answer: ChoiceAnswer): { heading?: string; problems: string[] } | null;
  ok?: string;
}

export interface ChoiceAnswer {
  /** YYYY-MM-DD, '' when empty, or null when what was typed is no date. */
  date: string | null;
  choice: number | null;
}

function ChoiceDialog({ spec, done }: { spec: ChoiceDialogSpec; done: (a: ChoiceAnswer | null) => void }) {
  const [date, setDate] = useState(spec.date?.value ? dateToDisplay(spec.date.value) : '');
  const [choice, setChoice] = useState(spec.choice.value ? String(spec.choice.value) : '');
  const [choiceLabel, setChoiceLabel] = useState('');
  const [issue, setIssue] = useState<{ heading?: string; problems: string[] } | null>(null);
  const box = useRef<HTMLDivElement>(null);
  const first = useRef<HTMLInputElement | HTMLSelectElement | null>(null);
  useFocusTrap(box, () => done(null));
  useEffect(() => first.current?.focus(), []);
  const submit = () => {
    const answer: ChoiceAnswer = { date: date.trim() ? dateFromDisplay(date) : '', choice: choice ? Number(choice) : null };
    const found = spec.check(answer);
    if (found && found.problems.length) {
      setIssue(found);
      return;
    }
    done(answer);
  };
  return (
    <div className="dialog-backdrop re-admin-dialog-backdrop" role="presentation">
      <div ref={box} tabIndex={-1} className="dialog dialog-info" role="dialog" aria-modal="true" aria-labelledby="re-admin-dialog-title" data-dialog="re-admin">
        <h2 className="dialog-title" id="re-admin-dialog-title">
          {spec.title}
        </h2>
        <form
          onSubmit={(e) => {
            e.preventDefault();
            submit();
          }}
        >
          {spec.date && (
            <label className="field">
              <span>{spec.date.label}</span>
              <input
                ref={(el) => {
                  first.current = el;
                }}
                name="date"
                placeholder="DD/MM/YYYY"
                autoComplete="off"
                value={date}
                onChange={(e) => {
                  setDate(e.target.value);
                  setIssue(null);
                }}
              />
            </label>
          )}
          {spec.choice.search ? (
            <div className="field">
              <label className="form-label" htmlFor="re-admin-dialog-choice">
                {spec.choice.label}
              </label>
              <SearchSelect
                id="re-admin-dialog-choice"
                name="choice"
                value={choice}
                label={choiceLabel}
                load={spec.choice.search}
                placeholder={spec.choice.placeholder}
                onPick={(c) => {
                  setChoice(c ? String(c.value) : '');
                  setChoiceLabel(c?.label ?? '');
                  setIssue(null);
                }}
              />
            </div>
          ) : (
            <label className="field">
              <span>{spec.choice.label}</span>
              <select
                ref={(el) => {
                  if (!spec.date) first.current = el;
                }}
                name="choice"
                value={choice}
                onChange={(e) => {
                  setChoice(e.target.value);
                  setIssue(null);
                }}
              >
                <option value="">{spec.choice.placeholder}</option>
                {(spec.choice.options ?? []).map((o) => (
                  <option key={o.value} value={o.value}>
                    {o.label}
                  </option>
                ))}
              </select>
            </label>
          )}
          {issue && (
            <div className="field-error" role="alert" data-dialog-error>
              {issue.heading && <strong>{issue.heading}</strong>}
              {issue.problems.map((p) => (
                <p key={p}>{p}</p>
              ))}
            </div>
          )}
          <div className="dialog-buttons">
            <button type="button" className="btn" data-button="cancel" onClick={() => done(null)}>
              Cancel
            </button>
            <button type="submit" className="btn btn-primary" data-button="ok">
              {spec.ok ?? 'OK'}
            </button>
          </div>
        </form>
      </div>
    </div>
  );
}

/** Opens the dialog; answers the values, or null when cancelled (Cancel or Escape). */
export function choiceDialog(spec: ChoiceDialogSpec): Promise<ChoiceAnswer | null> {
  return new Promise((resolve) => {
    const host = document.createElement('div');
    document.body.appendChild(host);
    const root = createRoot(host);
    const done = (a: ChoiceAnswer | null) => {
      root.unmount();
      host.remove();
      resolve(a);
    };
    root.render(<ChoiceDialog spec={spec} done={done} />);
  });
}
