// The generic list page (seed 000 §2.8; seed 001 §2.3, §2.6): the controller's result put on
// screen. Loading, an explicit error screen for a definition that does not load, or the list:
// head, filters, grid and pager. Lazily loaded with its route, react-data-grid along with it.
import { ScreenErrorView } from '../metadata/screen-error-view';
import { ExportProgressView } from './export-progress';
import { ListFilters } from './list-filters';
import { ListGrid } from './list-grid';
import { ListPager } from './list-pager';
import { ListToolbar } from './list-toolbar';
import { useListController } from './use-list-controller';
import './list-helpers';

export interface ListPageProps {
  listId: number;
  basePath: string;
  shell: 're' | 'iru' | 'admin';
  /** Conditions always applied (a relation list under a form: the parent's id). */
  fixedWhere?: [string, string, unknown][];
  /** Shown inside another page (no address sync, no page title). */
  embedded?: boolean;
}

export default function ListPage(props: ListPageProps) {
  const list = useListController(props);
  if (list.status === 'loading') {
    return (
      <div className="loading" role="status">
        Loading...
      </div>
    );
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
          <ListGrid list={list} />
          <ListPager list={list} />
        </>
      )}
      <ExportProgressView progress={list.exportProgress} />
    </section>
  );
}
