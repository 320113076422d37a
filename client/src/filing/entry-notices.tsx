// The notices above a form's grid: someone else saved first (E_CONCURRENT), and the list of
// problems (cells that do not take their value, failed rules, the server's findings), each a
// link to its cell.
import type { CheckFailure } from '../../../portal/filing/formula-engine.js';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import type { Finding } from './filing-api';

export function ConflictNotice({ cells, template, labelOf, onReload, onDismiss }: { cells: string[]; template: FormProperties; labelOf?(key: string): string | undefined; onReload(): void; onDismiss(): void }) {
  return (
    <section className="conflict-notice" role="alert" data-conflict>
      <h2>This form was changed by someone else</h2>
      <p>
        Another user saved this form after you opened it, so your changes were <strong>not saved</strong>.
        {cells.length > 0 && <> The cells they changed: <span data-conflict-cells>{cells.map((k) => cellInWords(template, k, labelOf)).join('; ')}</span>.</>} Reload to see the form as it is now, then make your changes again.
      </p>
      <div className="toolbar">
        <button type="button" className="btn btn-primary" data-action="reload" onClick={onReload}>Reload</button>
        <button type="button" className="btn" data-action="dismiss-conflict" onClick={onDismiss}>Keep my changes on screen</button>
      </div>
    </section>
  );
}

const tabName = (template: FormProperties, key: string) => {
  const id = key.slice(0, key.indexOf('!'));
  const tab = template.items.find((t) => t.id === id);
  return tab ? `${tab.title} ${key.slice(key.indexOf('!') + 1)}` : key;
};

/** A cell as a person names it: its label, then its tab's title and address ("Total assets (Balance sheet B8)"). */
export function cellInWords(template: FormProperties, key: string, labelOf?: (key: string) => string | undefined): string {
  const label = labelOf?.(key);
  return label ? `${label} (${tabName(template, key)})` : tabName(template, key);
}

export function ProblemList({ problems, formFailures, findings, template, onGo, labelOf }: {
  problems: Map<string, string>;
  formFailures: CheckFailure[];
  findings: Finding[] | null;
  template: FormProperties;
  onGo(key: string): void;
  /** The words a cell goes by ("Name of the external auditor"), shown beside its message. */
  labelOf?(key: string): string | undefined;
}) {
  const cells = [...problems].filter(([k]) => k.includes('!'));
  const other = [...problems].filter(([k]) => !k.includes('!')).map(([, m]) => m);
  const formLevel = [...new Set([...formFailures.map((f) => f.message), ...(findings ?? []).filter((f) => !f.address).map((f) => f.message), ...other])];
  if (!cells.length && !formLevel.length) return null;
  return (
    <section className="designer-problems" role="alert" data-testid="problems">
      <p>Correct the following:</p>
      <ul>
        {formLevel.map((m) => <li key={m} data-problem="form">{m}</li>)}
        {cells.map(([key, message]) => (
          <li key={key}>
            <button type="button" className="link-button" data-problem-cell={key} onClick={() => onGo(key)}>{tabName(template, key)}</button>: {message}
            {labelOf?.(key) && <span className="muted" data-problem-label> ({labelOf(key)})</span>}
          </li>
        ))}
      </ul>
    </section>
  );
}
