// The thread screen of seed 002 §2 (/{type}/helpdesk/{id}, /{type}/query/{id}): the status
// ribbon, the question, its attachments, the messages in order, the reply box, and for IRU the
// Change Status dialog (and for queries the conclusion box). The server decides everything it
// shows (scope, final states, allowed states); this screen mirrors it for comfort.
import { useCallback, useEffect, useRef, useState, type ReactNode } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { DateTime } from 'luxon';
import { rpc, RpcError, type Row } from '../rpc/rpc';
import { Loading } from '../ui/loading';
import { REQUIRED_FIELDS } from '../rpc/save-failure';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { hasPermission, loginTypeOf, useSession } from '../session/session-store';
import { attachmentsOf, uploadAttachment, type Attachment } from './attachments';
import { THREAD_KINDS, type ThreadKind, type ThreadKindName } from './thread-kinds';
import { CLOSED_WITH_RESUBMISSION, FINAL_STATES, helpdeskTargets, LINK_USER_CATEGORY, queryTargets, ribbonTone, STATE_NAMES, threadDate } from './thread-format';
import './threads.css';
import { templateOf } from '../filing/filing-api';
import { cellLabels } from '../../../portal/filing/cell-labels.js';
import { useFocusTrap } from '../ui/focus-trap';

interface Loaded {
  thread: Row;
  messages: Row[];
  files: Attachment[];
  messageFiles: Attachment[];
}

const num = (v: unknown) => Number(v ?? 0);
const REPLY_EMPTY = 'Please enter your message before reply';

function useThread(kind: ThreadKind, id: number, side: 're' | 'iru') {
  const [data, setData] = useState<Loaded | null | 'missing'>(null);
  const load = useCallback(async () => {
    try {
      // All that needs only the thread's id at once; the messages' files once their ids are known.
      const [{ rows }, { rows: messages }, files] = await Promise.all([
        rpc.select({ module: kind.module[side], fields: kind.fields, where: [['id', '=', id]], max: 1 }),
        rpc.select({
          module: kind.message[side],
          fields: ['id', 'description', 'createby', 'createby_name_ind_field', 'createbyrole', 'createon'],
          where: [[kind.parentField, '=', id]],
          order: 'createon asc, id asc',
          max: 1000,
        }),
        attachmentsOf(kind.reference.module, kind.reference.key, [id]),
      ]);
      if (!rows[0]) {
        setData('missing');
        return;
      }
      const messageFiles = await attachmentsOf(kind.messageReference.module, kind.messageReference.key, messages.map((m) => num(m.id)));
      setData({ thread: rows[0], messages, files, messageFiles });
    } catch (e) {
      // Another entity's thread is refused by the server like a missing one.
      if (e instanceof RpcError && (e.code === 'E_NOPERMISSION' || e.code === 'E_NOTFOUND')) setData('missing');
      else void presentError(e);
    }
  }, [kind, id, side]);
  useEffect(() => {
    void load();
  }, [load]);
  return { data, load };
}

function Files({ files }: { files: Attachment[] }) {
  if (!files.length) return null;
  return (
    <ul className="thread-files">
      {files.map((f) => (
        <li key={f.id}>
          <a href={f.url} target="_blank" rel="noreferrer">
            {f.name}
          </a>
        </li>
      ))}
    </ul>
  );
}

function Ribbon({ state, name, onClick }: { state: number; name: string; onClick?: () => void }) {
  const tone = ribbonTone(state);
  if (onClick) {
    return (
      <button type="button" className={`thread-ribbon ribbon-${tone}`} data-state={state} onClick={onClick} title="Change Status">
        {name}
      </button>
    );
  }
  return (
    <div className={`thread-ribbon ribbon-${tone}`} data-state={state}>
      {name}
    </div>
  );
}

export interface ResubmissionRequest {
  requestextdate: string;
  reason: string;
}

const todayIso = () => DateTime.now().toISODate() ?? '';

