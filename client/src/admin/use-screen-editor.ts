// The controller of a screen definition editor (list view, list, form): loads the record (or starts a
// blank draft), keeps one draft that the structured editor and the raw JSON text both edit,
// validates it with the server's schema (portal/metadata/screens.ts screenProblem), and saves it with
// Record.create / Record.update (compare-and-set on updatectr). A stored definition that is
// broken still opens, so that the editor is where it gets fixed.
import { useCallback, useEffect, useMemo, useState } from 'react';
import { useNavigate } from 'react-router-dom';
import type { ScreenModule } from '../../../engine/metadata/screen-schemas.js';
import { forgetScreen, screenProblem } from '../metadata/screens';
import { forgetRecordChoices } from './editor-sources';
import { fieldErrorsOf, presentError } from '../rpc/error-presenter';
import { rpc, RpcError } from '../rpc/rpc';
import { jsonText, parseJson } from './draft-edit';
import { useLeaveGuard } from '../ui/leave-guard';

export type EditorModule = ScreenModule;

/** The record column besides name and properties: a view's list, a list's module. */
const OWNER: Record<EditorModule, 'weblist' | 'module'> = { WebListview: 'weblist', WebList: 'module', WebForms: 'module' };

export interface Draft {
  name: string;
  /** The owner column as typed: a WebList id (views) or a module name (lists); '' is none. */
  owner: string;
  properties: unknown;
}

export interface SaveProblem {
  message: string;
  /** `properties/fields/0/width must be >= 20` and the like, from the client's or the server's check. */
  paths: string[];
  from: 'client' | 'server';
}

export type EditorMode = 'structured' | 'raw';

export interface ScreenEditor {
  status: 'loading' | 'error' | 'ready';
  loadError: string | null;
  id: number | null;
  updatectr: number;
  draft: Draft;
  setName(name: string): void;
  setOwner(owner: string): void;
  setProperties(update: (p: unknown) => unknown): void;
  mode: EditorMode;
  setMode(mode: EditorMode): void;
  rawText: string;
  setRawText(text: string): void;
  parseError: string | null;
  /** The schema's first problem of the draft (null when valid). */
  problem: string | null;
  saving: boolean;
  saveProblem: SaveProblem | null;
  conflict: boolean;
  savedNotice: string | null;
  dirty: boolean;
  save(): Promise<void>;
  reload(): void;
  /** Keeps the edits on screen after E_CONCURRENT (a save then needs a reload first). */
  dismissConflict(): void;
}

function propertiesOf(row: Record<string, unknown>): unknown {
  const p = row.properties;
  if (typeof p !== 'string') return p ?? {};
  const parsed = parseJson(p);
  // Unparsable stored text still opens (in raw mode, as a string) so it can be repaired.
  return parsed.ok ? parsed.value : p;
}

