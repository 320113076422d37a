// The IRU bulletin list (seed 002 §2, /iru/bulletin): Title, Create Date, Sector count (its
// tooltip names the sectors), Author, Status, open, Deactivate/Activate; filters Publish Date,
// Create Date range, Sector, Title and Status kept in the address (a `sector` there pre-applies
// that filter); Create and Export Excel only with Bulletin.create. Default order createon desc.
// A row opens its bulletin (as its Open link does); dates and statuses never wrap or cut, a long
// title ends in an ellipsis (whole on hover), the buttons stay together in their cell, and the
// table scrolls sideways inside its box when the window is narrow.
import { useCallback, useEffect, useMemo, useState, type FormEvent } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { hasPermission, useSession } from '../session/session-store';
import { download, exportList } from '../list/export-excel';
import { BULLETIN_ACTIVE, BULLETIN_INACTIVE, bulletinDay } from './bulletin-format';
import { dateFromDisplay } from '../form/dates';
import { loadSectors, sectorsOf, type Sector } from './bulletin-data';
import './bulletins.css';

const PAGE = 20;
const FIELDS = ['id', 'updatectr', 'name', 'createon', 'sectorcount', 'createby_name_ind_field', 'state', 'state_name_ind_field'];
const FILTER_KEYS = ['publish', 'from', 'to', 'sector', 'name', 'state'] as const;
type Filters = Record<(typeof FILTER_KEYS)[number], string>;

/** The where of the filters in the address (dates typed dd/mm/yyyy). */
export function filterWhere(f: Filters): unknown[] {
  const where: unknown[] = [];
  const publish = dateFromDisplay(f.publish);
  if (publish) where.push(['startdate', 'between', [publish, publish]]);
  const from = dateFromDisplay(f.from);
  const to = dateFromDisplay(f.to);
  if (from) where.push(['createon', '>=', from]);
  if (to) where.push(['createon', '<=', to]);
  if (/^\d+$/.test(f.sector)) where.push(['$filter', 'bySector', [Number(f.sector)]]);
  if (f.name.trim()) where.push(['name', 'like', `%${f.name.trim().replace(/[\\%_]/g, (c) => `\\${c}`)}%`]);
  if (f.state === String(BULLETIN_ACTIVE) || f.state === String(BULLETIN_INACTIVE)) where.push(['state', '=', Number(f.state)]);
  return where;
}

