// Request Resubmission (/re/resubmission/create, /{re|iru}/resubmission/{id}/edit; seed 003 §2.2,
// §5): for entities of sectors 1, 2, 4 and 5 a dialog first asks the form category (Main, SMD, App
// I/II as the user may), a search by year, month, code and name lists the forms that may be asked
// for (accepted forms of completed submissions, Resubmission.searchForms) with a checkbox per tab,
// Select All and Add; the selected tabs each take a data item (Delete removes one); then the
// requested date (from today, with the three-days note) and the reason. Save creates the request
// Pending; Update sends an edited one back (Pending, or Pending Recommendation once paid). The
// server checks all of it again (docs/resubmission-extension.md).
import { useEffect, useMemo, useRef, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router-dom';
import { rpc, type Row } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { presentSaveFailure, REQUIRED_FIELDS } from '../rpc/save-failure';
import { dialogs } from '../ui/dialogs';
import { LEAVE_PAGE_MESSAGE, useLeaveGuard } from '../ui/leave-guard';
import { usePageTitle } from '../app/page-title';
import { recordIdOf, useRecordLoad } from '../ui/use-record-load';
import { RecordLoadView } from '../ui/record-load-view';
import { formatDate } from '../ui/date-format';
import { CATEGORY_NAMES, EDITABLE_STATES, EFFECTIVE_NOTE, formsValue, RS, tabsOf, type NamedForm } from './resubmission-format';
import '../threads/threads.css';
import './resubmission.css';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function todayIso(): string {
  const d = new Date();
  const pad = (n: number) => String(n).padStart(2, '0');
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`;
}

interface Loaded {
  request: Row | null;
  forms: NamedForm[];
}

interface Found {
  id: number;
  calendar: string;
  endon: string;
  code: string;
  name: string;
  tabs: { id: string; title: string }[];
}

export default function ResubmissionEditPage({ shell }: { shell: 're' | 'iru' }) {
  const { id } = useParams();
  const navigate = useNavigate();
  const editing = id !== undefined;
  const requestId = recordIdOf(id);
  const module = shell === 're' ? 'RE-Resubmission' : 'Resubmission';

  const loaded = useRecordLoad<Loaded>(async () => {
    if (!editing) return { request: null, forms: [] };
    if (requestId === null) return null;
    const { rows } = await rpc.select({ module, fields: ['id', 'updatectr', 'state', 're', 'requestextdate', 'reason', 'formcategory', 'paymenttype', 'amendremark'], where: [['id', '=', requestId]] });
    if (!rows[0]) return null;
    const named = await rpc.select({ module: shell === 're' ? 'RE-ResubmissionForm' : 'ResubmissionForm', fields: ['form', 'properties', 'form_code', 'form_name_ind_field', 'form_endon', 'form_properties'], where: [['resubmission', '=', requestId]], max: 200 });
    const forms = named.rows.map((r): NamedForm => {
      const asked = Array.isArray(r.properties) ? (r.properties as { id: string; dataitem: string }[]) : [];
      return {
        form: Number(r.form),
        code: String(r.form_code ?? ''),
        name: String(r.form_name_ind_field ?? ''),
        endon: String(r.form_endon ?? ''),
        calendar: '',
        tabs: tabsOf(r.form_properties),
        items: Object.fromEntries(asked.map((t) => [String(t.id), String(t.dataitem ?? '')])),
      };
    });
    return { request: rows[0], forms };
  }, [editing, requestId, module, shell]);

  const title = editing ? 'Edit Resubmission' : 'Request Resubmission';
  usePageTitle(title);
  return (
    <RecordLoadView state={loaded} what="Resubmission" notFound="Resubmission not found." back={{ to: `/${shell}/resubmission`, label: 'Back to the resubmissions' }}>
      {(value) => <ResubmissionEditor key={String(requestId ?? 'new')} shell={shell} module={module} loaded={value} title={title} onDone={(to) => navigate(to)} />}
    </RecordLoadView>
  );
}

function ResubmissionEditor({ shell, module, loaded, title, onDone }: { shell: 're' | 'iru'; module: string; loaded: Loaded; title: string; onDone(to: string): void }) {
  const request = loaded.request;
  const [category, setCategory] = useState<number | null>(request?.formcategory === null || request?.formcategory === undefined ? null : Number(request.formcategory));
  const [choice, setChoice] = useState<{ dialog: boolean; categories: number[] } | null>(null);
  const [picked, setPicked] = useState<string>('');
  const [selected, setSelected] = useState<NamedForm[]>(loaded.forms);
  const [requestextdate, setDate] = useState(String(request?.requestextdate ?? '').slice(0, 10));
  const [reason, setReason] = useState(String(request?.reason ?? ''));
  const [amendremark, setAmendremark] = useState(String(request?.amendremark ?? ''));
  const [search, setSearch] = useState({ year: String(new Date().getFullYear()), month: '', code: '', name: '' });
  const [found, setFound] = useState<Found[] | null>(null);
  const [ticks, setTicks] = useState<Set<string>>(new Set());
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);
  const baseline = useRef(JSON.stringify([requestextdate, reason, amendremark, formsValue(selected)]));
  const dirty = JSON.stringify([requestextdate, reason, amendremark, formsValue(selected)]) !== baseline.current;
  const { allowNext } = useLeaveGuard(dirty, LEAVE_PAGE_MESSAGE);
  const today = todayIso();
  const state = request ? Number(request.state) : null;
  const editable = state === null || EDITABLE_STATES.includes(state);

  useEffect(() => {
    if (shell !== 're' || request) return;
    rpc
      .json<{ dialog: boolean; categories: number[] }>('Resubmission.formCategories')
      .then((c) => {
        setChoice(c);
        if (!c.dialog) setCategory(c.categories[0] ?? null);
      })
      .catch((e) => void presentError(e));
  }, [shell, request]);

  const years = useMemo(() => Array.from({ length: 6 }, (_, i) => String(new Date().getFullYear() - i)), []);

  async function runSearch() {
    try {
      const args: Record<string, unknown> = {};
      if (search.year) args.year = Number(search.year);
      if (search.month) args.month = Number(search.month);
      if (search.code.trim()) args.code = search.code.trim();
      if (search.name.trim()) args.name = search.name.trim();
      if (category !== null) args.formcategory = category;
      if (shell === 'iru' && request) args.re = Number(request.re);
      const values = await rpc.call('Resubmission.searchForms', args as never);
      const set = values[0];
      const rows: Row[] = set?.type === 'recordset' ? (set.rows as Row[]) : [];
      setFound(rows.map((o) => ({ id: Number(o.id), calendar: String(o.calendar_name ?? ''), endon: String(o.endon ?? ''), code: String(o.code ?? ''), name: String(o.name ?? ''), tabs: tabsOf(o.properties) })));
      setTicks(new Set());
    } catch (e) {
      await presentError(e);
    }
  }

  const tickKey = (form: number, tab: string) => `${form}|${tab}`;
  const allKeys = (found ?? []).flatMap((f) => f.tabs.map((t) => tickKey(f.id, t.id)));
  const allTicked = allKeys.length > 0 && allKeys.every((k) => ticks.has(k));

  function toggle(key: string) {
    const next = new Set(ticks);
    if (next.has(key)) next.delete(key);
    else next.add(key);
    setTicks(next);
  }

  function add() {
    const next = selected.map((f) => ({ ...f, items: { ...f.items } }));
    for (const f of found ?? []) {
      const chosen = f.tabs.filter((t) => ticks.has(tickKey(f.id, t.id)));
      if (!chosen.length) continue;
      let entry = next.find((n) => n.form === f.id);
      if (!entry) {
        entry = { form: f.id, code: f.code, name: f.name, endon: f.endon, calendar: f.calendar, tabs: f.tabs, items: {} };
        next.push(entry);
      }
      for (const t of chosen) if (!(t.id in entry.items)) entry.items[t.id] = '';
    }
    setSelected(next);
    setTicks(new Set());
  }

  function setItem(form: number, tab: string, value: string) {
    setSelected(selected.map((f) => (f.form === form ? { ...f, items: { ...f.items, [tab]: value } } : f)));
  }

  function remove(form: number, tab: string) {
    setSelected(
      selected
        .map((f) => {
          if (f.form !== form) return f;
          const items = { ...f.items };
          delete items[tab];
          return { ...f, items };
        })
        .filter((f) => Object.keys(f.items).length > 0),
    );
  }

  async function save(e: FormEvent) {
    e.preventDefault();
    const missing = new Set<string>();
    if (!requestextdate) missing.add('requestextdate');
    if (!reason.trim()) missing.add('reason');
    const tabs = selected.flatMap((f) => Object.entries(f.items).map(([tab, item]) => ({ key: `item-${f.form}-${tab}`, item })));
    if (!tabs.length) missing.add('forms');
    for (const t of tabs) if (!t.item.trim()) missing.add(t.key);
    setInvalid(missing);
    if (missing.size) return dialogs.alert('Error', REQUIRED_FIELDS, 'error');
    if (requestextdate < today) {
      setInvalid(new Set(['requestextdate']));
      return dialogs.alert('Error', 'The requested resubmission date cannot be before today.', 'error');
    }
    setBusy(true);
    try {
      if (!request) {
        const made = await rpc.create({
          module: 'RE-Resubmission',
          fields: ['requestextdate', 'reason', 'formcategory', 'forms', 'state'],
          values: [requestextdate, reason.trim(), category, formsValue(selected), RS.pending],
          read: ['id'],
        });
        await dialogs.alert('', 'Requested!', 'success');
        allowNext();
        onDone(`/${shell}/resubmission/${String(made.id)}`);
      } else {
        const fields = ['id', 'updatectr', 'requestextdate', 'reason', 'forms', 'amendremark'];
        const values: (string | number | null)[] = [Number(request.id), Number(request.updatectr), requestextdate, reason.trim(), formsValue(selected), amendremark.trim() || null];
        // An entity's edit sends the request back: to Pending, or to Pending Recommendation once paid.
        if (shell === 're') {
          fields.push('state');
          values.push(request.paymenttype === null || request.paymenttype === undefined || request.paymenttype === '' ? RS.pending : RS.pendingRecommendation);
        }
        await rpc.update({ module, fields, values });
        await dialogs.alert('', 'Updated!', 'success');
        allowNext();
        onDone(`/${shell}/resubmission/${String(request.id)}`);
      }
    } catch (err) {
      await presentSaveFailure(err, (fields) => setInvalid(new Set(fields)));
    } finally {
      setBusy(false);
    }
  }

  if (!editable) {
    return (
      <section className="page resubmission-edit">
        <h1>{title}</h1>
        <p className="empty" data-not-editable>
          This request can no longer be edited: only a New request or one that requires amendment can.
        </p>
        <button type="button" className="btn" onClick={() => onDone(`/${shell}/resubmission/${String(request!.id)}`)}>
          Back
        </button>
      </section>
    );
  }

  const askCategory = shell === 're' && !request && choice?.dialog && category === null;
  return (
    <section className="page resubmission-edit">
      <h1>{title}</h1>
      {askCategory && (
        <div className="dialog-backdrop" role="presentation">
          <div className="dialog dialog-info resubmission-category" role="dialog" data-dialog="form-category" aria-modal="true" aria-labelledby="category-title">
            <h2 id="category-title">Select Form Category</h2>
            {choice!.categories.map((c) => (
              <label key={c} className="radio">
                <input type="radio" name="formcategory" value={c} checked={picked === String(c)} onChange={() => setPicked(String(c))} />
                <span>{CATEGORY_NAMES[c] ?? c}</span>
              </label>
            ))}
            <div className="toolbar">
              <button type="button" className="btn btn-primary" name="choose-category" disabled={!picked} onClick={() => setCategory(Number(picked))}>
                OK
              </button>
              <button type="button" className="btn" onClick={() => onDone(`/${shell}/resubmission`)}>
                Back
              </button>
            </div>
          </div>
        </div>
      )}
      {category !== null && <p className="hint" data-category>Form category: {CATEGORY_NAMES[category] ?? category}</p>}
      <fieldset className="resubmission-search">
        <legend>Search Forms</legend>
        <label>
          <span>Year</span>
          <select name="year" value={search.year} onChange={(e) => setSearch({ ...search, year: e.target.value })}>
            <option value="">All</option>
            {years.map((y) => (
              <option key={y} value={y}>
                {y}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Month</span>
          <select name="month" value={search.month} disabled={!search.year} onChange={(e) => setSearch({ ...search, month: e.target.value })}>
            <option value="">All</option>
            {MONTHS.map((m, i) => (
              <option key={m} value={String(i + 1)}>
                {m}
              </option>
            ))}
          </select>
        </label>
        <label>
          <span>Form Code</span>
          <input name="code" value={search.code} maxLength={50} onChange={(e) => setSearch({ ...search, code: e.target.value })} />
        </label>
        <label>
          <span>Form Name</span>
          <input name="name" value={search.name} maxLength={255} onChange={(e) => setSearch({ ...search, name: e.target.value })} />
        </label>
        <button type="button" className="btn btn-primary" name="search" onClick={() => void runSearch()}>
          Search
        </button>
      </fieldset>
      {found !== null && (
        <div className="resubmission-results">
          {found.length === 0 ? (
            <p className="empty">No accepted forms of completed submissions match.</p>
          ) : (
            <table className="grid-table" data-results>
              <thead>
                <tr>
                  <th>Calendar/FYE</th>
                  <th>Period Ending</th>
                  <th>Code</th>
                  <th>Name</th>
                  <th>
                    <label className="radio">
                      <input type="checkbox" name="select-all" checked={allTicked} onChange={() => setTicks(allTicked ? new Set() : new Set(allKeys))} />
                      <span>Select All</span>
                    </label>
                  </th>
                </tr>
              </thead>
              <tbody>
                {found.map((f) => (
                  <tr key={f.id} data-form={f.id}>
                    <td>{f.calendar}</td>
                    <td>{formatDate(f.endon)}</td>
                    <td>{f.code}</td>
                    <td>{f.name}</td>
                    <td>
                      {f.tabs.map((t) => (
                        <label key={t.id} className="radio">
                          <input type="checkbox" name={`tab-${f.id}-${t.id}`} checked={ticks.has(tickKey(f.id, t.id))} onChange={() => toggle(tickKey(f.id, t.id))} />
                          <span>{t.title}</span>
                        </label>
                      ))}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          )}
          {found.length > 0 && (
            <button type="button" className="btn" name="add" disabled={!ticks.size} onClick={add}>
              Add
            </button>
          )}
        </div>
      )}
      <form className="thread-create" onSubmit={(e) => void save(e)} noValidate>
        <table className={`grid-table${invalid.has('forms') ? ' invalid' : ''}`} data-selected>
          <thead>
            <tr>
              <th>Code</th>
              <th>Name</th>
              <th>Period Ending</th>
              <th>Tab</th>
              <th>Data Item *</th>
              <th />
            </tr>
          </thead>
          <tbody>
            {selected.length === 0 && (
              <tr>
                <td colSpan={6} className="empty">
                  No forms selected yet: search and add the tabs to resubmit.
                </td>
              </tr>
            )}
            {selected.flatMap((f) =>
              Object.keys(f.items).map((tab) => (
                <tr key={`${f.form}-${tab}`}>
                  <td>{f.code}</td>
                  <td>{f.name}</td>
                  <td>{formatDate(f.endon)}</td>
                  <td>{f.tabs.find((t) => t.id === tab)?.title ?? tab}</td>
                  <td>
                    <input name={`item-${f.form}-${tab}`} value={f.items[tab]} maxLength={1000} className={invalid.has(`item-${f.form}-${tab}`) ? 'invalid' : undefined} onChange={(e) => setItem(f.form, tab, e.target.value)} />
                  </td>
                  <td>
                    <button type="button" className="btn btn-danger" name={`delete-${f.form}-${tab}`} onClick={() => remove(f.form, tab)}>
                      Delete
                    </button>
                  </td>
                </tr>
              )),
            )}
          </tbody>
        </table>
        <label>
          <span>Requested Resubmission Date *</span>
          <input type="date" name="requestextdate" value={requestextdate} min={today} className={invalid.has('requestextdate') ? 'invalid' : undefined} onChange={(e) => setDate(e.target.value)} />
          <small className="hint" data-effective-note>
            {EFFECTIVE_NOTE}
          </small>
        </label>
        <label>
          <span>Reason *</span>
          <textarea name="reason" rows={4} value={reason} className={invalid.has('reason') ? 'invalid' : undefined} onChange={(e) => setReason(e.target.value)} />
        </label>
        {request && Number(request.state) === RS.amendment && (
          <label>
            <span>Amendment Remark</span>
            <textarea name="amendremark" rows={3} value={amendremark} onChange={(e) => setAmendremark(e.target.value)} />
          </label>
        )}
        <div className="toolbar">
          <button type="submit" className="btn btn-primary" name={request ? 'update' : 'save'} disabled={busy}>
            {request ? 'Update' : 'Save'}
          </button>
          <button type="button" className="btn" onClick={() => onDone(request ? `/${shell}/resubmission/${String(request.id)}` : `/${shell}/resubmission`)}>
            Back
          </button>
        </div>
      </form>
    </section>
  );
}
