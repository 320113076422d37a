// The right panel of the RE shell: the entities the user is linked to, a type-to-search box,
// and switching (seed 000 §6): User.setRE, the entity-level role swapped, the page reloaded.
// The panel folds to a narrow strip so the content gets the width; each user's choice
// is kept in this browser (localStorage `entityPanel.{user id}`: `collapsed` or `expanded`, not
// cleared at logout). Until a user chooses, it is folded for a user of one entity (there is
// nothing to switch to, and the forms' grids need the width) and open for a user of several.
import { useCallback, useMemo, useState } from 'react';
import { rpc } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { sessionStore, useSession } from '../session/session-store';
import { dialogs } from '../ui/dialogs';

export async function switchEntity(re: number): Promise<void> {
  const done = dialogs.busy('Switching...');
  try {
    const answer = await rpc.json<{ re: number; role: number | null }>('User.setRE', { re });
    sessionStore.switchedRe(answer.re, answer.role);
    window.location.reload();
  } catch (e) {
    // Failure hides the loader (seed 000 §6).
    done();
    await presentError(e);
  }
}

export const panelKey = (userId: number) => `entityPanel.${userId}`;

function readFolded(userId: number | undefined, byDefault: boolean): boolean {
  if (userId === undefined) return byDefault;
  try {
    const kept = localStorage.getItem(panelKey(userId));
    return kept === 'collapsed' ? true : kept === 'expanded' ? false : byDefault;
  } catch {
    return byDefault;
  }
}

/** Whether the signed-in user keeps the panel folded, and the way to change it (remembered per user). */
function useFolded(userId: number | undefined, byDefault: boolean): [boolean, (folded: boolean) => void] {
  // Keyed by the user: another user signing in in this tab reads their own choice.
  const [state, setState] = useState(() => ({ userId, folded: readFolded(userId, byDefault) }));
  const folded = state.userId === userId ? state.folded : readFolded(userId, byDefault);
  const set = useCallback(
    (next: boolean) => {
      if (userId !== undefined) {
        try {
          localStorage.setItem(panelKey(userId), next ? 'collapsed' : 'expanded');
        } catch {
          // Storage refused (private mode): the choice holds for this page only.
        }
      }
      setState({ userId, folded: next });
    },
    [userId],
  );
  return [folded, set];
}

export function EntityPanel() {
  const { user, re } = useSession();
  const [search, setSearch] = useState('');
  const [folded, setFolded] = useFolded(user?.id, (user?.RE.length ?? 0) <= 1);
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (user?.RE ?? []).filter((e) => !needle || e.name.toLowerCase().includes(needle));
  }, [user, search]);
  if (!user || user.RE.length === 0) return null;
  if (folded) {
    return (
      <aside className="entity-panel folded" aria-label="Reporting entities" data-entity-panel="collapsed">
        <button type="button" className="entity-panel-toggle" aria-expanded="false" title="Show the reporting entities" onClick={() => setFolded(false)}>
          <span aria-hidden="true">«</span>
          <span className="entity-panel-strip">Reporting Entities</span>
        </button>
      </aside>
    );
  }
  return (
    <aside className="entity-panel" aria-label="Reporting entities" data-entity-panel="expanded">
      <div className="entity-panel-head">
        <h2>Reporting Entities</h2>
        <button type="button" className="entity-panel-toggle" aria-expanded="true" title="Hide the reporting entities" aria-label="Hide the reporting entities" onClick={() => setFolded(true)}>
          <span aria-hidden="true">»</span>
        </button>
      </div>
      <input type="search" placeholder="Type to search" value={search} onChange={(e) => setSearch(e.target.value)} aria-label="Search reporting entities" />
      <ul>
        {shown.map((e) => (
          <li key={e.id}>
            <button type="button" className={e.id === re ? 'entity current' : 'entity'} aria-current={e.id === re ? 'true' : undefined} disabled={e.id === re} onClick={() => switchEntity(e.id)}>
              {e.name}
            </button>
          </li>
        ))}
        {shown.length === 0 && <li className="muted">No match</li>}
      </ul>
    </aside>
  );
}
