// The save of a hand-built create page (help desk, query, dropdown request): required fields
// checked first with the seeds' one message, then the write, "Created!" and the next page; a
// refusal marks the fields the server names (save-failure.ts). Typed values are guarded: leaving
// before they are saved asks first (leave-guard.ts).
import { useState } from 'react';
import { useNavigate } from 'react-router-dom';
import { dialogs } from './dialogs';
import { presentSaveFailure, REQUIRED_FIELDS } from '../rpc/save-failure';
import { LEAVE_PAGE_MESSAGE, useChanged, useLeaveGuard } from './leave-guard';

export interface CreateSave {
  /** The fields shown as missing or refused. */
  invalid: Set<string>;
  busy: boolean;
  /** Marks `missing` and stops there when any; else runs `create`, which answers where to go next. */
  submit: (missing: Set<string>, create: () => Promise<string>) => Promise<void>;
}

/** `values`: what the page's fields hold (files by name), compared with the first render's. */
export function useCreateSave(values: unknown): CreateSave {
  const navigate = useNavigate();
  const { allowNext } = useLeaveGuard(useChanged(values), LEAVE_PAGE_MESSAGE);
  const [invalid, setInvalid] = useState<Set<string>>(new Set());
  const [busy, setBusy] = useState(false);

  async function submit(missing: Set<string>, create: () => Promise<string>): Promise<void> {
    setInvalid(missing);
    if (missing.size) return dialogs.alert('Error', REQUIRED_FIELDS, 'error');
    setBusy(true);
    try {
      const next = await create();
      await dialogs.alert('', 'Created!', 'success');
      allowNext();
      navigate(next);
    } catch (err) {
      await presentSaveFailure(err, (fields) => setInvalid(new Set(fields)));
    } finally {
      setBusy(false);
    }
  }
  return { invalid, busy, submit };
}

/** Save (submits the form) and Back (to `back`). */
export function SaveBackToolbar({ busy, back }: { busy: boolean; back: string }) {
  const navigate = useNavigate();
  return (
    <div className="toolbar">
      <button type="submit" className="btn btn-primary" disabled={busy}>
        Save
      </button>
      <button type="button" className="btn" onClick={() => navigate(back)}>
        Back
      </button>
    </div>
  );
}
