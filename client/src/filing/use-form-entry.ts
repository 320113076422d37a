// The entry screen's controller: loads the form record, its cells (Form.getData) and the template
// version it is filed on, keeps the FormEntry model, saves a draft of the changed cells
// (Form.saveData), runs the server's checks (Form.validate) and makes the sign-off moves.
import { useCallback, useEffect, useRef, useState } from 'react';
import { RpcError } from '../rpc/rpc';
import { presentError } from '../rpc/error-presenter';
import { dialogs } from '../ui/dialogs';
import { useSession } from '../session/session-store';
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { FormEntry, cellKey } from './entry-model';
import * as api from './filing-api';
import { ListLookup } from './list-lookup';
import { cellsWritable, FORM_STATE, fourEyesNotice, movesFor, standingReturn, STATE_NAMES, viewerOf, type Move } from './sign-off';

export const FORM_NOT_FOUND = 'Form not found.';

export type EntryState =
  | { status: 'loading' }
  | { status: 'missing' }
  | { status: 'error'; message: string }
  | { status: 'ready' };

/** The server's `{"01!C7": "message"}` details; keys that are not cells go under `form`. */
function cellDetails(e: unknown): Map<string, string> | null {
  if (!(e instanceof RpcError)) return null;
  const d = e.details;
  if (!d || typeof d !== 'object' || Array.isArray(d)) return null;
  return new Map(Object.entries(d as Record<string, unknown>).map(([k, v]) => [k, String(v)]));
}

