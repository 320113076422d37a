// /iru/permission/role/{data_id} and /iru/permission/role/create (seed 003 §2.8, §5, §6, §8): a
// role's name, a module search and the matrix of modules by Create, Read, Update, Delete and Other
// with select-all per column and per row; Copy Role copies another role's grants onto this one.
// Without RolePermission.update the boxes are disabled and Copy Role and Save are hidden. Save
// sends only the changes (Role.setPermissions, compare-and-set on each removed grant); the
// server refuses what this page also refuses (a blank name, a system role's grant withdrawn, a
// task the editor does not hold, a role the editor holds: docs/roles.md) and its refusal shows.
import { useEffect, useMemo, useRef, useState } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { rpc, RpcError } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { ChoiceSelect } from '../ui/labelled-fields';
import { hasPermission, useSession } from '../session/session-store';
import { allTicked, columnTasks, COLUMNS, CRUD_COLUMNS, grantChanges, matrixRows, rowTasks, searchRows, toggleGroup, type Column, type Grant, type Task } from './role-matrix';
import { loadGrants, loadRole, loadRoles, loadTasks, type RoleRecord } from './role-data';
import './roles.css';
import { Loading } from '../ui/loading';
import { REQUIRED_FIELDS } from '../rpc/save-failure';
import { useFocusTrap } from '../ui/focus-trap';

export const ROLE_MESSAGES = {
  required: REQUIRED_FIELDS,
  copyFromMissing: 'Please select a role to copy from.',
  copyConfirm: 'Confirm Copy?',
  copied: 'Success: Role permission successfully copied.',
  updated: 'Role Update!',
} as const;

const BASE = '/iru/permission/role';
const COLUMN_LABELS: Record<Column, string> = { ...Object.fromEntries(CRUD_COLUMNS.map((c) => [c.verb, c.label])), other: 'Other' } as Record<Column, string>;

type Load = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; tasks: Task[]; role: RoleRecord | null; grants: Grant[] };

export default function RoleEditorPage() {
  const { data_id } = useParams();
  const id = data_id === undefined ? null : Number(data_id);
  if (id !== null && (!Number.isInteger(id) || id < 1)) {
    return (
      <p className="form-error" role="alert">
        There is no role {data_id}.
      </p>
    );
  }
  return <RoleEditor key={id ?? 'new'} id={id} />;
}

