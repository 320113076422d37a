// The rows in react-data-grid: the view's columns with their widths, header clicks as the
// server-side sort, row clicks and row buttons. Rows carry `data-row-id` inside
// `[data-list-grid]`, whose `data-state` is `loading` or `ready` (what tests and the bench wait on).
// Widths come from each column's kind and the page's texts as the browser measures them
// (list-columns.ts columnSize); the row buttons stay in view at the right edge (sticky) while
// the columns scroll sideways under them, only those the user has the permission for, and more
// than one behind a row's "Actions" menu, so that they take little of the width; the grid is never taller than the window, so its
// horizontal scrollbar shows with it.
import { useCallback, useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DataGrid, Row as GridRow, SELECT_COLUMN_KEY, SelectColumn, type Column, type SortColumn } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import type { RowButton } from '../../../engine/metadata/screen-schemas.js';
import type { Row } from '../rpc/rpc';
import { columnSize, fitRoom } from './list-columns';
import { formatCell, fullText, type CellKind } from './list-format';
import type { ButtonState, ListReady } from './use-list-controller';

const ROW_HEIGHT = 35;
const ACTIONS = '__actions';
/** Beyond this many rows the grid renders only what is in view. */
const VIRTUAL_FROM = 100;
const SCROLLBAR = 17;
/** Row buttons: a small button's padding and border, the gap between buttons, the cell's padding. */
const BUTTON_CHROME = 18;
const BUTTON_GAP = 5;
const ACTIONS_CHROME = 24;
const MENU_LABEL = 'Actions';
/** How narrow a narrow grid may make its first text column (whole on hover). */
const FIRST_FLOOR = 96;

/** Text widths in the grid's fonts, measured on one canvas (no layout needed). */
const measurer = (() => {
  let ctx: CanvasRenderingContext2D | null | undefined;
  return (text: string, font: string): number => {
    if (ctx === undefined) ctx = document.createElement('canvas').getContext('2d');
    if (!ctx) return text.length * 8;
    ctx.font = font;
    return ctx.measureText(text).width;
  };
})();

/** The fonts of cells, headers (bold) and small buttons, read from the laid-out grid (14 px by default). */
function gridFonts(el: HTMLElement | null) {
  const style = getComputedStyle(el?.querySelector('.rdg') ?? el ?? document.body);
  const family = style.fontFamily || 'system-ui, sans-serif';
  const size = Number.parseFloat(style.fontSize) || 14;
  return { cell: `${size}px ${family}`, header: `bold ${size}px ${family}`, button: `${size * 0.85}px ${family}` };
}

function RowAction({ b, onDone }: { b: ButtonState<RowButton>; onDone?: () => void }) {
  return (
    <button
      type="button"
      className={`btn btn-small ${b.button.className ?? ''}`}
      role={onDone ? 'menuitem' : undefined}
      data-row-button={b.button.label}
      onClick={(e) => {
        e.stopPropagation();
        onDone?.();
        b.run();
      }}
    >
      {b.button.label}
    </button>
  );
}

let menuSeq = 0;

/**
 * A row's buttons behind one "Actions" button: a popover in the browser's top layer, so that no
 * grid cell or scrolling box cuts it, placed under the button (or above it near the window's
 * bottom). Its buttons stay in the row's markup while it is closed.
 */
function RowMenu({ buttons }: { buttons: ButtonState<RowButton>[] }) {
  const [id] = useState(() => `row-menu-${++menuSeq}`);
  const anchor = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLDivElement>(null);
  useLayoutEffect(() => {
    const el = menu.current;
    if (!el) return;
    const place = (e: Event) => {
      if ((e as ToggleEvent).newState !== 'open' || !anchor.current) return;
      const a = anchor.current.getBoundingClientRect();
      el.style.left = `${Math.max(4, a.right - el.offsetWidth)}px`;
      const below = a.bottom + 2;
      el.style.top = `${below + el.offsetHeight > window.innerHeight ? Math.max(4, a.top - 2 - el.offsetHeight) : below}px`;
    };
    el.addEventListener('toggle', place);
    return () => el.removeEventListener('toggle', place);
  }, []);
  return (
    <span className="row-buttons">
      <button ref={anchor} type="button" className="btn btn-small row-menu-button" popoverTarget={id} aria-haspopup="menu" data-row-menu onClick={(e) => e.stopPropagation()}>
        Actions <span aria-hidden="true">▾</span>
      </button>
      <div ref={menu} id={id} popover="auto" role="menu" className="row-menu">
        {buttons.map((b) => (
          <RowAction key={b.button.label} b={b} onDone={() => (menu.current?.matches(':popover-open') ? menu.current.hidePopover() : undefined)} />
        ))}
      </div>
    </span>
  );
}

