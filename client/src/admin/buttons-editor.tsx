// Row buttons of a list view entry and the top buttons of a list: label, kind (link, new tab,
// helper), the link or the helper it runs, the permission it needs and, for row buttons, the
// row states it shows for; reordered with up / down.
import type { RowButton, TopButton } from '../../../engine/metadata/screen-schemas.js';
import { integersFrom, replaceAt, withKey } from './draft-edit';
import { CommaListInput } from './editor-frame';
import { newRowButton, newTopButton, withKind } from './weblist-draft';
import { ItemActions } from './item-actions';

const KINDS = { link: 'Link', tab: 'New tab', helper: 'Helper' } as const;

export function ButtonsEditor<B extends RowButton | TopButton>(props: { buttons: B[]; row: boolean; testId: string; onChange(buttons: B[]): void }) {
  const { buttons, row, testId, onChange } = props;
  const set = (i: number, b: B) => onChange(replaceAt(buttons, i, b));
  return (
    <div className="editor-nested" data-testid={testId}>
      {buttons.map((b, i) => {
        const kind = b.kind ?? (b.helper ? 'helper' : 'link');
        return (
          <div className="editor-row" key={i} data-testid="button" data-label={b.label}>
            <label className="field">
              <span className="form-label">Label</span>
              <input data-testid="button-label" value={b.label} onChange={(e) => set(i, { ...b, label: e.target.value })} />
            </label>
            <label className="field">
              <span className="form-label">Kind</span>
              <select data-testid="button-kind" value={kind} onChange={(e) => set(i, withKind(b, e.target.value as keyof typeof KINDS))}>
                {Object.entries(KINDS).map(([k, label]) => (
                  <option key={k} value={k}>
                    {label}
                  </option>
                ))}
              </select>
            </label>
            {kind === 'helper' ? (
              <label className="field">
                <span className="form-label">Helper</span>
                <input data-testid="button-helper" placeholder="setStatus(4)" value={b.helper ?? ''} onChange={(e) => set(i, withKey(b, 'helper', e.target.value))} />
              </label>
            ) : (
              <label className="field">
                <span className="form-label">Link ([field] from the row)</span>
                <input data-testid="button-link" placeholder="/listview_wiz/[id]" value={b.link ?? ''} onChange={(e) => set(i, withKey(b, 'link', e.target.value))} />
              </label>
            )}
            <label className="field">
              <span className="form-label">Permission</span>
              <input data-testid="button-permission" placeholder="Module.update" value={b.permission ?? ''} onChange={(e) => set(i, withKey(b, 'permission', e.target.value))} />
            </label>
            {row && (
              <CommaListInput
                label="Only in states"
                testId="button-states"
                placeholder="33, 4"
                value={(b as RowButton).states}
                onChange={(items) => set(i, withKey(b as RowButton, 'states', integersFrom(items.join(','))) as B)}
              />
            )}
            <ItemActions items={buttons} index={i} onChange={onChange} testId="button" what={b.label} />
          </div>
        );
      })}
      <button type="button" className="btn btn-small" data-testid={`${testId}-add`} onClick={() => onChange([...buttons, (row ? newRowButton() : newTopButton()) as B])}>
        Add a button
      </button>
    </div>
  );
}