export default function BulletinListPage() {
  const { user } = useSession();
  const [params, setParams] = useSearchParams();
  const navigate = useNavigate();
  const applied = useMemo(() => Object.fromEntries(FILTER_KEYS.map((k) => [k, params.get(k) ?? ''])) as Filters, [params]);
  const page = Math.max(1, Number(params.get('pageIndex') ?? 1) || 1);
  const [draft, setDraft] = useState<Filters>(applied);
  const [sectors, setSectors] = useState<Sector[]>([]);
  const [data, setData] = useState<{ rows: Row[]; total: number; links: Map<number, number[]> } | null>(null);
  const canCreate = hasPermission(user, 'Bulletin.create');
  const canUpdate = hasPermission(user, 'Bulletin.update');

  useEffect(() => setDraft(applied), [applied]);
  useEffect(() => {
    loadSectors().then(setSectors, presentError);
  }, []);

  const load = useCallback(async () => {
    try {
      setData(null);
      const { rows, total } = await rpc.select({ module: 'Bulletin', fields: FIELDS, where: filterWhere(applied), order: 'createon desc', max: PAGE, pageIndex: page });
      const links = await sectorsOf(rows.map((r) => Number(r.id)));
      setData({ rows, total, links });
    } catch (e) {
      void presentError(e);
    }
  }, [applied, page]);
  useEffect(() => {
    void load();
  }, [load]);

  function search(e: FormEvent) {
    e.preventDefault();
    const next = new URLSearchParams();
    for (const k of FILTER_KEYS) if (draft[k].trim()) next.set(k, draft[k].trim());
    setParams(next);
  }

  async function setState(row: Row, state: number) {
    try {
      await rpc.update({ module: 'Bulletin', fields: ['id', 'updatectr', 'state'], values: [Number(row.id), Number(row.updatectr), state] });
      await dialogs.alert('Success', 'Status Changed', 'success');
      await load();
    } catch (e) {
      void presentError(e);
    }
  }

  async function exportExcel() {
    const done = dialogs.busy('Generating Excel...');
    try {
      const url = await exportList(
        {
          title: 'Bulletin',
          columnNames: ['Title', 'Create Date', 'Sectors', 'Author', 'Status'],
          module: 'Bulletin',
          fields: ['name', 'createon', 'sectorcount', 'createby_name_ind_field', 'state_name_ind_field'],
          where: filterWhere(applied),
          order: 'createon desc',
        },
        () => undefined,
      );
      done();
      if (url) download(url);
    } catch (e) {
      done();
      void presentError(e);
    }
  }

  const sectorName = (id: number) => sectors.find((s) => s.id === id)?.name ?? `#${id}`;
  const pages = data ? Math.max(1, Math.ceil(data.total / PAGE)) : 1;
  const goTo = (p: number) => {
    const next = new URLSearchParams(params);
    next.set('pageIndex', String(p));
    setParams(next);
  };
  const field = (k: keyof Filters) => ({ value: draft[k], onChange: (e: { target: { value: string } }) => setDraft({ ...draft, [k]: e.target.value }), name: k });

  return (
    <section className="page bulletin-list">
      <h1>Bulletin</h1>
      <form className="list-filters bulletin-filters" onSubmit={search}>
        <label className="field"><span>Publish Date</span><input placeholder="dd/mm/yyyy" {...field('publish')} /></label>
        <label className="field"><span>Create Date from</span><input placeholder="dd/mm/yyyy" {...field('from')} /></label>
        <label className="field"><span>to</span><input placeholder="dd/mm/yyyy" {...field('to')} /></label>
        <label className="field">
          <span>Sector</span>
          <select {...field('sector')}>
            <option value="">All</option>
            {sectors.map((s) => <option key={s.id} value={s.id}>{s.name}</option>)}
          </select>
        </label>
        <label className="field"><span>Title</span><input {...field('name')} /></label>
        <label className="field">
          <span>Status</span>
          <select {...field('state')}>
            <option value="">All</option>
            <option value={BULLETIN_ACTIVE}>Active</option>
            <option value={BULLETIN_INACTIVE}>Inactive</option>
          </select>
        </label>
        <div className="list-filter-buttons">
          <button className="btn btn-primary" type="submit">Search</button>
          <button className="btn" type="button" onClick={() => setParams(new URLSearchParams())}>Reset</button>
        </div>
      </form>
      <div className="toolbar">
        {canCreate && <Link className="btn btn-primary" to="/iru/bulletin/create">Create</Link>}
        {canCreate && <button className="btn" type="button" onClick={() => void exportExcel()}>Export Excel</button>}
      </div>
      <div className="table-scroll">
      <table className="table bulletin-table" data-state={data ? 'ready' : 'loading'}>
        <thead>
          <tr><th>Title</th><th>Create Date</th><th>Sector</th><th>Author</th><th>Status</th><th><span className="sr-label">Actions</span></th></tr>
        </thead>
        <tbody>
          {data?.rows.map((r) => {
            const id = Number(r.id);
            const names = (data.links.get(id) ?? []).map(sectorName);
            const state = Number(r.state);
            return (
              <tr
                key={id}
                data-row-id={id}
                className="clickable"
                onClick={(e) => {
                  // The buttons and links of the row do their own thing.
                  if (!(e.target as HTMLElement).closest('a, button')) navigate(`/iru/bulletin/${id}`);
                }}
              >
                <td className="cell-title" title={String(r.name ?? '')}>{String(r.name ?? '')}</td>
                <td className="cell-date">{bulletinDay(r.createon)}</td>
                <td className="cell-number"><span className="sector-count" title={names.join(', ')}>{Number(r.sectorcount ?? names.length)}</span></td>
                <td className="cell-author">{String(r.createby_name_ind_field ?? '')}</td>
                <td className="cell-state">{String(r.state_name_ind_field ?? '')}</td>
                <td className="row-actions">
                  <span className="row-buttons">
                    <Link className="btn btn-small" to={`/iru/bulletin/${id}`}>Open</Link>
                    {state === BULLETIN_ACTIVE && <button className="btn btn-small btn-danger" type="button" disabled={!canUpdate} onClick={() => void setState(r, BULLETIN_INACTIVE)}>Deactivate</button>}
                    {state === BULLETIN_INACTIVE && <button className="btn btn-small" type="button" disabled={!canUpdate} onClick={() => void setState(r, BULLETIN_ACTIVE)}>Activate</button>}
                  </span>
                </td>
              </tr>
            );
          })}
          {data && !data.rows.length && <tr><td colSpan={6} className="list-empty">No Record Found</td></tr>}
        </tbody>
      </table>
      </div>
      {data && pages > 1 && (
        <nav className="list-pager">
          {Array.from({ length: Math.min(10, pages) }, (_, i) => Math.max(1, Math.min(page - 4, pages - 9)) + i).map((p) => (
            <button key={p} type="button" className={`btn btn-small${p === page ? ' btn-primary' : ''}`} onClick={() => goTo(p)}>{p}</button>
          ))}
        </nav>
      )}
    </section>
  );
}
