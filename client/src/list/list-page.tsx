// The generic list page (seed 000 §2.8; seed 001 §2.3, §2.6): the controller's result put on
// screen. Loading, an explicit error screen for a definition that does not load, or the list:
// head, filters, grid and pager. Lazily loaded with its route, react-data-grid along with it.
import { useEffect, useState, type ReactNode } from 'react';
import type { WebListRecord, WebListviewRecord } from '../../../engine/metadata/screen-schemas.js';
import type { Row } from '../rpc/rpc';
import { ScreenErrorView } from '../metadata/screen-error-view';
import { ExportProgressView } from './export-progress';
import { ListFilters } from './list-filters';
import { ListGrid } from './list-grid';
import { ListPager } from './list-pager';
import { ListToolbar } from './list-toolbar';
import { useListController } from './use-list-controller';
import './list-helpers';
import './re-admin-helpers';
import { Loading } from '../ui/loading';

export interface ListPageProps {
  listId: number;
  basePath: string;
  shell: 're' | 'iru' | 'admin';
  /** Conditions always applied (a relation list under a form: the parent's id). */
  fixedWhere?: [string, string, unknown][];
  /** Shown inside another page (no address sync, no page title). */
  embedded?: boolean;
  /** The page's title in place of the list's (the same list titled for another shell). */
  title?: string;
  /** The rows' link in place of the view's (`[field]` filled from the row, resolved in the shell). */
  rowLink?: string;
  /**
   * Definitions to render instead of loading them (an editor's live preview of its unsaved
   * draft); a view missing here is loaded as usual. Keep the object stable between drafts.
   */
  definitions?: { list?: WebListRecord; views?: Record<number, WebListviewRecord> };
  /**
   * Row checkboxes, and what the page shows above the grid for the ticked rows of this page
   * (`refresh` loads the rows again). The IRU query list's bulk status (client/src/threads).
   */
  selection?: (selected: Row[], refresh: () => void) => ReactNode;
}

export default function ListPage(props: ListPageProps) {
  const list = useListController(props);
  const [selected, setSelected] = useState<ReadonlySet<string>>(new Set());
  const seq = list.status === 'ready' ? list.loadSeq : 0;
  // Each load shows other rows (or the same ones changed): the ticks start again.
  useEffect(() => setSelected(new Set()), [seq]);
  if (list.status === 'loading') {
    return <Loading />;
  }
  if (list.status === 'error') return <ScreenErrorView error={list.error} />;
  return (
    <section className={`page list-page${list.embedded ? ' embedded' : ''}`} data-list={props.listId} data-module={list.module}>
      <ListToolbar list={list} />
      {list.canSelect && <ListFilters list={list} />}
      {list.error ? (
        <div className="list-error" role="alert" data-list-error={list.error.code}>
          <p>{list.error.code === 'E_NOPERMISSION' ? list.error.message : `The list could not be shown: ${list.error.message}`}</p>
          {list.error.code !== 'E_NOPERMISSION' && (
            <button type="button" className="btn" onClick={list.reset}>
              Reset the search
            </button>
          )}
        </div>
      ) : (
        <>
          {props.selection?.(list.rows.filter((r) => selected.has(list.rowKey(r))), () => list.refresh?.())}
          <ListGrid list={list} selection={props.selection ? { selected, onChange: setSelected } : undefined} />
          <ListPager list={list} />
        </>
      )}
      <ExportProgressView progress={list.exportProgress} />
    </section>
  );
}