/** The Change Status dialog: the allowed states, a confirmation before a final one; Closed with resubmission asks for the resubmission's date and reason. */
function StatusDialog({ choices, finals, onClose, onSave }: { choices: number[]; finals: readonly number[]; onClose: () => void; onSave: (state: number, resubmission?: ResubmissionRequest) => Promise<void> }) {
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, onClose);
  const [state, setState] = useState<number | ''>('');
  const [busy, setBusy] = useState(false);
  const [date, setDate] = useState('');
  const [reason, setReason] = useState('');
  const [invalid, setInvalid] = useState(false);
  const resubmission = state === CLOSED_WITH_RESUBMISSION;
  async function save() {
    if (state === '') {
      await dialogs.alert('Error', 'Please select a status', 'error');
      return;
    }
    if (resubmission && (!date || !reason.trim())) {
      setInvalid(true);
      await dialogs.alert('Error', REQUIRED_FIELDS, 'error');
      return;
    }
    if (resubmission && date < todayIso()) {
      setInvalid(true);
      await dialogs.alert('Error', 'The resubmission date cannot be before today', 'error');
      return;
    }
    if (finals.includes(state)) {
      const ok = await dialogs.confirm(`Change status to ${STATE_NAMES[state]}`, 'Record can no longer be amended after this status change. Are you sure?');
      if (!ok) return;
    }
    setBusy(true);
    try {
      await onSave(state, resubmission ? { requestextdate: date, reason } : undefined);
    } finally {
      setBusy(false);
    }
  }
  return (
    <div className="dialog-backdrop">
      <div ref={box} tabIndex={-1} className="dialog thread-status-dialog" role="dialog" aria-modal="true" aria-label="Change Status">
        <h2 className="dialog-title">Change Status</h2>
        <label className="field">
          <span>Status</span>
          <select name="state" value={state} onChange={(e) => setState(e.target.value === '' ? '' : Number(e.target.value))}>
            <option value="">Please select</option>
            {choices.map((s) => (
              <option key={s} value={s}>
                {STATE_NAMES[s]}
              </option>
            ))}
          </select>
        </label>
        {resubmission && (
          <>
            <label className="field">
              <span>Resubmission Date *</span>
              <input type="date" name="requestextdate" min={todayIso()} value={date} className={invalid && !date ? 'invalid' : undefined} onChange={(e) => setDate(e.target.value)} />
            </label>
            <label className="field">
              <span>Reason *</span>
              <textarea name="reason" rows={3} value={reason} className={invalid && !reason.trim() ? 'invalid' : undefined} onChange={(e) => setReason(e.target.value)} />
            </label>
          </>
        )}
        <div className="dialog-buttons">
          <button type="button" className="btn" onClick={onClose}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void save()}>
            Save
          </button>
        </div>
      </div>
    </div>
  );
}

function ReplyBox({ onReply }: { onReply: (text: string, file: File | null) => Promise<boolean> }) {
  const [text, setText] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const [invalid, setInvalid] = useState(false);
  const [busy, setBusy] = useState(false);
  const [inputKey, setInputKey] = useState(0);
  async function reply() {
    if (!text.trim()) {
      setInvalid(true);
      await dialogs.alert('Error', REPLY_EMPTY, 'error');
      return;
    }
    setBusy(true);
    try {
      if (await onReply(text, file)) {
        setText('');
        setFile(null);
        setInputKey((k) => k + 1);
      }
    } finally {
      setBusy(false);
    }
  }
  return (
    <section className="thread-reply">
      <h3>Your Reply</h3>
      <textarea
        name="reply"
        aria-label="Your Reply"
        rows={5}
        value={text}
        aria-invalid={invalid}
        className={invalid ? 'invalid' : undefined}
        onChange={(e) => {
          setText(e.target.value);
          if (e.target.value.trim()) setInvalid(false);
        }}
      />
      <input key={inputKey} type="file" name="replyfile" aria-label="Reply attachment" onChange={(e) => setFile(e.target.files?.[0] ?? null)} />
      <button type="button" className="btn btn-primary" disabled={busy} onClick={() => void reply()}>
        Reply
      </button>
    </section>
  );
}

