// The live preview of the list editors: the real generic list (list-page.tsx) with real rows,
// driven by the unsaved draft a moment after the last edit. A draft that does not follow its
// schema shows the problem instead; the preview is embedded (no address sync, no personal view).
import { useEffect, useMemo, useState } from 'react';
import ListPage, { type ListPageProps } from '../list/list-page';

export const PREVIEW_DELAY_MS = 400;

/** `value` once it has stayed the same for `ms`. */
export function useDebounced<T>(value: T, ms = PREVIEW_DELAY_MS): T {
  const [settled, setSettled] = useState(value);
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), ms);
    return () => clearTimeout(timer);
  }, [value, ms]);
  return settled;
}

/**
 * `draftKey` is the draft as JSON text (so that an unchanged draft keeps its definitions object
 * and the list does not load again); `build` makes the definitions from it, or answers the
 * problem that keeps it from showing.
 */
export function ListPreview(props: { draftKey: string; listId: number; build(draftKey: string): { problem: string } | { definitions: NonNullable<ListPageProps['definitions']> } }) {
  const { draftKey, listId, build } = props;
  const settled = useDebounced(draftKey);
  // `build` depends only on the draft text it is given.
  const built = useMemo(() => build(settled), [settled]);
  return (
    <section className="screen-preview" data-testid="preview" data-state={settled === draftKey ? 'settled' : 'pending'} aria-label="Live preview">
      <h2>Live preview</h2>
      {'problem' in built ? (
        <div className="editor-problem" role="alert" data-testid="preview-problem">
          <p>The preview shows once the definition is valid:</p>
          <code>{built.problem}</code>
        </div>
      ) : (
        <>
          {/* An embedded list leaves its heading to the host: the preview shows the draft's. */}
          <h3 className="preview-title" data-testid="preview-title">
            {built.definitions.list?.properties.title || 'List'}
          </h3>
          <ListPage listId={listId} basePath={`/list/${listId}`} shell="admin" embedded definitions={built.definitions} />
        </>
      )}
    </section>
  );
}
