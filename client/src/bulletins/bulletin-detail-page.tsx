// /{type}/bulletin/{id} (seed 002 §2, Bulletin Detail): title, author, date, message, attachments
// headed Download, Edit (Bulletin.update) and, for IRU with Bulletin.create, Send Email. An RE user
// reads through RE-Bulletin, so a bulletin outside its sector, status or dates is not found.
import { useEffect, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { Loading } from '../ui/loading';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { hasPermission, useSession } from '../session/session-store';
import { SafeHtml } from '../auth/safe-html';
import { bulletinDay } from './bulletin-format';
import { ATTACHMENTS, EMAIL_NOT_SENT, EMAIL_SENT, emailBulletin, loadBulletin } from './bulletin-data';
import './bulletins.css';

export default function BulletinDetailPage({ shell }: { shell: 're' | 'iru' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const { user } = useSession();
  const [row, setRow] = useState<Row | null | 'missing'>(null);
  const [files, setFiles] = useState<Row[]>([]);

  useEffect(() => {
    const bulletin = Number(id);
    (async () => {
      const found = Number.isInteger(bulletin) && bulletin > 0 ? await loadBulletin(bulletin, shell === 're') : null;
      if (!found) {
        setRow('missing');
        return;
      }
      setRow(found);
      const { rows } = await rpc.select({ module: ATTACHMENTS.module, fields: ['id', 'name', 'url'], where: [[ATTACHMENTS.key, '=', bulletin]], order: 'id asc', max: 1000 });
      setFiles(rows);
    })().catch((e) => {
      setRow('missing');
      void presentError(e);
    });
  }, [id, shell]);

  async function sendEmail() {
    try {
      const sent = await emailBulletin(Number(id), true);
      await dialogs.alert(sent ? 'Success' : 'Error', sent ? EMAIL_SENT : EMAIL_NOT_SENT, sent ? 'success' : 'error');
    } catch (e) {
      void presentError(e);
    }
  }

  if (row === null) return <Loading />;
  if (row === 'missing') {
    return (
      <section className="page bulletin-detail">
        <h1>Bulletin Detail</h1>
        <p className="list-empty">No Record Found</p>
        <Link className="btn" to={`/${shell}/bulletin`}>Back</Link>
      </section>
    );
  }
  return (
    <section className="page bulletin-detail" data-bulletin-id={String(row.id)}>
      <h1>Bulletin Detail</h1>
      <h2 className="bulletin-title">{String(row.name ?? '')}</h2>
      <p className="muted">
        {String(row.createby_name_ind_field ?? '')} · {bulletinDay(row.startdate)}
        {shell === 'iru' && <> · {String(row.state_name_ind_field ?? '')} · until {bulletinDay(row.enddate)}</>}
      </p>
      <SafeHtml className="bulletin-message" html={String(row.message ?? '')} />
      {files.length > 0 && (
        <div className="bulletin-attachments">
          <h3>Download</h3>
          <ul>
            {files.map((f) => (
              <li key={String(f.id)}><a href={String(f.url ?? '')} target="_blank" rel="noopener noreferrer">{String(f.name ?? 'file')}</a></li>
            ))}
          </ul>
        </div>
      )}
      <div className="toolbar">
        <button className="btn" type="button" onClick={() => navigate(`/${shell}/bulletin`)}>Back</button>
        {shell === 'iru' && hasPermission(user, 'Bulletin.update') && <Link className="btn" to={`/iru/bulletin/${String(row.id)}/edit`}>Edit</Link>}
        {shell === 'iru' && hasPermission(user, 'Bulletin.create') && <button className="btn btn-primary" type="button" onClick={() => void sendEmail()}>Send Email</button>}
      </div>
    </section>
  );
}