/** The buttons as they are, or behind an "Actions" menu (the page decides, for all its rows alike). */
function RowButtons({ buttons, menu }: { buttons: ButtonState<RowButton>[]; menu: boolean }) {
  if (buttons.length === 0) return null;
  if (menu) return <RowMenu buttons={buttons} />;
  return (
    <span className="row-buttons">
      {buttons.map((b) => (
        <RowAction key={b.button.label} b={b} />
      ))}
    </span>
  );
}

/** The width of the grid's box, followed as the window changes. */
function useWidth() {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(0);
  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);
  return [ref, width] as const;
}

/** Row checkboxes with a select-all, for a page that acts on the ticked rows (the IRU query list's bulk status). */
export interface GridSelection {
  selected: ReadonlySet<string>;
  onChange: (selected: Set<string>) => void;
}

export function ListGrid({ list, selection }: { list: ListReady; selection?: GridSelection }) {
  const [box, width] = useWidth();
  const { columns, rows, sort, hasRowButtons } = list;
  const fonts = useMemo(() => gridFonts(box.current), [box, width]);
  // A row button the user has no permission for is never shown: they could never use it, and
  // a column of disabled buttons would only push the data (Status, dates) out of view.
  const rowButtons = useCallback((row: Row) => list.rowButtons(row).filter((b) => !b.disabled), [list.rowButtons]);
  const buttonsByRow = useMemo(() => (hasRowButtons ? rows.map((r) => rowButtons(r)) : []), [hasRowButtons, rows, rowButtons]);
  // A page whose rows offer more than one button, or one wider than the menu's, puts them behind
  // one "Actions" menu per row: the button column then takes the least width.
  const { menu, actionsWidth } = useMemo(() => {
    if (!buttonsByRow.some((bs) => bs.length > 0)) return { menu: false, actionsWidth: 0 };
    const menuWidth = measurer(`${MENU_LABEL} ▾`, fonts.button) + BUTTON_CHROME;
    const inline = Math.max(0, ...buttonsByRow.map((bs) => bs.reduce((n, b, i) => n + measurer(b.button.label, fonts.button) + BUTTON_CHROME + (i ? BUTTON_GAP : 0), 0)));
    const asMenu = buttonsByRow.some((bs) => bs.length > 1) || inline > menuWidth;
    return { menu: asMenu, actionsWidth: Math.ceil((asMenu ? menuWidth : inline) + ACTIONS_CHROME) };
  }, [buttonsByRow, fonts]);
  const room = width - actionsWidth - (selection ? 35 : 0) - 2;
  // The texts each column shows on this page, formatted once for the widths and the cells.
  const full = useMemo(() => columns.map((c) => rows.map((row) => formatCell(row[c.name], c.kind, c.nameField ? row[c.nameField] : undefined) || c.empty)), [columns, rows]);
  const sizesOf = useCallback(
    (texts: string[][], kinds: CellKind[]) => {
      const sizes = columns.map((c, i) => ({ kind: kinds[i], ...columnSize(kinds[i], measurer(c.title, fonts.header), Math.max(0, ...texts[i].map((t) => measurer(t, fonts.cell))), c.width, c.userWidth) }));
      // The first column (what the row is) is followed by the status and dates in a narrow grid
      // (below): it gives a little more width so that they show.
      if (sizes[0]) sizes[0] = { ...sizes[0], floor: FIRST_FLOOR };
      return sizes;
    },
    [columns, fonts],
  );
  // A grid too narrow for its columns shows a date-time as its day (the time on hover), so that
  // its dates stay in view beside the status rather than scroll sideways.
  const { shown, kinds, compact } = useMemo(() => {
    const kinds = columns.map((c) => c.kind);
    const hasTimes = kinds.includes('datetime');
    const fitted = fitRoom(sizesOf(full, kinds), room).reduce((n, w) => n + w, 0);
    if (!hasTimes || width <= 0 || fitted <= room) return { shown: full, kinds, compact: false };
    const dayKinds = kinds.map((k) => (k === 'datetime' ? 'date' : k));
    const days = columns.map((c, i) => (c.kind === 'datetime' ? rows.map((row) => formatCell(row[c.name], 'date') || c.empty) : full[i]));
    return { shown: days, kinds: dayKinds, compact: true };
  }, [columns, rows, full, sizesOf, room, width]);
  const widths = useMemo(() => {
    const sizes = sizesOf(shown, kinds);
    return fitRoom(sizes, room).map((w, i) => ({ width: w, minWidth: sizes[i].minWidth }));
  }, [shown, kinds, sizesOf, room]);
  // A grid too narrow for its columns shows, after the first (what the row is), its status and
  // dates, then the rest: what people look for first stays in view, the other texts scroll sideways.
  const order = useMemo(() => {
    const all = columns.map((_, i) => i);
    if (width <= 0 || widths.reduce((n, w) => n + w.width, 0) <= room) return all;
    const rank = (i: number) => (i === 0 ? 0 : columns[i].kind === 'state' ? 1 : columns[i].kind === 'date' || columns[i].kind === 'datetime' ? 2 : 3);
    return all.sort((a, b) => rank(a) - rank(b) || a - b);
  }, [columns, widths, width, room]);

  const gridColumns = useMemo((): Column<Row>[] => {
    const out: Column<Row>[] = order.map((i) => columns[i]).map((c, j) => ({
      key: c.name,
      name: c.title,
      width: widths[order[j]].width,
      minWidth: widths[order[j]].minWidth,
      sortable: c.sortable,
      resizable: true,
      headerCellClass: `head-${c.kind}`,
      renderCell: ({ row, rowIdx }) => {
        const raw = row[c.name];
        const text = shown[order[j]][rowIdx] ?? (formatCell(raw, c.kind, c.nameField ? row[c.nameField] : undefined) || c.empty);
        // The whole of a long text shows on hover (the cell may cut it with an ellipsis), as does
        // the time of a date-time a narrow grid shows as its day.
        const hover = c.kind === 'text' && text ? fullText(raw) : compact && c.kind === 'datetime' ? full[order[j]][rowIdx] : undefined;
        return (
          <span className={`cell cell-${c.kind}`} data-kind={c.kind} title={hover || undefined}>
            {text}
          </span>
        );
      },
    }));
    if (actionsWidth > 0) {
      out.push({
        key: ACTIONS,
        name: '',
        width: actionsWidth,
        minWidth: actionsWidth,
        sortable: false,
        resizable: false,
        cellClass: 'list-actions',
        headerCellClass: 'list-actions',
        renderCell: ({ row }) => <RowButtons buttons={rowButtons(row)} menu={menu} />,
      });
    }
    if (selection) out.unshift(SelectColumn as Column<Row>);
    return out;
  }, [columns, order, widths, shown, full, compact, actionsWidth, rowButtons, menu, selection]);

  const sortColumns: SortColumn[] = sort ? [{ columnKey: sort.column, direction: sort.dir === 'asc' ? 'ASC' : 'DESC' }] : [];
  // Tall enough for the page's rows and, when the columns are wider than the box, a horizontal
  // scrollbar; capped at the window's height below (the rows then scroll inside).
  const columnsWidth = gridColumns.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : 0), 0);
  const sideways = width > 0 && columnsWidth > width;
  const height = ROW_HEIGHT * (Math.min(Math.max(rows.length, 3), VIRTUAL_FROM) + 1) + 2 + (sideways ? SCROLLBAR : 0);
  const clickable = rows.length > 0 && list.rowLink(rows[0]) !== null;

  return (
    <div ref={box} className={`list-grid${clickable ? ' clickable' : ''}${sideways ? ' sideways' : ''}${actionsWidth > 0 ? ' with-actions' : ''}`} data-list-grid data-width={width} data-state={list.loading ? 'loading' : 'ready'} data-load-seq={list.loadSeq} data-total={list.total}>
      {list.loading && rows.length > 0 && (
        <div className="list-loading" role="status">
          Loading...
        </div>
      )}
      <DataGrid
        className="rdg-light"
        columns={gridColumns}
        rows={rows}
        rowKeyGetter={list.rowKey}
        rowHeight={ROW_HEIGHT}
        // At most the window's height (less the header), so that the horizontal scrollbar is in
        // view whenever the grid's bottom is; the header row stays while the rows scroll.
        style={{ blockSize: height, maxBlockSize: 'max(16rem, calc(100vh - 6rem))' }}
        enableVirtualization={rows.length > VIRTUAL_FROM}
        sortColumns={sortColumns}
        onColumnResize={(column, w) => {
          if (column.key !== ACTIONS) list.personal?.resizeColumn(column.key, w);
        }}
        onSortColumnsChange={(s) => {
          const last = s[s.length - 1];
          list.setSort(last ? { column: last.columnKey, dir: last.direction === 'ASC' ? 'asc' : 'desc' } : null);
        }}
        selectedRows={selection?.selected}
        onSelectedRowsChange={selection?.onChange}
        onCellClick={({ row, column }) => {
          if (column.key !== ACTIONS && column.key !== SELECT_COLUMN_KEY) list.openRow(row);
        }}
        onCellKeyDown={(args, e) => {
          if (args.mode === 'SELECT' && e.key === 'Enter' && args.column.key !== ACTIONS) list.openRow(args.row);
        }}
        renderers={{
          renderRow: (key, props) => <GridRow key={key} {...props} data-row-id={list.rowKey(props.row)} />,
          noRowsFallback: (
            <div className="list-empty" role="status">
              {list.loading ? 'Loading...' : 'No records returned'}
            </div>
          ),
        }}
      />
    </div>
  );
}