function ConclusionBox({ thread, onSave }: { thread: Row; onSave: (text: string, confirm: boolean) => Promise<void> }) {
  const confirmed = num(thread.conclusionconfirm) === 1;
  const [text, setText] = useState(String(thread.conclusion ?? ''));
  const [invalid, setInvalid] = useState(false);
  async function save(confirm: boolean) {
    if (!text.trim()) {
      setInvalid(true);
      await dialogs.alert('Error', REPLY_EMPTY, 'error');
      return;
    }
    if (confirm && !(await dialogs.confirm('Confirm Conclusion?', 'The conclusion cannot be changed once confirmed.'))) return;
    await onSave(text, confirm);
  }
  return (
    <section className="thread-conclusion">
      <h3>Conclusion</h3>
      <textarea name="conclusion" rows={4} value={text} disabled={confirmed} aria-invalid={invalid} className={invalid ? 'invalid' : undefined} onChange={(e) => setText(e.target.value)} />
      {!confirmed && (
        <div className="toolbar">
          <button type="button" className="btn" onClick={() => void save(false)}>
            Save Draft
          </button>
          <button type="button" className="btn btn-primary" onClick={() => void save(true)}>
            Confirm
          </button>
        </div>
      )}
    </section>
  );
}

/** The data item's label on the form's template ("Total assets"), when the form can be read; null while unknown. */
function useDataItemLabel(form: number | null, code: string): string | null {
  const [label, setLabel] = useState<string | null>(null);
  useEffect(() => {
    if (form === null || !code) return;
    let live = true;
    templateOf(form)
      .then((t) => live && setLabel(cellLabels(t).get(code) ?? null))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, [form, code]);
  return label;
}

function QueryDetails({ thread, side }: { thread: Row; side: 're' | 'iru' }) {
  const form = thread.form === null || thread.form === undefined || thread.form === '' ? null : Number(thread.form);
  const code = String(thread.dataitem ?? '');
  const label = useDataItemLabel(form, code);
  // The form at the query's cell: the page selects it from `?cell=`.
  const formLink = form === null ? '' : `/${side}/form/${form}${code ? `?cell=${encodeURIComponent(code)}` : ''}`;
  const rows: [string, ReactNode][] = [
    ['Query Ref#', String(thread.id)],
    ['Reporting Entity', String(thread.re_name_ind_field ?? '')],
    ['Submission', String(thread.formbatch_name_ind_field ?? '')],
    ['Form', form === null ? String(thread.form_name ?? '') : <Link to={formLink} data-query-form-link>{String(thread.form_name ?? `Form ${form}`)}</Link>],
    ['Form Tab', String(thread.formtab ?? '')],
    ['Data Item', <span data-query-dataitem>{label ? `${label} (${code})` : code}</span>],
    ['Date of Query', threadDate(thread.createon)],
    ['Date of Reply', threadDate(thread.replyon)],
    ['Date of Settlement', threadDate(thread.closeon)],
    ['Duration of Settle (days)', thread.duration == null ? '' : String(thread.duration)],
    ['Confidential', num(thread.confidential) === 1 ? 'Yes' : 'No'],
  ];
  if (num(thread.state) === 80) rows.push(['Conclusion', String(thread.conclusion ?? '')]);
  return (
    <table className="table thread-details">
      <tbody>
        {rows.map(([k, v]) => (
          <tr key={k}>
            <th>{k}</th>
            <td>{v}</td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export default function ThreadPage({ kind: kindName, shell }: { kind: ThreadKindName; shell: 're' | 'iru' }) {
  const kind = THREAD_KINDS[kindName];
  const { id: idParam } = useParams();
  const id = Number(idParam);
  const navigate = useNavigate();
  const { user } = useSession();
  const side = loginTypeOf(user) === 'RE' ? 're' : 'iru';
  const { data, load } = useThread(kind, id, side);
  const [statusOpen, setStatusOpen] = useState(false);
  const back = `/${shell}/${kind.listPath}`;

  useEffect(() => {
    // An RE user opening a thread of another entity goes back to the list (seed 002 §2).
    if (data === 'missing') navigate(back, { replace: true });
  }, [data, navigate, back]);

  if (data === null) return <Loading />;
  if (data === 'missing') return null;
  const { thread, messages, files, messageFiles } = data;
  const state = num(thread.state);
  const final = (FINAL_STATES[kind.name] as readonly number[]).includes(state);
  const canChange = side === 'iru' && hasPermission(user, `${kind.module.iru}.update`) && !final;
  const canReply = !final && hasPermission(user, `${kind.message[side]}.create`);
  const choices = kind.name === 'helpdesk' ? helpdeskTargets(num(thread.category), state) : queryTargets(state);

  async function changeStatus(to: number, resubmission?: ResubmissionRequest) {
    try {
      if (resubmission) await rpc.call('Query.closeWithResubmission', { id, updatectr: num(thread.updatectr), ...resubmission });
      else await rpc.update({ module: kind.module.iru, fields: ['id', 'updatectr', 'state'], values: [id, num(thread.updatectr), to] });
      setStatusOpen(false);
      await dialogs.alert('', resubmission ? 'New Resubmission Created!' : 'Status Changed', 'success');
      await load();
    } catch (e) {
      await presentError(e);
      if (e instanceof RpcError && e.code === 'E_CONCURRENT') await load();
    }
  }

  async function reply(text: string, file: File | null): Promise<boolean> {
    try {
      const created = await rpc.create({ module: kind.message[side], fields: [kind.parentField, 'description'], values: [id, text], read: ['id'] });
      if (file) await uploadAttachment(kind.messageReference.module, kind.messageReference.key, num(created.id), file);
      await dialogs.alert('', 'Sent!', 'success');
      await load();
      return true;
    } catch (e) {
      await presentError(e);
      await load();
      return false;
    }
  }

  async function conclude(text: string, confirm: boolean) {
    try {
      await rpc.update({ module: kind.module.iru, fields: ['id', 'updatectr', 'conclusion', 'conclusionconfirm'], values: [id, num(thread.updatectr), text, confirm ? 1 : 0] });
      await dialogs.alert('', confirm ? 'Updated!' : 'Saved', 'success');
      await load();
    } catch (e) {
      await presentError(e);
    }
  }

  const title = kind.name === 'helpdesk' ? `(${String(thread.category_name_ind_field ?? '')}) ${String(thread.name ?? '')}` : String(thread.name ?? '');
  const author = String(thread.createby_firstname ?? thread.createby_name_ind_field ?? '');
  const roleOf = (r: Row) => (r.approver === '1' ? 'Approver' : r.preparer === '1' ? 'Preparer' : r.checker === '1' ? 'Checker' : '');

  return (
    <section className={`page thread-page thread-${kind.name}`} data-thread={id}>
      <div className="thread-head">
        <Ribbon state={state} name={String(thread.state_name_ind_field ?? STATE_NAMES[state] ?? state)} onClick={canChange ? () => setStatusOpen(true) : undefined} />
        <div className="toolbar">
          {canChange && (
            <button type="button" className="btn" onClick={() => setStatusOpen(true)}>
              Change Status
            </button>
          )}
          <button type="button" className="btn" onClick={() => navigate(back)}>
            Back
          </button>
        </div>
      </div>
      <h1 className="thread-title">{title}</h1>
      <p className="thread-meta">
        <span className="thread-author">{author}</span> <span className="thread-date">{threadDate(thread.createon)}</span>
      </p>
      {kind.name === 'query' && <QueryDetails thread={thread} side={side} />}
      <div className="thread-description">{String(thread.description ?? '')}</div>
      {kind.name === 'helpdesk' && num(thread.category) === LINK_USER_CATEGORY && (
        <table className="table thread-link-user">
          <thead>
            <tr>
              <th>User ID</th>
              <th>Role</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <td>{String(thread.userid ?? '')}</td>
              <td>{roleOf(thread)}</td>
            </tr>
          </tbody>
        </table>
      )}
      <Files files={files} />
      <ol className="thread-messages">
        {messages.map((m) => (
          <li key={String(m.id)} className={`thread-message${num(m.createbyrole) === 1001 ? ' thread-message-staff' : ''}`} data-message={String(m.id)}>
            <div className="thread-message-head">
              <span className="thread-author">
                {String(m.createby_name_ind_field ?? '')}
                {num(m.createby) === num(thread.createby) && (
                  <span className="thread-starter" title="Thread starter" aria-label="Thread starter">
                    {' '}★
                  </span>
                )}
              </span>
              <span className="thread-date">{threadDate(m.createon)}</span>
            </div>
            <div className="thread-message-text">{String(m.description ?? '')}</div>
            <Files files={messageFiles.filter((f) => f.parent === num(m.id))} />
          </li>
        ))}
      </ol>
      {canReply && <ReplyBox onReply={reply} />}
      {kind.name === 'query' && side === 'iru' && state === 8 && hasPermission(user, 'Query.update') && <ConclusionBox thread={thread} onSave={conclude} />}
      {statusOpen && <StatusDialog choices={choices} finals={FINAL_STATES[kind.name]} onClose={() => setStatusOpen(false)} onSave={changeStatus} />}
    </section>
  );
}