export function useScreenEditor(module: EditorModule, id: number | null, blank: () => unknown, basePath: string): ScreenEditor {
  const navigate = useNavigate();
  const owner = OWNER[module];
  const [status, setStatus] = useState<ScreenEditor['status']>(id === null ? 'ready' : 'loading');
  const [loadError, setLoadError] = useState<string | null>(null);
  const [updatectr, setUpdatectr] = useState(0);
  const [draft, setDraft] = useState<Draft>(() => ({ name: '', owner: '', properties: blank() }));
  const [stored, setStored] = useState<string>('');
  const [mode, setModeState] = useState<EditorMode>('structured');
  const [rawText, setRawTextState] = useState('');
  const [parseError, setParseError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);
  const [saveProblem, setSaveProblem] = useState<SaveProblem | null>(null);
  const [conflict, setConflict] = useState(false);
  const [savedNotice, setSavedNotice] = useState<string | null>(null);
  const [loads, setLoads] = useState(0);
  const dirty = status === 'ready' && JSON.stringify(draft) !== stored;
  const { allowNext } = useLeaveGuard(dirty);

  useEffect(() => {
    if (id === null) {
      const fresh = { name: '', owner: '', properties: blank() };
      setDraft(fresh);
      setStored(JSON.stringify(fresh));
      setStatus('ready');
      return;
    }
    let live = true;
    setStatus((s) => (s === 'ready' ? s : 'loading'));
    rpc
      .select({ module, fields: ['id', 'updatectr', 'name', owner, 'properties'], where: [['id', '=', id]], max: 1 })
      .then(({ rows }) => {
        if (!live) return;
        const row = rows[0];
        if (!row) {
          setLoadError(`${module} ${id} does not exist.`);
          setStatus('error');
          return;
        }
        const loaded: Draft = { name: String(row.name ?? ''), owner: row[owner] === null || row[owner] === undefined ? '' : String(row[owner]), properties: propertiesOf(row) };
        setDraft(loaded);
        setStored(JSON.stringify(loaded));
        setUpdatectr(Number(row.updatectr));
        setRawTextState(jsonText(loaded.properties));
        setParseError(null);
        setConflict(false);
        setSaveProblem(null);
        setStatus('ready');
      })
      .catch((e: unknown) => {
        if (!live) return;
        setLoadError(e instanceof RpcError ? `${e.code}: ${e.message}` : String(e));
        setStatus('error');
      });
    return () => {
      live = false;
    };
    // `blank` is a constant of the page; reloading is asked for through `loads`.
  }, [module, owner, id, loads]);

  const problem = useMemo(() => screenProblem(module, draft.properties), [module, draft.properties]);

  const edited = useCallback((next: (d: Draft) => Draft) => {
    setDraft(next);
    setSavedNotice(null);
    // Save's refusal was about the draft as it was (the live check keeps saying what still holds).
    setSaveProblem(null);
  }, []);

  const setMode = useCallback(
    (m: EditorMode) => {
      // Entering raw mode shows the draft as it is now; leaving it keeps the last text that parsed.
      if (m === 'raw') {
        setRawTextState(jsonText(draft.properties));
        setParseError(null);
      }
      setModeState(m);
    },
    [draft.properties],
  );

  const setRawText = useCallback(
    (text: string) => {
      setRawTextState(text);
      const parsed = parseJson(text);
      if (parsed.ok) {
        setParseError(null);
        edited((d) => ({ ...d, properties: parsed.value }));
      } else setParseError(parsed.error);
    },
    [edited],
  );

  const save = useCallback(async () => {
    setSaveProblem(null);
    setSavedNotice(null);
    if (parseError) {
      setSaveProblem({ message: 'Not saved: the raw JSON does not parse.', paths: [parseError], from: 'client' });
      return;
    }
    if (!draft.name.trim()) {
      setSaveProblem({ message: 'Not saved: please enter a name.', paths: ['name is required'], from: 'client' });
      return;
    }
    if (problem) {
      setSaveProblem({ message: 'Not saved: the definition does not follow its schema.', paths: [problem], from: 'client' });
      return;
    }
    const ownerValue = draft.owner.trim() === '' ? null : owner === 'weblist' ? Number(draft.owner) : draft.owner.trim();
    const values = [draft.name.trim(), ownerValue, JSON.stringify(draft.properties)];
    setSaving(true);
    try {
      if (id === null) {
        const row = await rpc.create({ module, fields: ['name', owner, 'properties'], values });
        forgetRecordChoices(module);
        setStored(JSON.stringify(draft));
        allowNext();
        navigate(`${basePath}/${String(row.id)}`, { replace: true });
        return;
      }
      const row = await rpc.update({ module, fields: ['id', 'updatectr', 'name', owner, 'properties'], values: [id, updatectr, ...values] });
      setUpdatectr(Number(row.updatectr));
      forgetScreen(module, id);
      forgetRecordChoices(module);
      setStored(JSON.stringify(draft));
      setSavedNotice('Saved. Every user sees this definition on their next page load.');
    } catch (e) {
      if (e instanceof RpcError && e.code === 'E_CONCURRENT') setConflict(true);
      else if (e instanceof RpcError && e.code === 'E_VALIDATION') {
        const fields = fieldErrorsOf(e);
        // `properties` carries its own path; a column's problem (`is required`) gets the column's name.
        const paths = Object.entries(fields ?? {}).map(([k, v]) => (v.startsWith(k) ? v : `${k} ${v}`));
        setSaveProblem({ message: `Not saved: ${e.message}`, paths, from: 'server' });
      } else await presentError(e);
    } finally {
      setSaving(false);
    }
  }, [parseError, draft, problem, owner, id, module, navigate, basePath, updatectr, allowNext]);

  return {
    status,
    loadError,
    id,
    updatectr,
    draft,
    setName: (name) => edited((d) => ({ ...d, name })),
    setOwner: (o) => edited((d) => ({ ...d, owner: o })),
    setProperties: (update) => edited((d) => ({ ...d, properties: update(d.properties) })),
    mode,
    setMode,
    rawText,
    setRawText,
    parseError,
    problem,
    saving,
    saveProblem,
    conflict,
    savedNotice,
    dirty,
    save,
    reload: () => {
      // A restore or someone else's save changed the stored definition.
      if (id !== null) forgetScreen(module, id);
      setLoads((n) => n + 1);
    },
    dismissConflict: () => setConflict(false),
  };
}
