// Small labelled inputs of the designer's side panels. Text and number inputs keep what is typed
// and hand it on after a pause (seed 001 §9: 100 ms for property edits, 600 ms for row and column
// counts), so typing never redraws the grid at every key.
import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import type { ModuleSource } from '../form/choice-source';
import { ModuleSearchSelect } from '../ui/module-search-select';

export const PROPERTY_DEBOUNCE_MS = 100;
export const COUNT_DEBOUNCE_MS = 600;

function useDebounced(value: string, delay: number, commit: (v: string) => void) {
  const [text, setText] = useState(value);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  const pending = useRef(false);
  const latest = useRef(commit);
  latest.current = commit;
  useEffect(() => {
    if (!pending.current) setText(value);
  }, [value]);
  const typed = useRef(value);
  // A pending edit is handed on when the field goes (another cell selected): it is never lost.
  useEffect(
    () => () => {
      clearTimeout(timer.current);
      if (pending.current) latest.current(typed.current);
    },
    [],
  );
  const change = (v: string) => {
    setText(v);
    typed.current = v;
    pending.current = true;
    clearTimeout(timer.current);
    timer.current = setTimeout(() => {
      pending.current = false;
      latest.current(v);
    }, delay);
  };
  return [text, change] as const;
}

interface Base {
  label: string;
  name: string;
  required?: boolean;
  disabled?: boolean;
  problem?: string;
}

function Row({ label, name, required, problem, children, id }: Base & { id: string; children: ReactNode }) {
  return (
    <div className={`designer-field${problem ? ' has-problem' : ''}`} data-field={name}>
      <label htmlFor={id}>
        {label}
        {required && <span className="required" aria-hidden> *</span>}
      </label>
      {children}
      {problem && <p className="field-problem" role="alert" data-problem={name}>{problem}</p>}
    </div>
  );
}

export function TextField(p: Base & { value: string | undefined; onChange: (v: string) => void; multiline?: boolean; delay?: number }) {
  const id = useId();
  const [text, change] = useDebounced(p.value ?? '', p.delay ?? PROPERTY_DEBOUNCE_MS, p.onChange);
  return (
    <Row {...p} id={id}>
      {p.multiline ? (
        <textarea id={id} name={p.name} value={text} disabled={p.disabled} required={p.required} rows={2} onChange={(e) => change(e.target.value)} />
      ) : (
        <input id={id} name={p.name} value={text} disabled={p.disabled} required={p.required} onChange={(e) => change(e.target.value)} />
      )}
    </Row>
  );
}

export function NumberField(p: Base & { value: number | undefined | null; onChange: (v: number | undefined) => void; min?: number; max?: number; delay?: number; steppers?: boolean }) {
  const id = useId();
  const commit = (v: string) => {
    if (v.trim() === '') return p.onChange(undefined);
    const n = Number(v);
    if (!Number.isFinite(n)) return;
    p.onChange(Math.min(p.max ?? Infinity, Math.max(p.min ?? -Infinity, Math.floor(n))));
  };
  const [text, change] = useDebounced(p.value === undefined || p.value === null ? '' : String(p.value), p.delay ?? PROPERTY_DEBOUNCE_MS, commit);
  const step = (d: number) => change(String(Math.min(p.max ?? Infinity, Math.max(p.min ?? -Infinity, (Number(text) || 0) + d))));
  return (
    <Row {...p} id={id}>
      <span className="designer-number">
        {p.steppers && <button type="button" className="btn btn-sm" aria-label={`${p.label} minus`} data-step="-1" disabled={p.disabled} onClick={() => step(-1)}>−</button>}
        <input id={id} name={p.name} type="number" min={p.min} max={p.max} value={text} disabled={p.disabled} onChange={(e) => change(e.target.value)} />
        {p.steppers && <button type="button" className="btn btn-sm" aria-label={`${p.label} plus`} data-step="1" disabled={p.disabled} onClick={() => step(1)}>+</button>}
      </span>
    </Row>
  );
}

export function CheckField(p: Base & { value: boolean | undefined; onChange: (v: boolean) => void }) {
  const id = useId();
  return (
    <div className="designer-field designer-check" data-field={p.name}>
      <input id={id} name={p.name} type="checkbox" checked={Boolean(p.value)} disabled={p.disabled} onChange={(e) => p.onChange(e.target.checked)} />
      <label htmlFor={id}>{p.label}</label>
    </div>
  );
}

export function SelectField(p: Base & { value: string | number | undefined | null; options: { value: string; label: string }[]; onChange: (v: string) => void; empty?: string }) {
  const id = useId();
  return (
    <Row {...p} id={id}>
      <select id={id} name={p.name} value={p.value === undefined || p.value === null ? '' : String(p.value)} disabled={p.disabled} required={p.required} onChange={(e) => p.onChange(e.target.value)}>
        {p.empty !== undefined && <option value="">{p.empty}</option>}
        {p.options.map((o) => (
          <option key={o.value} value={o.value}>{o.label}</option>
        ))}
      </select>
    </Row>
  );
}

/** The active list groups (state 33), by name: an installation may keep thousands. */
const LIST_GROUPS: ModuleSource = { module: 'ListGroup', where: [['state', '=', 33]], order: 'name asc' };

/** A list group picked by the type-to-search box (30 a page); a chosen group reads by its name. */
export function ListGroupField(p: Base & { value: number | undefined | null; onChange: (v: number | undefined) => void }) {
  const id = useId();
  return (
    <Row {...p} id={id}>
      <ModuleSearchSelect
        id={id}
        name={p.name}
        source={LIST_GROUPS}
        value={p.value === undefined || p.value === null ? '' : String(p.value)}
        disabled={p.disabled}
        invalid={Boolean(p.problem)}
        onChange={(v) => p.onChange(v ? Number(v) : undefined)}
      />
    </Row>
  );
}

export function ReadOnlyField({ label, name, value }: { label: string; name: string; value: string }) {
  const id = useId();
  return (
    <Row label={label} name={name} id={id}>
      <input id={id} name={name} value={value} readOnly />
    </Row>
  );
}
