// The form's own widgets for @rjsf/core: select boxes (fixed options or a module searched as
// the user types), the state selector, dates typed DD/MM/YYYY, date-times DD/MM/YYYY HH:mm, and
// static text. Values are held in their wire form (YYYY-MM-DD, UTC date-times); a date typed
// wrongly is held as typed, so the schema's pattern names it beside the field.
import { useCallback, useEffect, useState } from 'react';
import type { RegistryWidgetsType, WidgetProps } from '@rjsf/utils';
import { rpc } from '../rpc/rpc';
import { choiceByValueQuery, choiceQuery, rowsToChoices, type ModuleSource } from './choice-source';
import { SearchSelect } from '../ui/search-select';
import { dateFromDisplay, dateTimeFromDisplay, dateTimeToDisplay, dateToDisplay } from './dates';
import { formatDateTime } from '../ui/date-format';
import type { FormContext } from './templates';
import { coerce, WIDGETS, type Choice, type ChoiceSource, type JsonKind } from './form-schema';

const jsonOf = (props: WidgetProps): JsonKind => (typeof props.schema.type === 'string' ? props.schema.type : 'string') as JsonKind;
const nameOf = (props: WidgetProps) => props.htmlName ?? props.name;
const keyOf = (v: unknown) => (v === undefined || v === null ? '' : String(v));

