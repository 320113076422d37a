// "Copy from last period" on the form entry page (docs/filing.md "Copy from last period"): the
// user picks the tabs (all by default) and confirms; Form.copyFromPrevious fills them from the
// previous accepted period's form in one save. Disabled, with the reason shown, when the form's
// cells cannot be written now. Refusals go to the one error presenter.
import { useRef, useState } from 'react';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { useFocusTrap } from '../ui/focus-trap';
import { copyFromPrevious, type CopyResult } from './filing-api';

const ddmmyyyy = (iso: string) => (/^\d{4}-\d{2}-\d{2}/.test(iso) ? `${iso.slice(8, 10)}/${iso.slice(5, 7)}/${iso.slice(0, 4)}` : iso);

function TabChoice({ template, onCancel, onCopy }: { template: FormProperties; onCancel(): void; onCopy(tabs: string[]): void }) {
  const tabs = template.items.filter((t) => !t.hide);
  const [chosen, setChosen] = useState<Set<string>>(new Set(tabs.map((t) => t.id)));
  const box = useRef<HTMLDivElement>(null);
  useFocusTrap(box, onCancel);
  const toggle = (id: string) => setChosen((old) => {
    const next = new Set(old);
    if (next.has(id)) next.delete(id);
    else next.add(id);
    return next;
  });
  return (
    <div className="dialog-backdrop" role="presentation">
      <div ref={box} tabIndex={-1} className="dialog dialog-warning" role="dialog" aria-modal="true" aria-labelledby="copy-previous-title" data-dialog="copy-previous">
        <h2 className="dialog-title" id="copy-previous-title">Copy from last period</h2>
        <div className="dialog-message">
          <p>The chosen tabs take the values of this template's last accepted return of an earlier period. Values typed in those tabs now are replaced; the other tabs are left as they are.</p>
          <fieldset className="field">
            <legend>Tabs to copy</legend>
            {tabs.map((t) => (
              <label key={t.id} className="checkbox">
                <input type="checkbox" data-copy-tab={t.id} checked={chosen.has(t.id)} onChange={() => toggle(t.id)} /> {t.title} - {t.display_name}
              </label>
            ))}
          </fieldset>
        </div>
        <div className="dialog-buttons">
          <button type="button" className="btn" data-button="cancel" onClick={onCancel}>Cancel</button>
          <button type="button" className="btn btn-primary" data-button="copy" disabled={chosen.size === 0} onClick={() => onCopy(tabs.filter((t) => chosen.has(t.id)).map((t) => t.id))}>Copy</button>
        </div>
      </div>
    </div>
  );
}

export function CopyPreviousButton({ form, updatectr, template, disabledReason, onCopied }: {
  form: number;
  updatectr: number;
  template: FormProperties;
  /** Why the form cannot be filled now (the button's title), or null when it can. */
  disabledReason: string | null;
  onCopied(result: CopyResult): void;
}) {
  const [choosing, setChoosing] = useState(false);
  const [busy, setBusy] = useState(false);
  const copy = async (tabs: string[]) => {
    setChoosing(false);
    setBusy(true);
    try {
      const all = tabs.length === template.items.filter((t) => !t.hide).length;
      const result = await copyFromPrevious(form, updatectr, all ? undefined : tabs);
      const skipped = result.skipped ? ` ${result.skipped} value${result.skipped === 1 ? ' was' : 's were'} skipped: their cells are no longer in this version of the template.` : '';
      await dialogs.alert('Copy from last period', `${result.copied} value${result.copied === 1 ? '' : 's'} copied from the return for the period ending ${ddmmyyyy(result.endon)}.${skipped}`, 'success');
      onCopied(result);
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  };
  return (
    <>
      <button type="button" className="btn" data-action="copy-previous" disabled={disabledReason !== null || busy} title={disabledReason ?? 'Fill tabs of this form from the last accepted return of an earlier period'} data-disabled-reason={disabledReason ?? undefined} onClick={() => setChoosing(true)}>
        {busy ? 'Copying…' : 'Copy from last period'}
      </button>
      {choosing && <TabChoice template={template} onCancel={() => setChoosing(false)} onCopy={(tabs) => void copy(tabs)} />}
    </>
  );
}
