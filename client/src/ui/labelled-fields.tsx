// Labelled fields of the hand-built screens, in their two markups: ChoiceSelect is the `.field`
// select of the editors, dashboards and dialogs; Required* are the fields of the create pages
// (question, query, dropdown request), a bare label ending in " *" with the control named for its
// field and marked 'invalid' when the page or the server refused that field.
import type { ReactNode } from 'react';

export interface Choice {
  value: string;
  label: string;
}

const choiceOptions = (choices: Choice[]) =>
  choices.map((c) => (
    <option key={c.value} value={c.value}>
      {c.label}
    </option>
  ));

/**
 * A select that keeps a value its choices lack (a definition naming a module, field or list since
 * removed still shows what it names), with an optional empty choice (`none`: its label, such as
 * "(none)" or "Select..."). `children` follow the select inside the label (a field's problem).
 */
export function ChoiceSelect(props: {
  label: string;
  testId?: string;
  name?: string;
  value: string;
  choices: Choice[];
  onChange(v: string): void;
  required?: boolean;
  none?: string;
  disabled?: boolean;
  children?: ReactNode;
}) {
  const { label, testId, name, value, choices, onChange, required = false, none, disabled, children } = props;
  const missing = !choices.some((c) => c.value === value) && (value !== '' || none === undefined);
  return (
    <label className="field">
      <span className={`form-label${required ? ' required' : ''}`}>{label}</span>
      <select data-testid={testId} name={name} value={value} disabled={disabled} onChange={(e) => onChange(e.target.value)}>
        {none !== undefined && <option value="">{none}</option>}
        {missing && <option value={value}>{value || '(choose)'}</option>}
        {choiceOptions(choices)}
      </select>
      {children}
    </label>
  );
}

interface RequiredProps {
  label: string;
  name: string;
  value: string;
  /** The refused fields; the control is marked when its name is one of them. */
  invalid: ReadonlySet<string>;
  onChange(value: string): void;
}

function Required({ label, children }: { label: string; children: ReactNode }) {
  return (
    <label>
      <span>{label} *</span>
      {children}
    </label>
  );
}

const marked = ({ invalid, name }: RequiredProps) => (invalid.has(name) ? 'invalid' : undefined);

/** A required select whose first choice, "Please select", is the empty value. */
export function RequiredSelect(props: RequiredProps & { choices: Choice[]; disabled?: boolean }) {
  return (
    <Required label={props.label}>
      <select name={props.name} value={props.value} className={marked(props)} disabled={props.disabled} onChange={(e) => props.onChange(e.target.value)}>
        <option value="">Please select</option>
        {choiceOptions(props.choices)}
      </select>
    </Required>
  );
}

export function RequiredInput(props: RequiredProps & { maxLength?: number }) {
  return (
    <Required label={props.label}>
      <input name={props.name} value={props.value} maxLength={props.maxLength} className={marked(props)} onChange={(e) => props.onChange(e.target.value)} />
    </Required>
  );
}

export function RequiredTextArea(props: RequiredProps & { rows: number }) {
  return (
    <Required label={props.label}>
      <textarea name={props.name} rows={props.rows} value={props.value} className={marked(props)} onChange={(e) => props.onChange(e.target.value)} />
    </Required>
  );
}
