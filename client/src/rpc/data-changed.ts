// Word that a call may have changed records, for what shows counts of them (the sidebar's
// badges): after a sign-off step the "Waiting for me" count follows without a reload. Reads do
// not notify (a page's polling would otherwise recount every badge each time).
const READS = /\.(select|get\w*|status|current|types|search\w*|list\w*|count\w*|completeness\w*|preview\w*|validate|explain\w*|history\w*)$/i;

type Listener = () => void;
const listeners = new Set<Listener>();

/** Whether a successful call of `action` may have changed records. */
export function changesRecords(action: string): boolean {
  return !READS.test(action) && !action.startsWith('User.') && !action.startsWith('My-');
}

export function notifyDataChanged(): void {
  for (const l of listeners) l();
}

/** Calls `listener` after calls that may have changed records; answers the unsubscribe. */
export function onDataChanged(listener: Listener): () => void {
  listeners.add(listener);
  return () => void listeners.delete(listener);
}
