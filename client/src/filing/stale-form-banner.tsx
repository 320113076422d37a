// The form page keeps asking whether its form has moved on: every few seconds, while the page is
// visible and its user active, it reads the form's update counter and state (a one-row
// Record.select of `id, state, updatectr`, the lightest read there is). When someone else saved
// the form or moved it to another state, a banner says so, in words and with who did it, and
// offers Reload. Nothing is reloaded on its own: unsaved edits stay on the page until the user
// chooses, and Reload asks before it drops them.
import { useEffect, useRef, useState } from 'react';
import { rpc } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import * as api from './filing-api';
import { moveInWords, STATE_NAMES } from './sign-off';

/** How often the page asks (ms). */
export const STALE_POLL_MS = 3000;
/** A user idle this long stops the asking (it would otherwise keep an idle session alive); any key or click resumes it. */
export const STALE_IDLE_MS = 10 * 60_000;

type Moved = { kind: 'saved' } | { kind: 'moved'; state: number; words: string | null } | { kind: 'gone' };

/** What the server holds now against what the page shows: null while they agree. */
async function whatMoved(side: api.Side, id: number, shown: { state: number; updatectr: number }): Promise<Moved | null> {
  const { rows } = await rpc.select({ module: api.formModule(side), fields: ['id', 'state', 'updatectr'], where: [['id', '=', id]], max: 1 });
  const r = rows[0];
  if (!r) return { kind: 'gone' };
  const state = Number(r.state);
  if (Number(r.updatectr) <= shown.updatectr && state === shown.state) return null;
  if (state === shown.state) return { kind: 'saved' };
  // Who moved it and why, from its sign-off history; the banner stands without it.
  const last = (await api.stateMoves(side, id).catch(() => [])).at(-1);
  return { kind: 'moved', state, words: last && last.to === state ? moveInWords(last) : null };
}

export function StaleFormBanner({ side, record, dirty, busy, onReload }: {
  side: api.Side;
  record: { id: number; state: number; updatectr: number };
  dirty: boolean;
  busy: boolean;
  onReload(): void;
}) {
  const [moved, setMoved] = useState<Moved | null>(null);
  // The page's own view of the form, read by the timer: an answer read for an older view (the
  // user's own save or move came in between) is dropped, never shown as someone else's change.
  const shown = useRef({ id: record.id, state: record.state, updatectr: record.updatectr, busy });
  shown.current = { id: record.id, state: record.state, updatectr: record.updatectr, busy };
  useEffect(() => setMoved(null), [record.id, record.state, record.updatectr]);

  useEffect(() => {
    let live = true;
    let asking = false;
    let lastActive = Date.now();
    const active = () => {
      const wasIdle = Date.now() - lastActive > STALE_IDLE_MS;
      lastActive = Date.now();
      if (wasIdle) void ask();
    };
    const ask = async () => {
      const now = shown.current;
      if (asking || now.busy || document.hidden || Date.now() - lastActive > STALE_IDLE_MS) return;
      asking = true;
      try {
        const found = await whatMoved(side, now.id, now);
        const still = shown.current;
        if (live && !still.busy && still.id === now.id && still.state === now.state && still.updatectr === now.updatectr) setMoved(found);
      } catch {
        // A failed look (the network, a session that ended) says nothing about the form: asked again next time.
      } finally {
        asking = false;
      }
    };
    const timer = setInterval(() => void ask(), STALE_POLL_MS);
    const onVisible = () => !document.hidden && void ask();
    document.addEventListener('visibilitychange', onVisible);
    window.addEventListener('keydown', active, true);
    window.addEventListener('pointerdown', active, true);
    return () => {
      live = false;
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
      window.removeEventListener('keydown', active, true);
      window.removeEventListener('pointerdown', active, true);
    };
  }, [side]);

  if (!moved) return null;
  const what = moved.kind === 'gone' ? 'This form has been removed, or is no longer yours to see, since you opened it.'
    : moved.kind === 'saved' ? 'Someone else saved changes to this form since you opened it: what you see is no longer what is stored.'
    : `This form is now ${STATE_NAMES[moved.state] ?? 'in another state'}${moved.words ? ` (${moved.words})` : ''}: this page still shows it as ${STATE_NAMES[record.state] ?? 'it was'}.`;
  const reload = async () => {
    if (dirty && !(await dialogs.confirm('Reload the form', 'Reloading shows the form as it is stored now, and your unsaved changes on this page are lost.', { yes: 'Reload', no: 'Keep my changes' }))) return;
    onReload();
  };
  return (
    <section className="conflict-notice" role="alert" data-notice="stale" data-stale={moved.kind} data-stale-state={moved.kind === 'moved' ? moved.state : undefined}>
      <h2>This form has changed since you opened it</h2>
      <p>
        {what}{' '}
        {dirty
          ? <strong data-testid="stale-edits-kept">Your unsaved changes are kept on this page until you choose to reload.</strong>
          : 'Reload to see the form as it is now.'}
      </p>
      {moved.kind !== 'gone' && (
        <div className="toolbar">
          <button type="button" className="btn btn-primary" data-action="stale-reload" onClick={() => void reload()}>Reload</button>
        </div>
      )}
    </section>
  );
}
