// The labelled inputs of the auth screens, with the message of a broken rule under the field.
import type { HTMLInputTypeAttribute, ReactNode } from 'react';

export type FieldErrors = Record<string, string>;

interface TextFieldProps {
  label: string;
  name: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  type?: HTMLInputTypeAttribute;
  hint?: ReactNode;
  required?: boolean;
  autoComplete?: string;
  numeric?: boolean;
  list?: string;
  maxLength?: number;
}

export function TextField({ label, name, value, onChange, error, type = 'text', hint, required, autoComplete, numeric, list, maxLength }: TextFieldProps) {
  const hintId = hint ? `${name}-hint` : undefined;
  return (
    <label className="field" data-field={name}>
      <span className={required ? 'required' : undefined}>{label}</span>
      <input
        name={name}
        type={type}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        autoComplete={autoComplete ?? 'off'}
        inputMode={numeric ? 'numeric' : undefined}
        list={list}
        maxLength={maxLength}
        aria-invalid={error ? true : undefined}
        aria-describedby={hintId}
      />
      {hint && (
        <small className="field-hint" id={hintId}>
          {hint}
        </small>
      )}
      {error && <FieldError message={error} />}
    </label>
  );
}

export function FieldError({ message }: { message: string }) {
  return <p className="field-error">{message}</p>;
}

export function FormError({ message }: { message: string | null }) {
  if (!message) return null;
  return (
    <p className="form-error" role="alert">
      {message}
    </p>
  );
}

/** The required Position select of both registration pages (seed 000 §5), with its messages under it. */
export function PositionSelect({ value, onChange, positions, error, title, note }: { value: string; onChange: (value: string) => void; positions: { id: number | string; name: string }[]; error?: string | null; title?: string; note?: ReactNode }) {
  return (
    <label className="field" data-field="position2" title={title}>
      <span className="required">Position</span>
      <select name="position2" value={value} onChange={(e) => onChange(e.target.value)} aria-invalid={error ? true : undefined}>
        <option value="">Select a position</option>
        {positions.map((p) => (
          <option key={p.id} value={String(p.id)}>
            {p.name}
          </option>
        ))}
      </select>
      {note}
      {error && <FieldError message={error} />}
    </label>
  );
}