function RoleEditor({ id }: { id: number | null }) {
  const navigate = useNavigate();
  const { user } = useSession();
  const mayEdit = hasPermission(user, 'RolePermission.update');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [loads, setLoads] = useState(0);
  const [name, setName] = useState('');
  const [nameProblem, setNameProblem] = useState(false);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [search, setSearch] = useState('');
  const [copying, setCopying] = useState(false);
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    (async () => {
      const [tasks, role, grants] = await Promise.all([loadTasks(), id === null ? null : loadRole(id), id === null ? [] : loadGrants(id)]);
      if (id !== null && !role) throw new Error(`Role ${id} does not exist.`);
      return { tasks, role, grants };
    })().then(
      (data) => {
        if (!live) return;
        setLoad({ status: 'ready', ...data });
        setName(data.role?.name ?? '');
        setTicked(new Set(data.grants.map((g) => g.task)));
      },
      (e: unknown) => live && setLoad({ status: 'error', message: e instanceof RpcError ? `${e.code}: ${e.message}` : e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [id, loads]);

  const ready = load.status === 'ready' ? load : null;
  const rows = useMemo(() => (ready ? matrixRows(ready.tasks) : []), [ready]);
  const shown = useMemo(() => searchRows(rows, search), [rows, search]);
  // Boxes the server would refuse: a system role's grants (never withdrawn) and tasks the editor
  // does not hold (neither given nor taken by them).
  const locked = useMemo(() => {
    const out = new Set(ready?.role?.issystem ? ready.grants.map((g) => g.task) : []);
    for (const t of ready?.tasks ?? []) if (!hasPermission(user, t.name)) out.add(t.id);
    return out;
  }, [ready, user]);

  if (load.status === 'loading') {
    return <Loading />;
  }
  if (load.status === 'error') {
    return (
      <section className="page role-editor" data-testid="role-editor" data-state="error">
        <h1>Role &amp; Permission</h1>
        <p role="alert">The role could not be loaded: {load.message}</p>
        <Link to={BASE}>Back to the roles</Link>
      </section>
    );
  }
  const { role, grants } = load;
  // One's own role is changed by someone else (the server refuses it too).
  const ownRole = role !== null && Boolean(user?.roles[String(role.id)]);
  const canEdit = mayEdit && !ownRole;
  const changes = grantChanges(grants, ticked);
  const dirty = changes.create.length > 0 || changes.delete.length > 0 || name !== (role?.name ?? '');
  const canRename = role === null ? hasPermission(user, 'Role.create') : hasPermission(user, 'Role.update');

  const toggle = (task: Task) => {
    if (!canEdit || locked.has(task.id)) return;
    const next = new Set(ticked);
    if (next.has(task.id)) next.delete(task.id);
    else next.add(task.id);
    setTicked(next);
  };
  const toggleAll = (tasks: Task[]) => canEdit && setTicked(toggleGroup(tasks, ticked, locked));

  const save = async () => {
    if (!name.trim()) {
      setNameProblem(true);
      await dialogs.alert('Error', ROLE_MESSAGES.required, 'error');
      return;
    }
    setSaving(true);
    const done = dialogs.busy(role ? 'Updating...' : 'Creating...');
    try {
      let roleId = role?.id;
      if (!role) {
        roleId = Number((await rpc.create({ module: 'Role', fields: ['name'], values: [name.trim()] })).id);
      } else if (name !== role.name) {
        await rpc.update({ module: 'Role', fields: ['id', 'updatectr', 'name'], values: [role.id, role.updatectr, name.trim()] });
      }
      if (changes.create.length || changes.delete.length) await rpc.call('Role.setPermissions', { role: roleId, create: changes.create, delete: changes.delete });
      done();
      await dialogs.alert('Success', ROLE_MESSAGES.updated, 'success');
      if (!role) navigate(`${BASE}/${roleId}`, { replace: true });
      else setLoads((n) => n + 1);
    } catch (e) {
      done();
      if (e instanceof RpcError && e.code === 'E_CONCURRENT') {
        await dialogs.alert('Not saved', `${e.message} The role is shown again as it is stored now.`, 'warning');
        setLoads((n) => n + 1);
      } else await presentError(e);
    } finally {
      setSaving(false);
    }
  };

  return (
    <section className="page role-editor" data-testid="role-editor" data-state="ready" data-role={role?.id ?? ''} data-can-edit={canEdit ? 'yes' : 'no'}>
      <div className="list-head">
        <h1>{role ? `Role & Permission: ${role.name}` : 'New role'}</h1>
        <div className="toolbar">
          {canEdit && role && (
            <button type="button" className="btn" data-testid="copy-role" onClick={() => setCopying(true)}>
              Copy Role
            </button>
          )}
          {canEdit && (
            <button type="button" className="btn btn-primary" data-testid="save-role" disabled={saving || (!dirty && role !== null)} onClick={() => void save()}>
              {role ? 'Update' : 'Save'}
            </button>
          )}
          <Link to={BASE} className="btn">
            Back
          </Link>
        </div>
      </div>
      <div className="form-grid">
        <label className="field">
          <span className="form-label">Role Name *</span>
          <input
            name="name"
            value={name}
            maxLength={255}
            readOnly={!canEdit || !canRename}
            aria-invalid={nameProblem || undefined}
            onChange={(e) => {
              setName(e.target.value);
              setNameProblem(false);
            }}
          />
          {role?.issystem && <span className="field-hint">A system role holds every permission; its grants cannot be withdrawn.</span>}
          {ownRole && (
            <span className="field-hint" data-testid="own-role">
              This is one of your own roles: its permissions are changed by someone who does not hold it.
            </span>
          )}
          {canEdit && locked.size > 0 && !role?.issystem && <span className="field-hint">Permissions you do not hold yourself cannot be granted or withdrawn here.</span>}
        </label>
        <label className="field">
          <span className="form-label">Search Module</span>
          <input name="module-search" type="search" value={search} placeholder="Module or permission" onChange={(e) => setSearch(e.target.value)} />
        </label>
      </div>
      <table className="table role-matrix" data-testid="role-matrix">
        <thead>
          <tr>
            <th scope="col">Module</th>
            {COLUMNS.map((c) => {
              const tasks = columnTasks(shown, c);
              return (
                <th scope="col" key={c}>
                  <label className="matrix-all">
                    <input type="checkbox" data-column={c} aria-label={`All ${COLUMN_LABELS[c]}`} disabled={!canEdit || !tasks.length} checked={allTicked(tasks, ticked)} onChange={() => toggleAll(tasks)} />
                    {COLUMN_LABELS[c]}
                  </label>
                </th>
              );
            })}
          </tr>
        </thead>
        <tbody>
          {shown.map((r) => {
            const tasks = rowTasks(r);
            return (
              <tr key={r.module} data-module={r.module}>
                <th scope="row">
                  <label className="matrix-all">
                    <input type="checkbox" data-row={r.module} aria-label={`All of ${r.title}`} disabled={!canEdit} checked={allTicked(tasks, ticked)} onChange={() => toggleAll(tasks)} />
                    <span>
                      {r.title}
                      {r.title !== r.module && <span className="muted"> ({r.module})</span>}
                    </span>
                  </label>
                </th>
                {CRUD_COLUMNS.map((c) => {
                  const t = r.cells[c.verb];
                  return <td key={c.verb}>{t && <TaskBox task={t} ticked={ticked.has(t.id)} disabled={!canEdit || locked.has(t.id)} onToggle={toggle} />}</td>;
                })}
                <td className="matrix-other">
                  {r.other.map((t) => (
                    <TaskBox key={t.id} task={t} ticked={ticked.has(t.id)} disabled={!canEdit || locked.has(t.id)} onToggle={toggle} label={t.code} />
                  ))}
                </td>
              </tr>
            );
          })}
        </tbody>
      </table>
      {!shown.length && <p className="list-empty">No module matches the search.</p>}
      {copying && role && <CopyRoleDialog role={role} onClose={() => setCopying(false)} onCopied={() => setLoads((n) => n + 1)} />}
    </section>
  );
}

function TaskBox({ task, ticked, disabled, onToggle, label }: { task: Task; ticked: boolean; disabled: boolean; onToggle: (t: Task) => void; label?: string }) {
  return (
    <label className="matrix-box" title={task.name}>
      <input type="checkbox" data-task={task.name} aria-label={task.name} checked={ticked} disabled={disabled} onChange={() => onToggle(task)} />
      {label && <span>{label}</span>}
    </label>
  );
}

/** Copy Role (seed 003 §2.8): Copy From a role, confirmed, then the grants are this role's. */
function CopyRoleDialog({ role, onClose, onCopied }: { role: RoleRecord; onClose: () => void; onCopied: () => void }) {
  const [roles, setRoles] = useState<{ id: number; name: string }[] | null>(null);
  const [from, setFrom] = useState('');
  const [busy, setBusy] = useState(false);
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, () => !busy && onClose());

  useEffect(() => {
    loadRoles().then((all) => setRoles(all.filter((r) => r.id !== role.id)), (e: unknown) => void presentError(e).then(onClose));
  }, [role.id]);

  const copy = async () => {
    const source = roles?.find((r) => String(r.id) === from);
    if (!source) {
      await dialogs.alert('Error', ROLE_MESSAGES.copyFromMissing, 'error');
      return;
    }
    if (!(await dialogs.confirm(ROLE_MESSAGES.copyConfirm, `The permissions of ${role.name} become those of ${source.name}.`))) return;
    setBusy(true);
    try {
      await rpc.call('Role.copyPermissions', { src_role: source.id, dest_role: role.id });
      onClose();
      await dialogs.alert('Success', ROLE_MESSAGES.copied, 'success');
      onCopied();
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  };

  return (
    <div className="dialog-backdrop" role="presentation">
      <div ref={box} tabIndex={-1} className="dialog" role="dialog" aria-modal="true" aria-labelledby="copy-role-title" data-testid="copy-role-dialog">
        <h2 id="copy-role-title" className="dialog-title">
          Copy Role
        </h2>
        <ChoiceSelect
          label="Copy From"
          name="copy-from"
          value={from}
          none={roles ? '-- Select a role --' : 'Loading...'}
          choices={(roles ?? []).map((r) => ({ value: String(r.id), label: r.name }))}
          disabled={!roles || busy}
          onChange={setFrom}
        />
        <div className="dialog-buttons">
          <button type="button" className="btn" onClick={onClose} disabled={busy}>
            Cancel
          </button>
          <button type="button" className="btn btn-primary" data-testid="copy-role-confirm" onClick={() => void copy()} disabled={busy}>
            Copy
          </button>
        </div>
      </div>
    </div>
  );
}
