// The consolidated view of a form (seed 001 §2.1): title, description and status, one pill per
// tab, and a read-only table of the selected tab with its merges, alignment and widths. A plain
// table (no spreadsheet library): the template view and the filing screens' read-only display of
// a filed form both draw it; `values` are the form's stored values (consolidated-layout.ts).
import { useMemo, useState, type CSSProperties } from 'react';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { tabLayout, visibleTabs, type CellValues, type DataRows, type ViewRow } from './consolidated-layout';
import './consolidated-view.css';

export interface ConsolidatedViewProps {
  properties: FormProperties;
  /** Stored values by `cellKey(tab id, address)`; without them data cells show their defaults. */
  values?: CellValues;
  /** Data rows of add-new-rows tabs by tab id (Form.getData's `rows`). */
  rows?: DataRows;
  title: string;
  description?: string;
  status?: string;
}

function Rows({ rows, cellTag }: { rows: ViewRow[]; cellTag: (kind: string) => 'th' | 'td' }) {
  return (
    <>
      {rows.map((row) => (
        <tr key={row.key}>
          {row.cells.map((c) => {
            const Tag = cellTag(c.kind);
            const style: CSSProperties = {};
            if (c.align) style.textAlign = c.align;
            return (
              <Tag
                key={c.address}
                data-address={c.address}
                data-kind={c.kind}
                colSpan={c.colSpan > 1 ? c.colSpan : undefined}
                rowSpan={c.rowSpan > 1 ? c.rowSpan : undefined}
                scope={Tag === 'th' ? (c.colSpan > 1 ? 'colgroup' : 'col') : undefined}
                className={[`cv-${c.kind}`, ...c.classes].join(' ')}
                style={style}
              >
                {c.text}
              </Tag>
            );
          })}
        </tr>
      ))}
    </>
  );
}

export function ConsolidatedView({ properties, values, rows, title, description, status }: ConsolidatedViewProps) {
  const tabs = useMemo(() => visibleTabs(properties), [properties]);
  const [selected, setSelected] = useState(tabs[0]?.index ?? -1);
  const tab = properties.items[selected];
  const layout = useMemo(() => (tab ? tabLayout(tab, values, rows) : null), [tab, values, rows]);
  const header = layout?.headerRows ?? 0;
  const tableWidth = layout && layout.columns.length > 0 && layout.columns.every((w) => w !== undefined)
    ? layout.columns.reduce<number>((n, w) => n + (w ?? 0), 0)
    : undefined;

  return (
    <section className="consolidated-view" data-consolidated-view>
      <header className="cv-head">
        <h1 className="cv-title">{title}</h1>
        {description && <p className="cv-description">{description}</p>}
        {status && <p className="cv-status">Status: <span data-status>{status}</span></p>}
      </header>
      <nav className="cv-pills" role="tablist" aria-label="Tabs">
        {tabs.map(({ tab: t, index }) => (
          <button
            key={`${t.id}-${index}`}
            type="button"
            role="tab"
            aria-selected={index === selected}
            data-tab-id={t.id}
            title={t.tab_tooltips}
            className={`cv-pill${index === selected ? ' active' : ''}`}
            onClick={() => setSelected(index)}
          >
            {t.title} - {t.display_name}
          </button>
        ))}
      </nav>
      {tab && layout ? (
        <div className="cv-scroll" role="tabpanel" aria-label={`${tab.title} - ${tab.display_name}`}>
          <table className="cv-table" data-tab={tab.id} style={tableWidth ? { width: tableWidth } : undefined}>
            <colgroup>
              {layout.columns.map((w, i) => (
                <col key={i} style={w !== undefined ? { width: w } : undefined} />
              ))}
            </colgroup>
            <thead>
              <Rows rows={layout.rows.slice(0, header)} cellTag={() => 'th'} />
            </thead>
            <tbody>
              <Rows rows={layout.rows.slice(header)} cellTag={(kind) => (kind === 'header' ? 'th' : 'td')} />
            </tbody>
          </table>
          {layout.summary.length > 0 && (
            <table className="cv-table cv-summary" data-summary>
              <thead>
                <Rows rows={layout.summary.slice(0, 1)} cellTag={() => 'th'} />
              </thead>
              <tbody>
                <Rows rows={layout.summary.slice(1)} cellTag={() => 'td'} />
              </tbody>
            </table>
          )}
        </div>
      ) : (
        <p className="empty">This form has no tab to show.</p>
      )}
    </section>
  );
}
