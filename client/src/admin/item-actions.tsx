// Move up, move down and remove for one item of a list being edited (columns, filters, views,
// buttons, options): one set of controls for every editor. Test ids `{testId}-up`, `-down`,
// `-remove`; labels name the item (`Move filter sector up`).
import { moveItem, removeAt } from './draft-edit';

export function ItemActions<T>(props: { items: readonly T[]; index: number; onChange(items: T[]): void; testId: string; what: string }) {
  const { items, index, onChange, testId, what } = props;
  return (
    <span className="row-actions">
      <button type="button" className="btn btn-small" data-testid={`${testId}-up`} aria-label={`Move ${what} up`} disabled={index === 0} onClick={() => onChange(moveItem(items, index, -1))}>
        ↑
      </button>
      <button type="button" className="btn btn-small" data-testid={`${testId}-down`} aria-label={`Move ${what} down`} disabled={index === items.length - 1} onClick={() => onChange(moveItem(items, index, 1))}>
        ↓
      </button>
      <button type="button" className="btn btn-small" data-testid={`${testId}-remove`} aria-label={`Remove ${what}`} onClick={() => onChange(removeAt(items, index))}>
        Remove
      </button>
    </span>
  );
}
