// /re/waiting and /iru/waiting: the forms waiting for the signed-in user (sign-off-badge.ts), of
// any period, oldest period end first (list 1550, whose view has no default date range). The
// sidebar's count and the dashboard's link count the same conditions, so they equal the rows.
import { Link } from 'react-router-dom';
import { useEffect, useState } from 'react';
import ListPage from '../list/list-page';
import { rpc } from '../rpc/rpc';
import { useSession } from '../session/session-store';
import { waitingForMe } from './sign-off-badge';

export const QUEUE_LIST = 1550;

export default function WaitingPage({ shell }: { shell: 're' | 'iru' }) {
  const { user, re } = useSession();
  const queue = user ? waitingForMe(user) : undefined;
  if (!queue || !queue.to.startsWith(`/${shell}/`)) {
    return (
      <section className="page">
        <h1>Waiting for me</h1>
        <p>No form waits for you: you hold no sign-off role here.</p>
      </section>
    );
  }
  const entity = user?.RE.find((x) => x.id === re);
  const title = shell === 're' && entity ? `${queue.title} — ${entity.name}` : queue.title;
  return <ListPage key={`${shell}|${re ?? ''}|${JSON.stringify(queue.where)}`} listId={QUEUE_LIST} basePath={queue.to} shell={shell} fixedWhere={queue.where as never} title={title} />;
}

/** The dashboard's way in: "Waiting for me: N forms", linking to the queue. */
export function WaitingLink() {
  const { user, re } = useSession();
  const queue = user ? waitingForMe(user) : undefined;
  const [count, setCount] = useState<number | null>(null);
  const key = queue ? JSON.stringify([queue.module, queue.where]) : '';
  useEffect(() => {
    if (!queue) return;
    let live = true;
    setCount(null);
    rpc
      .select({ module: queue.module, fields: ['id'], where: queue.where as never, max: 1 })
      .then((r) => live && setCount(r.total))
      .catch(() => live && setCount(null));
    return () => {
      live = false;
    };
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [key, re]);
  if (!queue) return null;
  return (
    <p className="waiting-link" data-testid="waiting-link">
      <Link to={queue.to}>
        {queue.title}: {count === null ? '…' : `${count} ${count === 1 ? 'form' : 'forms'}`}
      </Link>
    </p>
  );
}
