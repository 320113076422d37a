// The right panel of the RE shell: the entities the user is linked to, a type-to-search box,
// and switching (seed 000 §6): User.setRE, the entity-level role swapped, the page reloaded.
import { useMemo, useState } from 'react';
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

export function EntityPanel() {
  const { user, re } = useSession();
  const [search, setSearch] = useState('');
  const shown = useMemo(() => {
    const needle = search.trim().toLowerCase();
    return (user?.RE ?? []).filter((e) => !needle || e.name.toLowerCase().includes(needle));
  }, [user, search]);
  if (!user || user.RE.length === 0) return null;
  return (
    <aside className="entity-panel" aria-label="Reporting entities">
      <h2>Reporting Entities</h2>
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
