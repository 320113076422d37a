// The signed-in user's own settings of a list view (ListView.personal / savePersonal /
// resetPersonal, docs/screens.md): loaded with the view, laid over the admin's columns
// (personal-view.ts), edited in the Columns panel as an unsaved draft, saved as "my view" with
// the updatectr last read, or reset to the admin's view. Off in an editor's preview.
import { useCallback, useEffect, useMemo, useState } from 'react';
import type { PersonalViewSettings, WebListviewRecord } from '../../../engine/metadata/screen-schemas.js';
import { presentError } from '../rpc/error-presenter';
import { rpc, RpcError } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import { filtersOf, mergeColumns, sameColumns, settingsOf, type PersonalColumn } from './personal-view';
import type { Triple } from './list-query';

interface Stored {
  settings: PersonalViewSettings;
  updatectr: number;
}

type Loaded = { view: number; stored: Stored | null } | null;

export interface PersonalView {
  /** Personal views apply here (not in a preview, and the server answered). */
  enabled: boolean;
  /** The settings are in (or off): the list may ask for its rows. */
  ready: boolean;
  /** The user has a saved view of their own. */
  saved: boolean;
  /** The columns as shown now: the saved view with this page's unsaved edits. */
  columns: PersonalColumn[];
  /** The columns differ from what is saved (or from the admin's, with nothing saved). */
  dirty: boolean;
  /** The saved sort ("column asc|desc") and filters, used while the address names none. */
  order: string | null;
  filters: Triple[] | null;
  busy: boolean;
  setColumns(columns: PersonalColumn[]): void;
  /** Saves the columns shown with the sort and filters in force. */
  save(order: string | null, filters: Triple[] | null): Promise<boolean>;
  /** Drops the user's view: the admin's applies again. */
  reset(): Promise<boolean>;
}

/**
 * `chosenId` is the view the list chose, known before its definition arrives: the user's own
 * settings are asked for beside the definition, not after it.
 */
export function usePersonalView(view: WebListviewRecord | undefined, enabled: boolean, chosenId: number | null = view?.id ?? null): PersonalView {
  const viewId = view?.id ?? null;
  const [loaded, setLoaded] = useState<Loaded>(null);
  const [failed, setFailed] = useState<number | null>(null);
  const [draft, setDraft] = useState<{ view: number; columns: PersonalColumn[] } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    if (!enabled || chosenId === null) return;
    let live = true;
    setDraft(null);
    rpc.json<Stored | null>('ListView.personal', { view: chosenId }).then(
      (stored) => live && setLoaded({ view: chosenId, stored }),
      // Without their own settings the user still gets the admin's view.
      () => live && setFailed(chosenId),
    );
    return () => {
      live = false;
    };
  }, [enabled, chosenId]);

  const on = enabled && viewId !== null && failed !== viewId;
  const stored = on && loaded?.view === viewId ? loaded.stored : null;
  const ready = !enabled || viewId === null || failed === viewId || loaded?.view === viewId;
  const adminFields = view?.properties.fields;
  const base = useMemo(() => (adminFields ? mergeColumns(adminFields, on ? stored?.settings.columns : undefined) : []), [adminFields, on, stored]);
  const columns = on && draft && draft.view === viewId ? draft.columns : base;
  // Stable between renders: the controller's search form is restored from it.
  const viewProps = view?.properties;
  const filters = useMemo(() => filtersOf(stored?.settings, viewProps), [stored, viewProps]);

  const setColumns = useCallback((next: PersonalColumn[]) => viewId !== null && setDraft({ view: viewId, columns: next }), [viewId]);

  const save = useCallback(
    async (order: string | null, filters: Triple[] | null): Promise<boolean> => {
      if (!on || viewId === null) return false;
      setBusy(true);
      try {
        const settings = settingsOf(columns, order, filters);
        const updatectr = Number(await rpc.json<number>('ListView.savePersonal', { view: viewId, settings, ...(stored ? { updatectr: stored.updatectr } : {}) }));
        setLoaded({ view: viewId, stored: { settings, updatectr } });
        setDraft(null);
        return true;
      } catch (e) {
        if (e instanceof RpcError && e.code === 'E_CONCURRENT') {
          await dialogs.alert('Your view was not saved', 'You changed or reset this view in another window since this page loaded it. Reload the page to see your view as it is saved, then make your changes again.', 'warning');
        } else {
          await presentError(e);
        }
        return false;
      } finally {
        setBusy(false);
      }
    },
    [on, viewId, columns, stored],
  );

  const reset = useCallback(async (): Promise<boolean> => {
    if (!on || viewId === null) return false;
    setBusy(true);
    try {
      await rpc.call('ListView.resetPersonal', { view: viewId });
      setLoaded({ view: viewId, stored: null });
      setDraft(null);
      return true;
    } catch (e) {
      await presentError(e);
      return false;
    } finally {
      setBusy(false);
    }
  }, [on, viewId]);

  return {
    enabled: on,
    ready,
    saved: stored !== null,
    columns,
    dirty: !sameColumns(columns, base),
    order: stored?.settings.order ?? null,
    filters,
    busy,
    setColumns,
    save,
    reset,
  };
}

/** What the list's toolbar and grid get to show and change the user's view (ListReady.personal). */
export interface PersonalControls {
  columns: PersonalColumn[];
  saved: boolean;
  dirty: boolean;
  busy: boolean;
  setColumns(columns: PersonalColumn[]): void;
  /** A column's width dragged in the grid. */
  resizeColumn(name: string, width: number): void;
  /** Saves the columns with the sort and filters in force as "my view". */
  save(): void;
  /** Back to the admin's view: columns, sort and filters. */
  reset(): void;
}
