// /iru/bulletin/create and /iru/bulletin/{id}/edit (seed 002 §2, EditBulletin): Sector checkboxes
// with Select All / Unselect All, Start and End Date (dd/mm/yyyy), Title, Message (rich text),
// Status, Attachments (deletable on edit); Save on create, Update on edit. The rules are the
// server's (Bulletin.save, docs/bulletins.md), mirrored here; changing the start clears the end.
import { useEffect, useRef, useState, type ClipboardEvent, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { LEAVE_PAGE_MESSAGE, useLeaveGuard } from '../ui/leave-guard';
import { sanitizeRichText } from '../ui/rich-text';
import { uploadAll } from '../threads/attachments';
import { BULLETIN_ACTIVE, BULLETIN_INACTIVE, draftProblem, todayUtc, type BulletinDraft } from './bulletin-format';
import { dateFromDisplay, dateToDisplay } from '../form/dates';
import { EMAIL_NOT_SENT, EMAIL_SENT, ATTACHMENTS, emailBulletin, loadBulletin, loadSectors, saveBulletin, sectorsOf, type Sector } from './bulletin-data';
import './bulletins.css';

const EMPTY: BulletinDraft = { name: '', message: '', startdate: '', enddate: '', state: BULLETIN_ACTIVE, sectors: [] };


/**
 * A small rich-text box: bold, italic and lists over a contentEditable area, kept as HTML. What
 * it is given and what is pasted into it pass the rich-text allow-list first (a stored message
 * is data, never markup that may run in the editor of the next person who opens it).
 */
function RichText({ value, onChange }: { value: string; onChange: (html: string) => void }) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (box.current && box.current.innerHTML !== value) box.current.innerHTML = sanitizeRichText(value);
  }, [value]);
  const paste = (e: ClipboardEvent<HTMLDivElement>) => {
    e.preventDefault();
    const html = e.clipboardData.getData('text/html');
    if (html) document.execCommand('insertHTML', false, sanitizeRichText(html));
    else document.execCommand('insertText', false, e.clipboardData.getData('text/plain'));
    onChange(box.current?.innerHTML ?? '');
  };
  const command = (name: string) => {
    document.execCommand(name);
    onChange(box.current?.innerHTML ?? '');
  };
  return (
    <div>
      {/* A mouse press on a toolbar button keeps the focus (and selection) in the text it formats. */}
      <div className="bulletin-sector-buttons" role="toolbar" aria-label="Message formatting" onMouseDown={(e) => e.preventDefault()}>
        <button className="btn btn-small" type="button" aria-label="Bold" onClick={() => command('bold')}><b>B</b></button>
        <button className="btn btn-small" type="button" aria-label="Italic" onClick={() => command('italic')}><i>I</i></button>
        <button className="btn btn-small" type="button" aria-label="Bulleted list" onClick={() => command('insertUnorderedList')}>• List</button>
      </div>
      <div ref={box} className="bulletin-editor" contentEditable suppressContentEditableWarning role="textbox" aria-multiline="true" aria-label="Message" data-field="message" onInput={() => onChange(box.current?.innerHTML ?? '')} onPaste={paste} />
    </div>
  );
}

