// /iru/user/group/{data_id} (seed 003 §2.8, User Group Maintenance): a user with a checkbox per
// role and an Update button. The roles are the user's User_Role links: Update removes the
// unticked ones (compare-and-set on link_updatectr) and adds the newly ticked ones through the
// record engine (User_Role.delete / User_Role.create, audited; the user's permissions change on
// their next call). Without those permissions the boxes are disabled and Update is hidden; so
// on one's own user, whose roles someone else changes. The server refuses a role holding tasks
// the editor does not hold (docs/roles.md), and its message shows.
import { useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { rpc, RpcError } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { hasPermission, useSession } from '../session/session-store';
import { loadRoles } from './role-data';
import './roles.css';
import { Loading } from '../ui/loading';

const BASE = '/iru/user/group';

interface Link_ {
  linkId: number;
  updatectr: number;
  role: number;
}

type Load =
  | { status: 'loading' }
  | { status: 'error'; message: string }
  | { status: 'ready'; user: { id: number; name: string; userid: string }; roles: { id: number; name: string }[]; links: Link_[] };

async function loadUserGroup(id: number) {
  const [{ rows }, roles, links] = await Promise.all([
    rpc.select({ module: 'User', fields: ['id', 'name', 'userid'], where: [['id', '=', id]], max: 1 }),
    loadRoles(),
    rpc.select({ module: 'User_Role', fields: ['link_id', 'link_updatectr', 'link_fk_role'], where: [['link_fk_user', '=', id]], max: 1000 }),
  ]);
  const u = rows[0];
  if (!u) throw new Error(`User ${id} does not exist.`);
  return {
    user: { id: Number(u.id), name: String(u.name ?? ''), userid: String(u.userid ?? '') },
    roles,
    links: links.rows.map((l) => ({ linkId: Number(l.link_id), updatectr: Number(l.link_updatectr), role: Number(l.link_fk_role) })),
  };
}

export default function UserGroupPage() {
  const { data_id } = useParams();
  const id = Number(data_id);
  const { user: me } = useSession();
  const canEdit = hasPermission(me, 'User_Role.create') && hasPermission(me, 'User_Role.delete');
  const [load, setLoad] = useState<Load>({ status: 'loading' });
  const [loads, setLoads] = useState(0);
  const [ticked, setTicked] = useState<Set<number>>(new Set());
  const [saving, setSaving] = useState(false);

  useEffect(() => {
    let live = true;
    loadUserGroup(id).then(
      (data) => {
        if (!live) return;
        setLoad({ status: 'ready', ...data });
        setTicked(new Set(data.links.map((l) => l.role)));
      },
      (e: unknown) => live && setLoad({ status: 'error', message: e instanceof RpcError ? `${e.code}: ${e.message}` : e instanceof Error ? e.message : String(e) }),
    );
    return () => {
      live = false;
    };
  }, [id, loads]);

  if (load.status === 'loading') {
    return <Loading />;
  }
  if (load.status === 'error') {
    return (
      <section className="page" data-testid="user-group" data-state="error">
        <h1>User Group Maintenance</h1>
        <p role="alert">The user could not be loaded: {load.message}</p>
        <Link to={BASE}>Back</Link>
      </section>
    );
  }
  const { user, roles, links } = load;
  const self = user.id === me?.id;
  const canChange = canEdit && !self;
  const held = new Set(links.map((l) => l.role));
  const add = [...ticked].filter((r) => !held.has(r));
  const remove = links.filter((l) => !ticked.has(l.role));

  const update = async () => {
    setSaving(true);
    const done = dialogs.busy('Updating...');
    try {
      for (const l of remove) await rpc.remove({ module: 'User_Role', fields: ['link_id', 'link_updatectr'], values: [l.linkId, l.updatectr] });
      for (const role of add) await rpc.create({ module: 'User_Role', fields: ['link_fk_user', 'link_fk_role'], values: [user.id, role], read: ['link_id'] });
      done();
      await dialogs.alert('Success', 'Updated!', 'success');
    } catch (e) {
      done();
      await presentError(e);
    } finally {
      setSaving(false);
      setLoads((n) => n + 1);
    }
  };

  return (
    <section className="page" data-testid="user-group" data-state="ready" data-user={user.id}>
      <div className="list-head">
        <h1>User Group Maintenance</h1>
        <div className="toolbar">
          {canChange && (
            <button type="button" className="btn btn-primary" data-testid="update-user-group" disabled={saving || (!add.length && !remove.length)} onClick={() => void update()}>
              Update
            </button>
          )}
          <Link to={BASE} className="btn">
            Back
          </Link>
        </div>
      </div>
      <p>
        <strong>{user.name}</strong> <span className="muted">({user.userid})</span>
      </p>
      {self && canEdit && (
        <p className="field-hint" data-testid="own-roles">
          These are your own roles: someone else changes them.
        </p>
      )}
      <fieldset className="choice-group user-roles" aria-label="Roles">
        {roles.map((r) => (
          <label key={r.id} className="matrix-box">
            <input
              type="checkbox"
              data-role={r.id}
              checked={ticked.has(r.id)}
              disabled={!canChange}
              onChange={() => {
                const next = new Set(ticked);
                if (next.has(r.id)) next.delete(r.id);
                else next.add(r.id);
                setTicked(next);
              }}
            />
            {r.name}
          </label>
        ))}
      </fieldset>
    </section>
  );
}
