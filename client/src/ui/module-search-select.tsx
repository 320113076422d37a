// A hand-built page's select box over a module's records that may run to thousands (entities, list
// groups): the generated forms' type-to-search box (search-select.tsx), asking Record.select for
// 30 records whose label contains the typed text and 30 more when the list is scrolled to its end,
// with the queries of the generated select boxes (form/choice-source.ts). A value set before any
// pick (a prefilled or locked one) reads by its record's label, however far down the list it is.
import { useCallback, useEffect, useState, type ReactNode } from 'react';
import { rpc } from '../rpc/rpc';
import { choiceByValueQuery, choiceQuery, rowsToChoices, type ModuleSource } from '../form/choice-source';
import type { PageLoader } from './paged-search';
import { SearchSelect } from './search-select';

export interface TextChoice {
  value: string;
  label: string;
}

/** Pages of `source`'s records matching the typed text, as choices with text values. */
export function moduleLoader(source: ModuleSource): PageLoader<TextChoice> {
  return async (text, page) => {
    const { rows, total } = await rpc.select(choiceQuery(source, text, page));
    return { items: rowsToChoices(source, rows).map((c) => ({ value: String(c.value ?? ''), label: c.label })), total };
  };
}

export interface ModuleSearchSelectProps {
  id?: string;
  name: string;
  source: ModuleSource;
  /** The chosen record's value ('' for none). */
  value: string;
  onChange(value: string, label: string): void;
  placeholder?: string;
  invalid?: boolean;
  disabled?: boolean;
  ariaLabel?: string;
}

export function ModuleSearchSelect(props: ModuleSearchSelectProps) {
  const { id, name, source, value, onChange, placeholder, invalid, disabled, ariaLabel } = props;
  const [label, setLabel] = useState<{ value: string; text: string } | null>(null);
  // The source changes identity with its page's renders; its content is what matters.
  const key = JSON.stringify(source);
  // eslint-disable-next-line react-hooks/exhaustive-deps
  const load = useCallback(moduleLoader(source), [key]);
  useEffect(() => {
    if (!value || label?.value === value) return;
    let live = true;
    rpc
      .select(choiceByValueQuery(source, value))
      .then(({ rows }) => live && setLabel({ value, text: rowsToChoices(source, rows)[0]?.label ?? value }))
      .catch(() => live && setLabel({ value, text: value }));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [value, key]);
  return (
    <SearchSelect<TextChoice>
      id={id}
      name={name}
      testId={`search-${name}`}
      value={value}
      label={value && label?.value === value ? label.text : ''}
      load={load}
      disabled={disabled}
      invalid={invalid}
      placeholder={placeholder}
      ariaLabel={ariaLabel}
      onPick={(c) => {
        setLabel(c ? { value: c.value, text: c.label } : null);
        onChange(c?.value ?? '', c?.label ?? '');
      }}
    />
  );
}

/** A create page's required search select: the label ending in " *" above the box, marked when refused. */
export function RequiredSearchSelect(props: Omit<ModuleSearchSelectProps, 'invalid'> & { label: string; invalid: ReadonlySet<string>; children?: ReactNode }) {
  const { label, invalid, children, ...rest } = props;
  return (
    <label>
      <span>{label} *</span>
      <ModuleSearchSelect {...rest} invalid={invalid.has(rest.name)} placeholder={rest.placeholder ?? 'Type to search'} />
      {children}
    </label>
  );
}
