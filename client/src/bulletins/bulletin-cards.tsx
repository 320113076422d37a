// The bulletins an RE user may read, as cards (seed 002 §2 feed; seed 000 §2.13 dashboard list):
// title, 'Published on {date}', the message cut at 200 characters. RE-Bulletin's scope on the
// server decides which (Active, started, not ended, of the entity's sector).
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { useSession } from '../session/session-store';
import { bulletinDay, excerpt } from './bulletin-format';
import './bulletins.css';

export function BulletinCards({ perPage, title }: { perPage: number; title?: string }) {
  const { re } = useSession();
  const [page, setPage] = useState(1);
  const [data, setData] = useState<{ rows: Row[]; total: number } | null>(null);

  useEffect(() => {
    let live = true;
    rpc
      .select({ module: 'RE-Bulletin', fields: ['id', 'name', 'message', 'startdate', 'createon'], order: 'createon desc', max: perPage, pageIndex: page })
      .then((d) => live && setData(d), (e) => live && void presentError(e));
    return () => {
      live = false;
    };
  }, [perPage, page, re]);

  const pages = data ? Math.max(1, Math.ceil(data.total / perPage)) : 1;
  return (
    <div className="bulletin-cards" data-state={data ? 'ready' : 'loading'}>
      {title && <h2>{title}</h2>}
      {data?.rows.map((r) => (
        <article key={String(r.id)} className="bulletin-card" data-bulletin-id={String(r.id)}>
          <h3><Link to={`/re/bulletin/${String(r.id)}`}>{String(r.name ?? '')}</Link></h3>
          <p className="muted">Published on {bulletinDay(r.startdate)}</p>
          <p>{excerpt(String(r.message ?? ''))}</p>
        </article>
      ))}
      {data && !data.rows.length && <p className="list-empty">No bulletin</p>}
      {pages > 1 && (
        <nav className="list-pager">
          <button className="btn btn-small" type="button" disabled={page <= 1} onClick={() => setPage(page - 1)}>Previous</button>
          <span className="muted"> {page} / {pages} </span>
          <button className="btn btn-small" type="button" disabled={page >= pages} onClick={() => setPage(page + 1)}>Next</button>
        </nav>
      )}
    </div>
  );
}

/** /re/bulletin: the feed. */
export default function BulletinFeedPage() {
  return (
    <section className="page bulletin-feed">
      <h1>Bulletin</h1>
      <BulletinCards perPage={10} />
    </section>
  );
}
