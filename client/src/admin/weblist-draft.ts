// Pure logic of the list editor (/weblists): a new draft, view entries (exactly one default),
// row and top buttons whose fields follow their kind, and whether a draft is regular enough
// for the structured editor.
import type { RowButton, TopButton, WebListProperties } from '../../../engine/metadata/screen-schemas.js';
import { isObject } from './draft-edit';

export type ViewEntry = WebListProperties['list_id'][number];

export function newWebList(): WebListProperties {
  return { title: '', list_id: [] };
}

/** A view added to a list; the first one is the default. */
export function addView(entries: readonly ViewEntry[], view: { id: number; name: string }): ViewEntry[] {
  return [...entries, { id: view.id, name: view.name || `View ${view.id}`, ...(entries.length === 0 ? { default: true } : {}) }];
}

/** Makes entry `index` the only default. */
export function setDefaultView(entries: readonly ViewEntry[], index: number): ViewEntry[] {
  return entries.map((e, i) => {
    const { default: _, ...rest } = e;
    return i === index ? { ...rest, default: true } : rest;
  });
}

export function newRowButton(): RowButton {
  return { label: 'Open', kind: 'link', link: '/' };
}

export function newTopButton(): TopButton {
  return { label: 'New', kind: 'link', link: '/' };
}

/** A button switched to another kind keeps only what that kind uses (a link or a helper). */
export function withKind<B extends RowButton | TopButton>(button: B, kind: 'link' | 'tab' | 'helper'): B {
  const { link, helper, ...rest } = button;
  return (kind === 'helper' ? { ...rest, kind, helper: helper ?? 'deleteRecord' } : { ...rest, kind, link: link ?? '/' }) as B;
}

export function webListStructureProblem(value: unknown): string | null {
  if (!isObject(value)) return 'The definition is not a JSON object.';
  if (!Array.isArray(value.list_id) || !value.list_id.every(isObject)) return 'The definition has no list of views (list_id).';
  if (value.buttons !== undefined && (!Array.isArray(value.buttons) || !value.buttons.every(isObject))) return 'The buttons are not a list of objects.';
  return null;
}
