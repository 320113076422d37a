// The list's head: title, view selector (when there are several views), Create, the metadata's
// top buttons (disabled without their permission, seed 000 §2.8), the user's own view (Columns,
// Save my view, Reset), Refresh and Export Excel.
import { Link } from 'react-router-dom';
import type { ListReady } from './use-list-controller';
import { PersonalViewButtons } from './columns-panel';

export function ListToolbar({ list }: { list: ListReady }) {
  return (
    <div className="list-head">
      {/* Embedded in another page, the host page gives the heading. */}
      {!list.embedded && <h1 className="list-title">{list.title}</h1>}
      <div className="toolbar list-toolbar">
        {list.views.length > 1 && (
          <label className="field inline">
            <span>View</span>
            <select name="list-view" value={list.viewId} onChange={(e) => list.selectView(Number(e.target.value))}>
              {list.views.map((v) => (
                <option key={v.id} value={v.id}>
                  {v.name}
                </option>
              ))}
            </select>
          </label>
        )}
        {list.createLink && (
          <Link className="btn btn-primary" to={list.createLink} data-action="create">
            Create
          </Link>
        )}
        {list.topButtons.map((b) => (
          <button key={b.button.label} type="button" className="btn" disabled={b.disabled} title={b.needs ? `Needs ${b.needs}` : undefined} data-top-button={b.button.label} onClick={b.run}>
            {b.button.label}
          </button>
        ))}
        {list.personal && <PersonalViewButtons personal={list.personal} />}
        {list.refresh && (
          <button type="button" className="btn" data-action="refresh" onClick={list.refresh}>
            Refresh
          </button>
        )}
        {list.exportExcel && (
          <button type="button" className="btn" data-action="export" disabled={list.exportProgress !== null} onClick={list.exportExcel}>
            Export Excel
          </button>
        )}
      </div>
    </div>
  );
}
