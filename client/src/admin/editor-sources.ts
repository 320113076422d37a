// What the screen editors pick from: the module catalogue (Screen.modules) and the stored
// WebList, WebListview and WebForms records by id and name. Each is fetched once per page.
import { useEffect, useState } from 'react';
import type { CatalogueModule } from '../../../engine/metadata/module-catalogue.js';
import { onceCache } from '../metadata/load-once';
import { rpc, RpcError } from '../rpc/rpc';

export type { CatalogueField, CatalogueModule } from '../../../engine/metadata/module-catalogue.js';

export interface RecordChoice {
  id: number;
  name: string;
}

const { once, forget } = onceCache();

export function loadModuleCatalogue(): Promise<CatalogueModule[]> {
  return once('modules', () => rpc.json<CatalogueModule[]>('Screen.modules'));
}

export function loadRecordChoices(module: 'WebList' | 'WebListview' | 'WebForms'): Promise<RecordChoice[]> {
  return once(module, async () => (await rpc.select({ module, fields: ['id', 'name'], order: 'id asc', max: 1000 })).rows.map((r) => ({ id: Number(r.id), name: String(r.name ?? '') })));
}

/** After a save: the pickers of this page list the saved record under its new name. */
export function forgetRecordChoices(module: 'WebList' | 'WebListview' | 'WebForms'): void {
  forget(module);
}

export type Loadable<T> = { status: 'loading' } | { status: 'error'; message: string } | { status: 'ready'; value: T };

export function useLoad<T>(load: () => Promise<T>, key: string): Loadable<T> {
  const [state, setState] = useState<Loadable<T>>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    load().then(
      (value) => live && setState({ status: 'ready', value }),
      (e: unknown) => live && setState({ status: 'error', message: e instanceof RpcError ? `${e.code}: ${e.message}` : String(e) }),
    );
    return () => {
      live = false;
    };
    // The loader is named by `key`.
  }, [key]);
  return state;
}

export const valueOr = <T,>(l: Loadable<T>, fallback: T): T => (l.status === 'ready' ? l.value : fallback);
