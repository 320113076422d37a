// Where the editors' messages (editor-messages.ts) are shown: each beside the field that claims
// its path (the longest claim wins: `fields/0/width` goes to the Columns section when no column
// claims it), and those no field on screen claims (raw JSON mode, a setting without a field) in
// the editor's problem box — each message in one place only.
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react';
import { messageText, type EditorMessage } from './editor-messages';

interface Claims {
  messages: EditorMessage[];
  claims: string[];
  claim(at: string): () => void;
}

const Ctx = createContext<Claims>({ messages: [], claims: [], claim: () => () => undefined });

const covers = (at: string, key: string) => key === at || at === '' || key.startsWith(`${at}/`);

function owner(key: string, claims: string[]): string | null {
  let best: string | null = null;
  for (const c of claims) if (covers(c, key) && (best === null || c.length > best.length)) best = c;
  return best;
}

export function FieldMessagesProvider({ messages, children }: { messages: EditorMessage[]; children: ReactNode }) {
  const [claims, setClaims] = useState<string[]>([]);
  const claim = useCallback((at: string) => {
    setClaims((c) => [...c, at]);
    return () =>
      setClaims((c) => {
        const i = c.indexOf(at);
        return i < 0 ? c : [...c.slice(0, i), ...c.slice(i + 1)];
      });
  }, []);
  const value = useMemo(() => ({ messages, claims, claim }), [messages, claims, claim]);
  return <Ctx.Provider value={value}>{children}</Ctx.Provider>;
}

/** The messages of `at` and of the paths under it that no closer field claims. */
export function FieldMessage({ at }: { at: string }) {
  const { messages, claims, claim } = useContext(Ctx);
  useEffect(() => claim(at), [at, claim]);
  const mine = messages.filter((m) => owner(m.key, claims) === at);
  if (!mine.length) return null;
  return (
    <>
      {mine.map((m) => (
        <span key={m.key + m.sentence} className="field-error" role="alert" data-testid="field-message" data-at={m.key} title={m.raw}>
          {messageText(m)}
        </span>
      ))}
    </>
  );
}

/** The messages no field on screen claims. */
export function useUnclaimedMessages(): EditorMessage[] {
  const { messages, claims } = useContext(Ctx);
  return messages.filter((m) => owner(m.key, claims) === null);
}