export default function BulletinEditPage() {
  const { id } = useParams();
  const editing = id !== undefined;
  const navigate = useNavigate();
  const [sectors, setSectors] = useState<Sector[]>([]);
  const [draft, setDraft] = useState<BulletinDraft>(EMPTY);
  // What the draft was when loaded: the leave guard asks only about changes since.
  const [baseline, setBaseline] = useState<BulletinDraft>(EMPTY);
  const [stored, setStored] = useState<Row | null>(null);
  const [files, setFiles] = useState<Row[]>([]);
  const [picked, setPicked] = useState<File[]>([]);
  const [problem, setProblem] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const { allowNext } = useLeaveGuard(JSON.stringify(draft) !== JSON.stringify(baseline) || picked.length > 0, LEAVE_PAGE_MESSAGE);

  async function loadFiles(bulletin: number) {
    const { rows } = await rpc.select({ module: ATTACHMENTS.module, fields: ['id', 'updatectr', 'name', 'url'], where: [[ATTACHMENTS.key, '=', bulletin]], order: 'id asc', max: 1000 });
    setFiles(rows);
  }

  useEffect(() => {
    loadSectors().then(setSectors, presentError);
    if (!editing) return;
    const bulletin = Number(id);
    (async () => {
      const row = await loadBulletin(bulletin, false);
      if (!row) {
        await dialogs.alert('Error', 'No Record Found', 'error');
        navigate('/iru/bulletin');
        return;
      }
      const links = await sectorsOf([bulletin]);
      setStored(row);
      const loaded: BulletinDraft = {
        name: String(row.name ?? ''),
        message: String(row.message ?? ''),
        startdate: dateToDisplay(String(row.startdate ?? '')),
        enddate: dateToDisplay(String(row.enddate ?? '')),
        state: Number(row.state),
        sectors: links.get(bulletin) ?? [],
      };
      setDraft(loaded);
      setBaseline(loaded);
      await loadFiles(bulletin);
    })().catch(presentError);
  }, [editing, id, navigate]);

  const set = (patch: Partial<BulletinDraft>) => {
    setProblem(null);
    setDraft((d) => ({ ...d, ...patch }));
  };
  const toggle = (sector: number, on: boolean) => set({ sectors: on ? [...new Set([...draft.sectors, sector])] : draft.sectors.filter((s) => s !== sector) });

  async function removeFile(f: Row) {
    if (!(await dialogs.confirm('Delete', `Delete ${String(f.name ?? 'the file')}?`))) return;
    try {
      await rpc.call('Bulletin_Reference.removeReference', ['id', 'updatectr'], [Number(f.id), Number(f.updatectr)]);
      await loadFiles(Number(id));
    } catch (e) {
      void presentError(e);
    }
  }

  async function submit(e: FormEvent) {
    e.preventDefault();
    const storedStart = typeof stored?.startdate === 'string' ? stored.startdate.slice(0, 10) : undefined;
    const issue = draftProblem(draft, { today: todayUtc(), storedStart });
    setProblem(issue);
    if (issue) {
      await dialogs.alert('Error', issue, 'error');
      return;
    }
    setBusy(true);
    try {
      const saved = await saveBulletin({
        ...(editing ? { id: Number(id), updatectr: Number(stored?.updatectr) } : {}),
        name: draft.name.trim(),
        message: draft.message,
        startdate: dateFromDisplay(draft.startdate)!,
        enddate: dateFromDisplay(draft.enddate)!,
        state: draft.state,
        sectors: draft.sectors,
      });
      if (picked.length) await uploadAll(ATTACHMENTS.module, ATTACHMENTS.key, saved.id, picked);
      if (editing) {
        await dialogs.alert('Success', 'Updated!', 'success');
      } else {
        // Seed 002 §7: emailCheck {id} after creation; it mails an active bulletin once.
        const sent = await emailBulletin(saved.id, false);
        await dialogs.alert('Created!', sent ? EMAIL_SENT : EMAIL_NOT_SENT, sent ? 'success' : 'warning');
      }
      allowNext();
      navigate(`/iru/bulletin/${saved.id}`);
    } catch (err) {
      void presentError(err);
    } finally {
      setBusy(false);
    }
  }

  return (
    <section className="page bulletin-edit">
      <h1>{editing ? 'Edit Bulletin' : 'Create Bulletin'}</h1>
      <form className="record-form" onSubmit={(e) => void submit(e)} noValidate>
        <fieldset className="field">
          <legend>Sector *</legend>
          <div className="bulletin-sector-buttons">
            <button className="btn btn-small" type="button" onClick={() => set({ sectors: sectors.map((s) => s.id) })}>Select All</button>
            <button className="btn btn-small" type="button" onClick={() => set({ sectors: [] })}>Unselect All</button>
          </div>
          <div className="bulletin-sectors">
            {sectors.map((s) => (
              <label key={s.id}>
                <input type="checkbox" name="sector" value={s.id} checked={draft.sectors.includes(s.id)} onChange={(e) => toggle(s.id, e.target.checked)} /> {s.name}
              </label>
            ))}
          </div>
        </fieldset>
        <label className="field">
          <span>Start Date *</span>
          <input name="startdate" placeholder="dd/mm/yyyy" value={draft.startdate} onChange={(e) => set({ startdate: e.target.value, enddate: '' })} />
        </label>
        <label className="field">
          <span>End Date *</span>
          <input name="enddate" placeholder="dd/mm/yyyy" value={draft.enddate} onChange={(e) => set({ enddate: e.target.value })} />
        </label>
        <label className="field">
          <span>Title *</span>
          <input name="name" maxLength={255} value={draft.name} onChange={(e) => set({ name: e.target.value })} />
        </label>
        <div className="field">
          <span>Message *</span>
          <RichText value={draft.message} onChange={(message) => set({ message })} />
        </div>
        <label className="field">
          <span>Status</span>
          <select name="state" value={draft.state} onChange={(e) => set({ state: Number(e.target.value) })}>
            <option value={BULLETIN_ACTIVE}>Active</option>
            <option value={BULLETIN_INACTIVE}>Inactive</option>
          </select>
        </label>
        <div className="field bulletin-attachments">
          <span id="bulletin-attachments">Attachments</span>
          {files.length > 0 && (
            <ul>
              {files.map((f) => (
                <li key={String(f.id)}>
                  <a href={String(f.url ?? '')} target="_blank" rel="noopener noreferrer">{String(f.name ?? 'file')}</a>{' '}
                  <button className="btn btn-small btn-danger" type="button" onClick={() => void removeFile(f)}>Delete</button>
                </li>
              ))}
            </ul>
          )}
          <input type="file" name="files" multiple aria-labelledby="bulletin-attachments" onChange={(e) => setPicked([...(e.target.files ?? [])])} />
        </div>
        {problem && <p className="form-error">{problem}</p>}
        <div className="toolbar">
          <button className="btn btn-primary" type="submit" disabled={busy}>{editing ? 'Update' : 'Save'}</button>
          <button className="btn" type="button" onClick={() => navigate(editing ? `/iru/bulletin/${id}` : '/iru/bulletin')}>Back</button>
        </div>
      </form>
    </section>
  );
}
