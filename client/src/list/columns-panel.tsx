// The list toolbar's "Columns" panel and the "Save my view" / "Reset" buttons: the user shows,
// hides, orders and sizes the columns of the list view for themselves (use-personal-view.ts).
// Changes show at once; "Save my view" keeps them (with the sort and filters in force) on the
// server for every browser; "Reset to default view" returns to the admin's view.
// The panel is non-modal (the list stays usable while it is open), so it does not trap focus; it
// takes focus when it opens, and Escape closes it and gives focus back to its button.
import { useEffect, useRef, useState } from 'react';
import './columns-panel.css';
import { MAX_WIDTH, MIN_WIDTH, moveColumn, setVisible, setWidth } from './personal-view';
import type { PersonalControls } from './use-personal-view';

export function PersonalViewButtons({ personal }: { personal: PersonalControls }) {
  const [open, setOpen] = useState(false);
  const toggle = useRef<HTMLButtonElement>(null);
  const close = () => {
    setOpen(false);
    toggle.current?.focus();
  };
  return (
    <>
      <button ref={toggle} type="button" className="btn" aria-expanded={open} aria-controls="list-columns-panel" data-testid="columns-toggle" onClick={() => setOpen((o) => !o)}>
        Columns
      </button>
      <button
        type="button"
        className="btn"
        data-testid="save-my-view"
        disabled={personal.busy}
        title="Keep these columns, this sort and these filters as your own view of this list"
        onClick={personal.save}
      >
        Save my view{personal.dirty ? ' *' : ''}
      </button>
      {personal.saved && (
        <button type="button" className="btn" data-testid="reset-view" disabled={personal.busy} title="Drop your own view and use the administrator's" onClick={personal.reset}>
          Reset to default view
        </button>
      )}
      {open && <ColumnsPanel personal={personal} onClose={close} />}
    </>
  );
}

function ColumnsPanel({ personal, onClose }: { personal: PersonalControls; onClose(): void }) {
  const { columns, setColumns } = personal;
  const lastVisible = columns.filter((c) => c.visible).length === 1;
  const panel = useRef<HTMLDivElement>(null);
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useEffect(() => {
    panel.current?.querySelector<HTMLElement>('input, button')?.focus();
    // A modal dialog opened over the list answers Escape first (focus-trap.ts stops the event).
    const onKey = (e: KeyboardEvent) => {
      if (e.key === 'Escape' && !e.defaultPrevented) closeRef.current();
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, []);
  return (
    <div ref={panel} className="columns-panel" id="list-columns-panel" role="dialog" aria-modal="false" aria-label="Columns" data-testid="columns-panel">
      <div className="columns-panel-head">
        <strong>Columns</strong>
        <button type="button" className="btn btn-small" data-testid="columns-close" onClick={onClose}>
          Close
        </button>
      </div>
      <ol>
        {columns.map((c, i) => (
          <li key={c.name} data-testid="column-setting" data-column={c.name} data-visible={c.visible}>
            <label className="columns-panel-name">
              <input
                type="checkbox"
                checked={c.visible}
                disabled={c.visible && lastVisible}
                data-testid={`column-visible-${c.name}`}
                onChange={(e) => setColumns(setVisible(columns, c.name, e.target.checked))}
              />
              <span>{c.title}</span>
            </label>
            <button type="button" className="btn btn-small" aria-label={`Move ${c.title} up`} data-testid={`column-up-${c.name}`} disabled={i === 0} onClick={() => setColumns(moveColumn(columns, i, -1))}>
              ↑
            </button>
            <button
              type="button"
              className="btn btn-small"
              aria-label={`Move ${c.title} down`}
              data-testid={`column-down-${c.name}`}
              disabled={i === columns.length - 1}
              onClick={() => setColumns(moveColumn(columns, i, 1))}
            >
              ↓
            </button>
            <WidthInput title={c.title} name={c.name} width={c.width} onChange={(w) => setColumns(setWidth(columns, c.name, w))} />
          </li>
        ))}
      </ol>
    </div>
  );
}

/** A width typed freely and applied (clamped) when the box is left or Enter is pressed. */
function WidthInput({ name, title, width, onChange }: { name: string; title: string; width: number | undefined; onChange(width: number | undefined): void }) {
  const [text, setText] = useState<string | null>(null);
  const commit = () => {
    if (text === null) return;
    const n = Number(text);
    onChange(text.trim() === '' || !Number.isFinite(n) ? undefined : n);
    setText(null);
  };
  return (
    <input
      type="number"
      className="columns-panel-width"
      min={MIN_WIDTH}
      max={MAX_WIDTH}
      step={10}
      placeholder="auto"
      aria-label={`Width of ${title} in pixels`}
      data-testid={`column-width-${name}`}
      value={text ?? (width === undefined ? '' : String(width))}
      onChange={(e) => setText(e.target.value)}
      onBlur={commit}
      onKeyDown={(e) => {
        if (e.key === 'Enter') commit();
      }}
    />
  );
}
