// The form's own buttons (WebForms properties.buttons): label, the helper it runs, the
// permission it needs and the modes it shows in; added, moved and removed.
import type { FormButton } from '../../../engine/metadata/screen-schemas.js';
import { replaceAt, withKey } from './draft-edit';
import { newFormButton } from './form-draft';
import { ItemActions } from './item-actions';

const MODES = ['view', 'edit', 'create'] as const;

export function FormButtonsEditor(props: { buttons: FormButton[]; onChange(buttons: FormButton[]): void }) {
  const { buttons, onChange } = props;
  const set = (i: number, b: FormButton) => onChange(replaceAt(buttons, i, b));
  return (
    <div className="editor-section" data-testid="form-buttons">
      {buttons.map((b, i) => (
        <div className="editor-row" key={i} data-testid="form-button" data-label={b.label}>
          <label className="field">
            <span className="form-label">Label</span>
            <input data-testid="form-button-label" value={b.label} onChange={(e) => set(i, { ...b, label: e.target.value })} />
          </label>
          <label className="field">
            <span className="form-label">Helper</span>
            <input data-testid="form-button-helper" placeholder="setStatus(4)" value={b.helper} onChange={(e) => set(i, { ...b, helper: e.target.value })} />
          </label>
          <label className="field">
            <span className="form-label">Permission</span>
            <input data-testid="form-button-permission" placeholder="RE.update" value={b.permission ?? ''} onChange={(e) => set(i, withKey(b, 'permission', e.target.value))} />
          </label>
          {MODES.map((m) => (
            <label className="editor-check" key={m}>
              <input
                type="checkbox"
                data-testid={`form-button-mode-${m}`}
                checked={!b.modes || b.modes.includes(m)}
                onChange={(e) => {
                  const now = b.modes ?? [...MODES];
                  const next = e.target.checked ? MODES.filter((x) => x === m || now.includes(x)) : now.filter((x) => x !== m);
                  // Every mode is the default: stored only when some are left out (none left is `[]`).
                  const { modes: _, ...rest } = b;
                  set(i, next.length === MODES.length ? rest : { ...rest, modes: next });
                }}
              />
              {m}
            </label>
          ))}
          <ItemActions items={buttons} index={i} onChange={onChange} testId="form-button" what={`button ${b.label}`} />
        </div>
      ))}
      <button type="button" className="btn btn-small" data-testid="form-button-add" onClick={() => onChange([...buttons, newFormButton()])}>
        Add button
      </button>
    </div>
  );
}
