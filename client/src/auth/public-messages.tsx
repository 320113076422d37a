// The notices above the sign-in box (seed 000 §2.2): PublicMessage.get, rendered through the
// allow-list of safe-html.tsx. Notices are extra: when they cannot be loaded the box still works.
import { useEffect, useState } from 'react';
import { rpc } from '../rpc/rpc';
import { SafeHtml } from './safe-html';

export function usePublicMessages(): string[] {
  const [messages, setMessages] = useState<string[]>([]);
  useEffect(() => {
    let live = true;
    rpc
      .call('PublicMessage.get')
      .then((values) => {
        const rs = values[0];
        if (live && rs?.type === 'recordset') setMessages(rs.rows.map((r) => String(r.message ?? '')).filter(Boolean));
      })
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return messages;
}

export function PublicMessages() {
  const messages = usePublicMessages();
  if (!messages.length) return null;
  return (
    <section className="public-messages" aria-label="Notices">
      {messages.map((m, i) => (
        <SafeHtml key={i} html={m} className="notice" />
      ))}
    </section>
  );
}