/** A fixed list of choices as a native select. */
function OptionsSelect(props: WidgetProps & { choices: Choice[] }) {
  const { id, value, required, disabled, readonly, choices, onChange, onBlur, onFocus, rawErrors } = props;
  const current = keyOf(value);
  // A stored value no longer among the choices is still shown, not silently dropped.
  const list = current && !choices.some((c) => keyOf(c.value) === current) ? [...choices, { value: value as Choice['value'], label: current }] : choices;
  if (readonly) {
    const label = list.find((c) => keyOf(c.value) === current)?.label ?? '';
    return <input id={id} name={nameOf(props)} className="form-control" readOnly value={label} data-value={current} />;
  }
  return (
    <select
      id={id}
      name={nameOf(props)}
      className="form-control"
      value={current}
      required={required}
      disabled={disabled}
      aria-invalid={rawErrors?.length ? true : undefined}
      onChange={(e) => {
        const c = list.find((x) => keyOf(x.value) === e.target.value);
        onChange(c ? coerce(c.value, { json: jsonOf(props), kind: 'choice' }) : undefined);
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    >
      <option value="">{props.placeholder || '-- Select --'}</option>
      {list.map((c) => (
        <option key={keyOf(c.value)} value={keyOf(c.value)}>
          {c.label}
        </option>
      ))}
    </select>
  );
}

/** The label of a stored value: the record's display column, a loaded choice's, or fetched once. */
function useChoiceLabel(source: ModuleSource, value: unknown, known: Choice[], stored: { value: unknown; label?: string }): string {
  const [label, setLabel] = useState<{ key: string; text: string } | null>(null);
  const key = keyOf(value);
  const fromKnown = known.find((c) => keyOf(c.value) === key)?.label ?? (stored.label !== undefined && keyOf(stored.value) === key ? stored.label : undefined);
  useEffect(() => {
    if (!key || fromKnown !== undefined || label?.key === key) return;
    let live = true;
    rpc
      .select(choiceByValueQuery(source, value))
      .then(({ rows }) => live && setLabel({ key, text: rowsToChoices(source, rows)[0]?.label ?? key }))
      .catch(() => live && setLabel({ key, text: key }));
    return () => {
      live = false;
    };
  }, [key, fromKnown, label?.key, source, value]);
  if (!key) return '';
  return fromKnown ?? (label?.key === key ? label.text : '');
}

/**
 * A module's records as a searchable select box (ui/search-select.tsx): 250 ms after the user
 * stops typing it asks for the first 30 records whose label contains the text, and for 30 more
 * when the list is scrolled to its end. The stored value's label comes from the record, however
 * far down the list the value is.
 */
function AjaxSelect(props: WidgetProps & { source: ModuleSource }) {
  const { id, value, disabled, readonly, source, onChange, onBlur, rawErrors, placeholder } = props;
  const [picked, setPicked] = useState<Choice | null>(null);
  const ctx = props.registry.formContext as FormContext | undefined;
  const label = useChoiceLabel(source, value, picked ? [picked] : [], { value: ctx?.record?.[props.name], label: ctx?.labels[props.name] });
  const load = useCallback(async (text: string, page: number) => {
    const { rows, total } = await rpc.select(choiceQuery(source, text, page));
    return { items: rowsToChoices(source, rows), total };
  }, [source]);
  if (readonly) return <input id={id} name={nameOf(props)} className="form-control" readOnly value={label} data-value={keyOf(value)} />;
  return (
    <SearchSelect<Choice>
      id={id}
      name={nameOf(props)}
      value={value}
      label={label}
      load={load}
      disabled={disabled}
      placeholder={placeholder}
      invalid={Boolean(rawErrors?.length)}
      onPick={(c) => {
        setPicked(c ?? null);
        onChange(c ? coerce(c.value, { json: jsonOf(props), kind: 'choice' }) : undefined);
      }}
      onBlur={() => onBlur(id, value)}
    />
  );
}

function ChoiceWidget(props: WidgetProps) {
  const source = props.options.source as ChoiceSource | undefined;
  if (source && 'module' in source) return <AjaxSelect {...props} source={source} />;
  return <OptionsSelect {...props} choices={source && 'options' in source ? source.options : []} />;
}

/** The state selector: the choices the controller worked out from the state map (seed 000 §4.3). */
function StateWidget(props: WidgetProps) {
  return <OptionsSelect {...props} choices={(props.options.choices as Choice[] | undefined) ?? []} />;
}

/** A text box that shows `toText(value)` and hands back `fromText(typed)` (or the typed text when it does not parse). */
function TypedDate(props: WidgetProps & { toText: (v: string) => string; fromText: (t: string) => string | null; hint: string }) {
  const { id, value, readonly, disabled, required, onChange, onBlur, onFocus, rawErrors, toText, fromText, hint } = props;
  const wire = typeof value === 'string' ? value : '';
  const [text, setText] = useState(() => toText(wire));
  // A value set from outside (a reload, a change handler) replaces what is typed.
  useEffect(() => {
    setText((t) => (fromText(t) === wire || (t !== '' && t === wire) ? t : toText(wire)));
  }, [wire, toText, fromText]);
  return (
    <input
      id={id}
      name={nameOf(props)}
      className="form-control"
      inputMode="numeric"
      placeholder={props.placeholder || hint}
      readOnly={readonly}
      disabled={disabled}
      required={required}
      aria-invalid={rawErrors?.length ? true : undefined}
      value={text}
      onChange={(e) => {
        const t = e.target.value;
        setText(t);
        onChange(t.trim() === '' ? undefined : (fromText(t) ?? t));
      }}
      onBlur={() => onBlur(id, value)}
      onFocus={() => onFocus(id, value)}
    />
  );
}

const dateTimeShown = (v: string) => dateTimeToDisplay(v);
const dateTimeTyped = (t: string) => dateTimeFromDisplay(t);
// A moment that cannot be typed (view mode, a read-only field) shows as every other date of the
// portal does, to the second (ui/date-format.ts); one that can is typed DD/MM/YYYY HH:mm.
const dateTimeViewed = (v: string) => formatDateTime(v);

function DateWidget(props: WidgetProps) {
  return <TypedDate {...props} toText={dateToDisplay} fromText={dateFromDisplay} hint="DD/MM/YYYY" />;
}

function DateTimeWidget(props: WidgetProps) {
  const viewed = props.readonly || props.disabled;
  return <TypedDate {...props} toText={viewed ? dateTimeViewed : dateTimeShown} fromText={dateTimeTyped} hint="DD/MM/YYYY HH:mm" />;
}

function StaticWidget(props: WidgetProps) {
  const text = (props.options.text as string | undefined) ?? keyOf(props.value);
  return (
    <div id={props.id} className="static-text" data-static={props.name}>
      {text}
    </div>
  );
}

export const FORM_WIDGETS: RegistryWidgetsType = {
  [WIDGETS.choice]: ChoiceWidget,
  [WIDGETS.state]: StateWidget,
  [WIDGETS.date]: DateWidget,
  [WIDGETS.datetime]: DateTimeWidget,
  [WIDGETS.static]: StaticWidget,
};
