// The rows in react-data-grid: the view's columns with their widths, header clicks as the
// server-side sort, row clicks and row buttons. Rows carry `data-row-id` inside
// `[data-list-grid]`, whose `data-state` is `loading` or `ready` (what tests and the bench wait on).
// Widths come from each column's kind and the page's texts as the browser measures them
// (list-columns.ts columnSize); the row buttons stay in view at the right edge (sticky) while
// the columns scroll sideways under them; the grid is never taller than the window, so its
// horizontal scrollbar shows with it.
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DataGrid, Row as GridRow, SELECT_COLUMN_KEY, SelectColumn, type Column, type SortColumn } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import type { RowButton } from '../../../engine/metadata/screen-schemas.js';
import type { Row } from '../rpc/rpc';
import { columnSize, fitRoom } from './list-columns';
import { formatCell, fullText } from './list-format';
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

function RowButtons({ buttons }: { buttons: ButtonState<RowButton>[] }) {
  return (
    <span className="row-buttons">
      {buttons.map((b) => (
        <button
          key={b.button.label}
          type="button"
          className={`btn btn-small ${b.button.className ?? ''}`}
          disabled={b.disabled}
          title={b.needs ? `Needs ${b.needs}` : undefined}
          data-row-button={b.button.label}
          onClick={(e) => {
            e.stopPropagation();
            b.run();
          }}
        >
          {b.button.label}
        </button>
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
  const { columns, rows, sort, rowButtons, hasRowButtons } = list;
  const fonts = useMemo(() => gridFonts(box.current), [box, width]);
  // Room for the widest set of buttons a row of this page shows; no column when no row shows any.
  const actionsWidth = useMemo(
    () =>
      hasRowButtons
        ? Math.ceil(Math.max(0, ...rows.map((r) => rowButtons(r).reduce((n, b, i) => n + measurer(b.button.label, fonts.button) + BUTTON_CHROME + (i ? BUTTON_GAP : 0), 0))) + ACTIONS_CHROME)
        : 0,
    [hasRowButtons, rows, rowButtons, fonts],
  );
  // The texts each column shows on this page, formatted once for the widths and the cells.
  const shown = useMemo(() => columns.map((c) => rows.map((row) => formatCell(row[c.name], c.kind, c.nameField ? row[c.nameField] : undefined) || c.empty)), [columns, rows]);
  const widths = useMemo(() => {
    const sizes = columns.map((c, i) => ({ kind: c.kind, ...columnSize(c.kind, measurer(c.title, fonts.header), Math.max(0, ...shown[i].map((t) => measurer(t, fonts.cell))), c.width, c.userWidth) }));
    const room = width - actionsWidth - (selection ? 35 : 0) - 2;
    return fitRoom(sizes, room).map((w, i) => ({ width: w, minWidth: sizes[i].minWidth }));
  }, [columns, shown, fonts, width, actionsWidth, selection]);

  const gridColumns = useMemo((): Column<Row>[] => {
    const out: Column<Row>[] = columns.map((c, i) => ({
      key: c.name,
      name: c.title,
      width: widths[i].width,
      minWidth: widths[i].minWidth,
      sortable: c.sortable,
      resizable: true,
      headerCellClass: `head-${c.kind}`,
      renderCell: ({ row, rowIdx }) => {
        const raw = row[c.name];
        const text = shown[i][rowIdx] ?? (formatCell(raw, c.kind, c.nameField ? row[c.nameField] : undefined) || c.empty);
        // The whole of a long text shows on hover (the cell may cut it with an ellipsis).
        return (
          <span className={`cell cell-${c.kind}`} data-kind={c.kind} title={c.kind === 'text' && text ? fullText(raw) : undefined}>
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
        renderCell: ({ row }) => <RowButtons buttons={rowButtons(row)} />,
      });
    }
    if (selection) out.unshift(SelectColumn as Column<Row>);
    return out;
  }, [columns, widths, shown, actionsWidth, rowButtons, selection]);

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
