// Where the Form Viewer's form comes from (seed 001 §2.2, §7): a template by its numeric id (with
// an override), or a static JSON form served with the client.
import type { FormProperties } from '../../../portal/filing/template-schema.js';
import { templateSchemaFields } from './template-problems';

/**
 * What the designer opens (seed 001 §2.2): a template (with an override), or a static JSON form
 * served with the client: `/static/json/{id}.json` for a non-numeric id, `/json/{form}.json` for
 * `?form=` with no id. A static form is read, never saved (there is no record to save to).
 */
export type DesignerSource =
  | { kind: 'template'; templateId: number; overrideId: number | null }
  | { kind: 'static'; url: string }
  | { kind: 'none' };

/** A static form's name: a file name without a path, so it can never leave its folder. */
const STATIC_NAME = /^[A-Za-z0-9][A-Za-z0-9_-]{0,99}$/;

export function designerSource(id: string | undefined, ovr: string | null, form: string | null): DesignerSource {
  if (id !== undefined && /^\d+$/.test(id)) return { kind: 'template', templateId: Number(id), overrideId: ovr === null || ovr === '' ? null : Number(ovr) };
  if (id !== undefined) return STATIC_NAME.test(id) ? { kind: 'static', url: `/static/json/${id}.json` } : { kind: 'none' };
  if (form !== null && STATIC_NAME.test(form)) return { kind: 'static', url: `/json/${form}.json` };
  return { kind: 'none' };
}

/** Fetches a static form; throws with the text the alert shows (seed 001 §8). */
export async function loadStatic(url: string): Promise<FormProperties> {
  const res = await fetch(url, { credentials: 'same-origin', headers: { accept: 'application/json' } });
  if (!res.ok) throw new Error(`${url}: ${res.status} ${res.statusText || 'not loaded'}`);
  const body: unknown = await res.json();
  // The grid assumes the template's shape: a file that is not one is refused, naming its first problem.
  const problems = templateSchemaFields(body);
  if (problems) {
    const [path, message] = Object.entries(problems)[0];
    throw new Error(`${url}: not a form definition (${path}: ${message}).`);
  }
  return body as FormProperties;
}

