// A type-to-search select box over a long list (a combobox): the text box searches as the user
// types, the list shows 30 choices and asks for the next 30 when scrolled to its end or when its
// "More" row is chosen; arrows move through the choices, Enter picks, Escape closes. The current
// value's label is the caller's (it may lie beyond the pages loaded).
import { useEffect, useId, useReducer, useRef, useState, type KeyboardEvent } from 'react';
import { nearEnd, PagedSearch, type PageLoader } from './paged-search';

export interface SearchChoice {
  value: string | number | boolean | null;
  label: string;
}

const keyOf = (v: unknown) => (v === undefined || v === null ? '' : String(v));

export interface SearchSelectProps<T extends SearchChoice> {
  id?: string;
  name?: string;
  /** The chosen value ('' or null for none) and its label as it should read. */
  value: unknown;
  label: string;
  load: PageLoader<T>;
  onPick(choice: T | undefined): void;
  onBlur?(): void;
  disabled?: boolean;
  placeholder?: string;
  invalid?: boolean;
  /** A × button that clears the value. */
  clearable?: boolean;
  testId?: string;
  ariaLabel?: string;
}

export function SearchSelect<T extends SearchChoice>(props: SearchSelectProps<T>) {
  const { id, name, value, label, disabled, placeholder, invalid, clearable = true, onPick, onBlur } = props;
  const [, redraw] = useReducer((n: number) => n + 1, 0);
  const load = useRef(props.load);
  load.current = props.load;
  const [search] = useState(() => new PagedSearch<T>((text, page) => load.current(text, page), redraw));
  const [open, setOpen] = useState(false);
  const [text, setText] = useState<string | null>(null);
  const [active, setActive] = useState(-1);
  const listId = useId();
  const list = useRef<HTMLUListElement>(null);
  useEffect(() => () => search.dispose(), [search]);
  const choices = search.items;
  // The "More" row is the last place the arrows reach while pages are left.
  const places = choices.length + (search.hasMore ? 1 : 0);
  useEffect(() => {
    if (active >= places) setActive(-1);
  }, [active, places]);
  useEffect(() => {
    list.current?.querySelector('li.active')?.scrollIntoView?.({ block: 'nearest' });
  }, [active]);

  const start = (q: string) => {
    setOpen(true);
    setActive(-1);
    search.search(q);
  };
  const pick = (c: T | undefined) => {
    onPick(c);
    setText(null);
    setOpen(false);
  };
  const onKey = (e: KeyboardEvent<HTMLInputElement>) => {
    if (e.key === 'ArrowDown' || e.key === 'ArrowUp') {
      e.preventDefault();
      if (!open) return start(text ?? '');
      if (places) setActive((i) => (e.key === 'ArrowDown' ? (i + 1) % places : (i - 1 + places) % places));
      if (e.key === 'ArrowDown' && active + 1 >= choices.length) search.more();
    } else if (e.key === 'Enter' && open) {
      e.preventDefault();
      if (active >= 0 && active < choices.length) pick(choices[active]);
      else if (active === choices.length) search.more();
    } else if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      setOpen(false);
      setText(null);
    }
  };
  const hasValue = keyOf(value) !== '';

  return (
    <div className="choice-box" data-choice-box data-testid={props.testId}>
      <input
        id={id}
        name={name}
        className="form-control"
        role="combobox"
        aria-label={props.ariaLabel}
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open && active >= 0 ? `${listId}-${active}` : undefined}
        aria-invalid={invalid || undefined}
        autoComplete="off"
        disabled={disabled}
        placeholder={placeholder || 'Type to search'}
        value={text ?? label}
        data-value={keyOf(value)}
        onFocus={() => start(text ?? '')}
        // A click on the box while it keeps the focus (after Escape or a pick) opens the list again.
        onClick={() => !open && !disabled && start(text ?? '')}
        onChange={(e) => {
          setText(e.target.value);
          start(e.target.value);
        }}
        onKeyDown={onKey}
        onBlur={() => {
          // Clearing the text clears the value; any other text left unpicked is dropped.
          if (text !== null && text.trim() === '') pick(undefined);
          else setText(null);
          setOpen(false);
          onBlur?.();
        }}
      />
      {clearable && hasValue && !disabled && (
        <button type="button" className="choice-clear" aria-label="Clear" tabIndex={-1} onMouseDown={(e) => e.preventDefault()} onClick={() => pick(undefined)}>
          ×
        </button>
      )}
      {open && (
        <ul
          ref={list}
          className="choice-list"
          role="listbox"
          id={listId}
          data-choices
          data-loading={search.loading || undefined}
          data-total={search.total}
          onScroll={(e) => nearEnd(e.currentTarget) && search.more()}
        >
          {choices.map((c, i) => (
            <li
              key={keyOf(c.value)}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={keyOf(c.value) === keyOf(value)}
              className={i === active ? 'active' : undefined}
              data-value={keyOf(c.value)}
              // mousedown keeps the focus in the text box, so blur does not close the list first.
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => pick(c)}
            >
              {c.label}
            </li>
          ))}
          {search.hasMore && (
            <li
              id={`${listId}-${choices.length}`}
              role="option"
              aria-selected={false}
              className={`choice-more${active === choices.length ? ' active' : ''}`}
              data-more
              onMouseDown={(e) => e.preventDefault()}
              onClick={() => search.more()}
            >
              {search.loading ? 'Loading…' : `More (${choices.length} of ${search.total} shown)`}
            </li>
          )}
          {!search.loading && choices.length === 0 && <li className="choice-none">{search.failed ? 'The choices could not be loaded.' : 'No matches'}</li>}
        </ul>
      )}
    </div>
  );
}
