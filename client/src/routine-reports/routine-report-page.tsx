// A routine report (/iru/RoutineReport/{id}, seed 003 §2.6, §4.5): its fields and sectors, the
// message thread with its files, the reply box (text only → Responded; with the report and the
// validation file → Pending Recommendation; one file alone is refused), and one panel per stage:
// the head of unit's recommendation, the head of department's approval (remark; Amendment
// Required needs it), Publish from Approved (disabled while it runs) and View Bulletin. The
// server enforces every rule (docs/routine-reports-peoi.md).
import { useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { usePageTitle } from '../app/page-title';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { useLeaveGuard, LEAVE_PAGE_MESSAGE } from '../ui/leave-guard';
import { hasPermission, useSession } from '../session/session-store';
import { formatDate, formatDateTime } from '../ui/date-format';
import { sanitizeRichText } from '../ui/rich-text';
import { NO_REPLY_STATES, ROUTINE_STATE as S } from './routine-report-format';
import { uploadReplyFile } from './reply-files';
import './routine-reports.css';

const FIELDS = [
  'id', 'updatectr', 'state', 'state_name_ind_field', 'name', 'subjectarea', 'stakeholders', 'publication', 'periodicity', 'noofre', 'submissiondue', 'preceedingamt', 'submissionlevel',
  'majorcontribute', 'trend', 'accuracylevel', 'insight', 'bulletintmpl_name_ind_field', 'disseminationdeadline', 'typeofre', 'houremark', 'houdate', 'recommendby_name_ind_field',
  'hodremark', 'hoddate', 'actionby_name_ind_field', 'bulletin', 'publishdate', 'createon', 'createby_name_ind_field',
];

const escapeText = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
/** The reply box's text as the rich text the thread stores: paragraphs, line breaks kept. */
const asHtml = (s: string) => s.trim().split(/\n{2,}/).map((p) => `<p>${escapeText(p).replace(/\n/g, '<br>')}</p>`).join('');
const text = (v: unknown) => (v === null || v === undefined || v === '' ? '-' : String(v));

/** `re`: an entity's read-only view of a report of its sector (RE-RoutineRpt): no thread, no panels. */
export default function RoutineReportPage({ shell }: { shell: 're' | 'iru' }) {
  const { id } = useParams();
  const { user } = useSession();
  const reportId = recordIdOf(id);
  const loaded = useRecordLoad(async () => {
    if (reportId === null) return null;
    const { rows } = await rpc.select({ module: shell === 're' ? 'RE-RoutineRpt' : 'RoutineRpt', fields: FIELDS, where: [['id', '=', reportId]] });
    if (!rows[0]) return null;
    if (shell === 're') return { report: rows[0] as Row, sectors: [] as string[], messages: [] as Row[], files: [] as Row[] };
    const [sectors, messages] = await Promise.all([
      rpc.select({ module: 'RoutineRpt_Sector', fields: ['name'], where: [['link_fk_routinerpt', '=', reportId]], max: 100 }),
      rpc.select({ module: 'RoutineRptMsg', fields: ['id', 'message', 'hasattachment', 'createon', 'createby_name_ind_field'], where: [['routinerpt', '=', reportId]], order: 'createon asc', max: 500 }),
    ]);
    const ids = messages.rows.map((m) => Number(m.id));
    const files = ids.length ? (await rpc.select({ module: 'RoutineRptMsg_Reference', fields: ['id', 'name', 'url', 'description', 'fk_routinerptmsg'], where: [['fk_routinerptmsg', 'in', ids]], max: 1000 })).rows : [];
    return { report: rows[0] as Row, sectors: sectors.rows.map((s) => String(s.name)), messages: messages.rows, files };
  }, [reportId, shell]);
  const data = loaded.status === 'ready' ? loaded.value : null;
  usePageTitle(data ? String(data.report.name ?? 'Routine Report') : null);
  const [reply, setReply] = useState('');
  const [reportFile, setReportFile] = useState<File | null>(null);
  const [validationFile, setValidationFile] = useState<File | null>(null);
  const [replyInvalid, setReplyInvalid] = useState(false);
  const [remark, setRemark] = useState('');
  const [busy, setBusy] = useState(false);
  const guard = useLeaveGuard(Boolean(reply.trim() || remark.trim() || reportFile || validationFile), LEAVE_PAGE_MESSAGE);

  async function run(work: () => Promise<void>, done: string) {
    setBusy(true);
    try {
      await work();
      guard.allowNext();
      await dialogs.alert('', done, 'success');
      await loaded.reload();
    } catch (e) {
      await presentError(e);
      await loaded.reload();
    } finally {
      setBusy(false);
    }
  }

  async function sendReply() {
    if (!data) return;
    if (!reply.trim()) {
      setReplyInvalid(true);
      return dialogs.alert('Error', 'Please enter your message before reply', 'error');
    }
    setReplyInvalid(false);
    if (Boolean(reportFile) !== Boolean(validationFile)) return dialogs.alert('Error', 'File Upload Error: Need to upload both file', 'error');
    await run(async () => {
      const answer = await rpc.call('RoutineRpt.reply' as string, { id: Number(data.report.id), message: asHtml(reply) } as never);
      const message = answer[0]?.type === 'recordset' ? Number((answer[0].rows[0] as Row).id) : NaN;
      if (reportFile && validationFile) {
        await uploadReplyFile(message, 'report', reportFile);
        await uploadReplyFile(message, 'validation', validationFile);
        await rpc.call('RoutineRpt.attach' as string, { message } as never);
      }
      setReply('');
      setReportFile(null);
      setValidationFile(null);
    }, 'Sent!');
  }

  async function decide(action: 'RoutineRpt.recommend' | 'RoutineRpt.approve', decision: string) {
    if (!data) return;
    if (decision === 'amend' && !remark.trim()) return dialogs.alert('Error', 'Please fill in all the required fields', 'error');
    await run(async () => {
      await rpc.call(action as string, { id: Number(data.report.id), updatectr: Number(data.report.updatectr), decision, remark: remark.trim() } as never);
      setRemark('');
    }, 'Status Changed');
  }

  async function publish() {
    if (!data || busy) return;
    await run(async () => {
      await rpc.call('RoutineReport.publish' as string, { id: Number(data.report.id) } as never);
    }, 'Published!');
  }

  if (!data) return <RecordLoadView state={loaded} what="Routine Report" back={{ to: `/${shell}/RoutineReport`, label: 'Back to the routine reports' }}>{() => null}</RecordLoadView>;
  const r = data.report;
  const state = Number(r.state);
  const row = (label: string, v: unknown, pre = false) => <tr><th>{label}</th><td className={pre ? 'pre' : undefined}>{text(v)}</td></tr>;
  const staff = shell === 'iru';
  const canReply = staff && !NO_REPLY_STATES.includes(state) && hasPermission(user, 'RoutineRptMsg.create');
  const canRecommend = staff && state === S.pendingRecommendation && hasPermission(user, 'RoutineRpt.action.recommend');
  const canApprove = staff && state === S.recommended && hasPermission(user, 'RoutineRpt.action.approve');
  return (
    <section className="page routine-report-page" data-state={state}>
      <div className="head">
        <h1>{String(r.name ?? '')}</h1>
        <span className="state-badge">{text(r.state_name_ind_field)}</span>
      </div>
      <table className="detail-table">
        <tbody>
          {row('Bulletin Template', r.bulletintmpl_name_ind_field)}
          {row('Subject Area', r.subjectarea)}
          {row('Stakeholders', r.stakeholders)}
          {row('Sharing', r.publication)}
          {row('Periodicity', r.periodicity)}
          {row('Number of REs', r.noofre)}
          {row('Type of REs', r.typeofre)}
          {row('Submission Deadline', formatDate(String(r.submissiondue ?? '')))}
          {row('Submission Level', r.submissionlevel === null ? null : `${Number(r.submissionlevel)}%`)}
          {row('Preceding Amount', r.preceedingamt)}
          {row('Accuracy Level', r.accuracylevel)}
          {row('Major Contributors', r.majorcontribute, true)}
          {row('Trend', r.trend, true)}
          {row('Insight', r.insight, true)}
          {row('Dissemination Deadline', formatDate(String(r.disseminationdeadline ?? '')))}
          {staff ? row('Sectors', data.sectors.join(', ')) : null}
          {row('Created', `${text(r.createby_name_ind_field)}, ${formatDateTime(String(r.createon ?? ''))}`)}
          {r.houdate ? row('Head of Unit', `${text(r.recommendby_name_ind_field)}, ${formatDateTime(String(r.houdate))}: ${text(r.houremark)}`) : null}
          {r.hoddate ? row('Head of Department', `${text(r.actionby_name_ind_field)}, ${formatDateTime(String(r.hoddate))}: ${text(r.hodremark)}`) : null}
        </tbody>
      </table>

      {staff && <h2>Messages</h2>}
      {staff && <ul className="messages">
        {data.messages.length === 0 && <li className="empty">No messages yet.</li>}
        {data.messages.map((m) => (
          <li key={String(m.id)} data-message={String(m.id)}>
            <div className="meta">{text(m.createby_name_ind_field)} · {formatDateTime(String(m.createon ?? ''))}</div>
            <div dangerouslySetInnerHTML={{ __html: sanitizeRichText(String(m.message ?? '')) }} />
            {data.files.filter((f) => Number(f.fk_routinerptmsg) === Number(m.id)).map((f) => (
              <div key={String(f.id)}><a href={String(f.url)} target="_blank" rel="noopener noreferrer">{String(f.description ?? 'file')}: {String(f.name)}</a></div>
            ))}
          </li>
        ))}
      </ul>}

      {canReply && (
        <fieldset className="reply-panel">
          <legend>Your Reply</legend>
          <textarea name="reply" rows={4} className={replyInvalid ? 'invalid' : undefined} value={reply} onChange={(e) => setReply(e.target.value)} />
          <label>Report file<input type="file" name="report-file" onChange={(e) => setReportFile(e.target.files?.[0] ?? null)} /></label>
          <label>Validation file<input type="file" name="validation-file" onChange={(e) => setValidationFile(e.target.files?.[0] ?? null)} /></label>
          <p className="hint">Attach both files to send the report for recommendation, or none to reply with text only.</p>
          <div className="toolbar"><button type="button" className="btn btn-primary" name="send-reply" disabled={busy} onClick={() => void sendReply()}>Reply</button></div>
        </fieldset>
      )}

      {(canRecommend || canApprove) && (
        <fieldset className={canRecommend ? 'recommend-panel' : 'approve-panel'}>
          <legend>{canRecommend ? 'Head of Unit Recommendation' : 'Head of Department Approval'}</legend>
          <label>Remark<textarea name="remark" rows={3} value={remark} onChange={(e) => setRemark(e.target.value)} /></label>
          <div className="toolbar">
            <button type="button" className="btn btn-primary" name={canRecommend ? 'recommend' : 'approve'} disabled={busy} onClick={() => void decide(canRecommend ? 'RoutineRpt.recommend' : 'RoutineRpt.approve', canRecommend ? 'recommend' : 'approve')}>
              {canRecommend ? 'Recommend' : 'Approve'}
            </button>
            <button type="button" className="btn btn-danger" name="amend" disabled={busy} onClick={() => void decide(canRecommend ? 'RoutineRpt.recommend' : 'RoutineRpt.approve', 'amend')}>Amendment Required</button>
          </div>
        </fieldset>
      )}

      <div className="toolbar">
        {staff && state === S.approved && hasPermission(user, 'RoutineRpt.action.publish') && (
          <button type="button" className="btn btn-primary" name="publish" disabled={busy} onClick={() => void publish()}>Publish</button>
        )}
        {r.bulletin ? <Link to={`/${shell}/bulletin/${String(r.bulletin)}`} className="btn" data-action="view-bulletin">View Bulletin</Link> : null}
        {staff && (state === S.pending || state === S.amendment) && hasPermission(user, 'RoutineRpt.update') && (
          <Link to={`/iru/RoutineReport/${String(r.id)}/edit`} className="btn" data-action="edit">Edit</Link>
        )}
        <Link to={`/${shell}/RoutineReport`} className="btn" data-action="back">Back</Link>
      </div>
    </section>
  );
}