export function useFormEntry(side: api.Side, formId: number) {
  const { user } = useSession();
  const [state, setState] = useState<EntryState>({ status: 'loading' });
  const [record, setRecord] = useState<api.FormRecord | null>(null);
  const [template, setTemplate] = useState<FormProperties | null>(null);
  const entry = useRef<FormEntry | null>(null);
  const [lists, setLists] = useState(() => new ListLookup());
  /** Bumped whenever the model changes, so views recompute. */
  const [revision, setRevision] = useState(0);
  const [serverProblems, setServerProblems] = useState<Map<string, string>>(new Map());
  const [findings, setFindings] = useState<api.Finding[] | null>(null);
  const [queries, setQueries] = useState<Set<string>>(new Set());
  const [conflict, setConflict] = useState<string[] | null>(null);
  const [busy, setBusy] = useState(false);
  const [generation, setGeneration] = useState(0);
  /** The form's sign-off moves, for the banner of a return (who sent it back, when and why). */
  const [stateMoves, setStateMoves] = useState<api.StateMove[]>([]);

  useEffect(() => {
    let live = true;
    setState({ status: 'loading' });
    (async () => {
      if (!Number.isInteger(formId) || formId < 1) return setState({ status: 'missing' });
      const rec = await api.loadFormRecord(side, formId);
      if (!live) return;
      if (!rec) return setState({ status: 'missing' });
      const data = await api.getData(formId);
      const props = await api.templateOf(formId);
      // The dropdowns' lists are searched page by page while filing; the values the form holds are
      // the list's as the server accepted them, so they are known from the start.
      const lists = new ListLookup();
      const groupOf = new Map<string, number>();
      for (const tab of props.items) for (const cell of [...tab.items.flat(), ...(tab.summary?.items.flat() ?? [])]) if (cell.editor === 'dropdown' && cell.listgroup && cell.code) groupOf.set(cell.code, cell.listgroup);
      for (const d of data.cells) if (d.code && d.value !== null && groupOf.has(d.code)) lists.remember(groupOf.get(d.code)!, [String(d.value)]);
      const marks = await api.openQueryCodes(side, formId);
      // The banner of a return stands aside: the form opens without it if its history cannot be read.
      const movesSoFar = await api.stateMoves(side, formId).catch(() => []);
      if (!live) return;
      entry.current?.destroy();
      entry.current = new FormEntry(props, data.cells, lists.values, data.info.rows, undefined, data.externals);
      setLists(lists);
      setRecord({ ...rec, state: data.info.state ?? rec.state, updatectr: data.info.updatectr ?? rec.updatectr, frozen: rec.frozen || Boolean(data.info.frozen), freeze: data.info.frozen ?? null });
      setTemplate(props);
      setQueries(marks);
      setStateMoves(movesSoFar);
      setServerProblems(new Map());
      setFindings(null);
      setConflict(null);
      setRevision((r) => r + 1);
      setState({ status: 'ready' });
    })().catch((e: unknown) => {
      if (!live) return;
      if (e instanceof RpcError && (e.code === 'E_NOTFOUND' || e.code === 'E_NOPERMISSION')) return setState({ status: 'missing' });
      setState({ status: 'error', message: e instanceof Error ? e.message : String(e) });
    });
    return () => {
      live = false;
    };
  }, [side, formId, generation]);

  useEffect(() => () => entry.current?.destroy(), []);

  const viewer = viewerOf(side, user);
  const facts = record ? { state: record.state, frozen: record.frozen, preparedBy: record.preparedby } : null;
  const writable = Boolean(facts && cellsWritable(facts, viewer));
  const moves: Move[] = facts ? movesFor(facts, viewer) : [];
  const fourEyes = facts ? fourEyesNotice(facts, viewer) : null;
  const returned = record ? standingReturn(stateMoves, record.state) : null;
  const dirty = Boolean(entry.current?.dirty) && revision >= 0;

  const changed = useCallback(() => setRevision((r) => r + 1), []);

  /** The user typed into a cell; a server problem at that cell is answered by the new value. */
  const input = useCallback((tabIndex: number, row: number, col: number, text: string) => {
    const e = entry.current;
    const site = e?.site(tabIndex, row, col);
    if (!e || !site) return;
    const apply = () => {
      if (entry.current !== e) return;
      e.input(site, text);
      setServerProblems((p) => {
        if (!p.has(site.key)) return p;
        const next = new Map(p);
        next.delete(site.key);
        return next;
      });
      changed();
    };
    const group = site.cell.editor === 'dropdown' ? site.cell.listgroup : undefined;
    // A value typed or pasted rather than picked is looked up by value first, then parsed.
    if (group && text.trim() && !lists.has(group, text)) void lists.find(group, text).catch(() => null).then(apply);
    else apply();
  }, [changed, lists]);

  const save = useCallback(async (quiet = false): Promise<boolean> => {
    const e = entry.current;
    if (!e || !record) return false;
    if (e.hasBadValues) {
      await dialogs.alert('Not saved', 'Some cells hold values that are not accepted. Correct the cells outlined in red, then save again.', 'warning');
      return false;
    }
    const changes = e.changes();
    if (!changes.cells.length && !changes.rows) return true;
    setBusy(true);
    try {
      const updatectr = await api.saveData(record.id, record.updatectr, changes);
      e.markSaved();
      // The first save of an amended form reopens it on the server (74 → 13): show its state now.
      const fresh = record.state === FORM_STATE.amendment ? await api.loadFormRecord(side, record.id) : null;
      setRecord(fresh ?? { ...record, updatectr });
      setServerProblems(new Map());
      changed();
      if (!quiet) await dialogs.alert('Saved', 'Your changes to the form have been saved.', 'success');
      return true;
    } catch (err) {
      if (err instanceof RpcError && err.code === 'E_CONCURRENT') {
        const d = err.details as { changed?: unknown } | null;
        setConflict(Array.isArray(d?.changed) ? d.changed.map(String) : d && typeof d === 'object' ? Object.keys(d) : []);
      } else if (err instanceof RpcError && err.code === 'E_VALIDATION' && cellDetails(err)) {
        setServerProblems(cellDetails(err)!);
      } else await presentError(err);
      return false;
    } finally {
      setBusy(false);
    }
  }, [record, side, changed]);

  /** Form.validate: every rule of the form, placed at its cells. */
  const check = useCallback(async () => {
    if (!record) return;
    if (entry.current?.dirty && !(await save(true))) return;
    setBusy(true);
    try {
      const found = await api.validate(record.id);
      setFindings(found);
      setServerProblems(new Map(found.filter((f) => f.tab && f.address).map((f) => [cellKey(f.tab, f.address), f.message])));
      if (!found.length) await dialogs.alert('Check now', 'Every rule of this form passes.', 'success');
    } catch (e) {
      await presentError(e);
    } finally {
      setBusy(false);
    }
  }, [record, save]);

  const move = useCallback(async (m: Move) => {
    if (!record) return;
    let reason: string | undefined;
    if (m.reason) {
      const r = await dialogs.prompt(m.label, 'Why is the form returned?', { label: 'Reason', type: 'text', validate: (v) => (v.trim() ? null : 'A reason is required.') });
      if (r === null) return;
      reason = r.trim();
    } else if (!(await dialogs.confirm(m.label, `${m.label}: are you sure?`, { yes: m.label, no: 'Cancel' }))) return;
    if (entry.current?.dirty && !(await save(true))) return;
    setBusy(true);
    try {
      // The counter may have moved with the draft just saved: read the record again first.
      const current = (await api.loadFormRecord(side, record.id)) ?? record;
      const done = m.submit ? await api.submit(record.id, current.updatectr) : await api.moveState(side, record.id, current.updatectr, m.to, reason);
      setRecord({ ...current, ...done });
      await dialogs.alert(m.label, `The form is now ${STATE_NAMES[done.state] ?? done.state}.`, 'success');
      setGeneration((g) => g + 1);
    } catch (e) {
      if (e instanceof RpcError && e.code === 'E_VALIDATION' && cellDetails(e)) {
        setServerProblems(cellDetails(e)!);
        await dialogs.alert(m.label, 'The form has problems that must be corrected first: they are outlined in red.', 'warning');
      } else await presentError(e);
    } finally {
      setBusy(false);
    }
  }, [record, side, save]);

  return {
    state, record, template, entry: entry.current, revision, writable, moves, fourEyes, returned, dirty, busy,
    serverProblems, findings, queries, conflict,
    input, save: () => save(false), check, move, changed, lists,
    dismissConflict: () => setConflict(null), reload: () => setGeneration((g) => g + 1),
  };
}

export type FormEntryController = ReturnType<typeof useFormEntry>;
