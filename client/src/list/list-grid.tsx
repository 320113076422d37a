// The rows in react-data-grid: the view's columns with their widths, header clicks as the
// server-side sort, row clicks and row buttons. Rows carry `data-row-id` inside
// `[data-list-grid]`, whose `data-state` is `loading` or `ready` (what tests and the bench wait on).
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import { DataGrid, Row as GridRow, SELECT_COLUMN_KEY, SelectColumn, type Column, type SortColumn } from 'react-data-grid';
import 'react-data-grid/lib/styles.css';
import type { RowButton } from '../../../engine/metadata/screen-schemas.js';
import type { Row } from '../rpc/rpc';
import { defaultColumnWidth } from './list-columns';
import { formatCell, fullText } from './list-format';
import type { ButtonState, ListReady } from './use-list-controller';

const ROW_HEIGHT = 35;
const ACTIONS = '__actions';
/** Beyond this many rows the grid renders only what is in view. */
const VIRTUAL_FROM = 100;
const SCROLLBAR = 17;

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
  // Room for the widest set of buttons a row of this page shows (about 7.5 px a character, plus
  // padding); no column when no row shows any.
  const actionsWidth = useMemo(
    () => (hasRowButtons ? Math.max(0, ...rows.map((r) => rowButtons(r).reduce((n, b) => n + b.button.label.length * 7.5 + 30, 0))) : 0),
    [hasRowButtons, rows, rowButtons],
  );

  const gridColumns = useMemo((): Column<Row>[] => {
    const share = defaultColumnWidth(width, columns.length);
    const out: Column<Row>[] = columns.map((c) => ({
      key: c.name,
      name: c.title,
      width: c.width ?? share,
      sortable: c.sortable,
      resizable: true,
      renderCell: ({ row }) => {
        const raw = row[c.name];
        const text = formatCell(raw, c.kind, c.nameField ? row[c.nameField] : undefined);
        // The whole of a cut text shows on hover.
        return (
          <span className={`cell cell-${c.kind}`} title={c.kind === 'text' && text !== fullText(raw) ? fullText(raw) : undefined}>
            {text}
          </span>
        );
      },
    }));
    if (actionsWidth > 0) {
      out.push({ key: ACTIONS, name: '', width: Math.ceil(actionsWidth + 16), sortable: false, renderCell: ({ row }) => <RowButtons buttons={rowButtons(row)} /> });
    }
    if (selection) out.unshift(SelectColumn as Column<Row>);
    return out;
  }, [columns, width, actionsWidth, rowButtons, selection]);

  const sortColumns: SortColumn[] = sort ? [{ columnKey: sort.column, direction: sort.dir === 'asc' ? 'ASC' : 'DESC' }] : [];
  // Tall enough for the page's rows (no inner vertical scroll), and for a horizontal scrollbar
  // when the columns are wider than the box.
  const columnsWidth = gridColumns.reduce((n, c) => n + (typeof c.width === 'number' ? c.width : 0), 0);
  const height = ROW_HEIGHT * (Math.min(Math.max(rows.length, 3), VIRTUAL_FROM) + 1) + 2 + (width > 0 && columnsWidth > width ? SCROLLBAR : 0);
  const clickable = rows.length > 0 && list.rowLink(rows[0]) !== null;

  return (
    <div ref={box} className={`list-grid${clickable ? ' clickable' : ''}`} data-list-grid data-state={list.loading ? 'loading' : 'ready'} data-load-seq={list.loadSeq} data-total={list.total}>
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
        style={{ blockSize: height }}
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
