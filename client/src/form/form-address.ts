// The addresses of the form page, as pure functions: what its query means (a child opened from a
// relation list, the entity of a new record, a tab), where each mode of a form lives, and the
// child create page a relation list's add button opens (seed 000 §2.9, §6; seed 001 §2.7).
import { shellPrefix, type ShellKind } from '../app/screen-routes';
import type { FormMode, RelationModel } from './form-schema';
import type { WebFormsRecord } from '../../../engine/metadata/screen-schemas.js';

export interface FormPageProps {
  formId?: number;
  listId?: number;
  mode: FormMode;
  dataId?: string;
  basePath: string;
  shell: ShellKind;
  /**
   * A preview (the form editor's): this definition is rendered instead of loading one, with the
   * record `dataId` of its module; nothing is saved, no helper button shows, nothing navigates.
   */
  definition?: WebFormsRecord;
  /**
   * Shown inside another page (a profile tab): no tab title of its own, no Back, and with
   * `noEdit` no Edit button (the entity's business information, seed 001 §6).
   */
  embedded?: boolean;
  noEdit?: boolean;
}

/** The address query a form page understands (seed 001 §2.7; seed 000 §6). */
export interface FormQuery {
  isTab: boolean;
  /** A child created from a parent's relation list. */
  relation?: { relation_type: 1 | 2; parent_name: string; parent_id: number; modulecolumn_name: string };
  /** The entity a new record belongs to (`?re=`), applied when the form has an `re` field. */
  re?: string;
}

export function readFormQuery(params: URLSearchParams): FormQuery {
  const q: FormQuery = { isTab: params.get('isTab') === 'true' };
  const parentId = Number(params.get('parent_id'));
  const type = Number(params.get('relation'));
  const col = params.get('col');
  const pmodule = params.get('pmodule');
  if (Number.isInteger(parentId) && parentId > 0 && (type === 1 || type === 2) && col && pmodule) {
    q.relation = { relation_type: type, parent_name: pmodule, parent_id: parentId, modulecolumn_name: col };
  }
  const re = params.get('re');
  if (re && /^\d+$/.test(re)) q.re = re;
  return q;
}

/** Where a mode of this form lives in the address, or null when the route has no such address. */
export function formPath(props: Pick<FormPageProps, 'formId' | 'listId' | 'basePath'>, mode: FormMode, id: number | string | undefined, isTab: boolean): string | null {
  const tail = isTab ? '?isTab=true' : '';
  if (props.listId !== undefined) return mode === 'create' ? `${props.basePath}/create${tail}` : `${props.basePath}/${mode}/${id}${tail}`;
  // One's own profile: {shell}/profile/view and {shell}/profile/edit/{id}; nobody creates one.
  if (props.basePath.endsWith('/profile')) return mode === 'create' ? null : mode === 'view' ? `${props.basePath}/view${tail}` : `${props.basePath}/edit/${id}${tail}`;
  if (props.formId !== undefined && (props.basePath.endsWith('/form') || props.basePath === '/mainform')) {
    return `${props.basePath}/${props.formId}/${mode}${mode === 'create' ? '' : `/${id}`}${tail}`;
  }
  return null;
}

/**
 * What the add button of a relation list needs: what the server needs for the write, namely
 * {parent}_{child}.create for a link record (type 2) and {child}.create for a child row that
 * carries the parent's id (type 1, where no link module exists).
 */
export function relationPermission(r: RelationModel): string {
  return r.relation_type === 2 ? `${r.parent_name}_${r.child_name}.create` : `${r.child_name}.create`;
}

/** The child's create page for this parent, as the add button opens it in a new tab. */
export function relationCreateUrl(r: RelationModel, childForm: number, parentId: number | string, shell: ShellKind): string {
  const q = new URLSearchParams({ parent_id: String(parentId), relation: String(r.relation_type), col: r.modulecolumn_name, pmodule: r.parent_name, isTab: 'true' });
  return `${shellPrefix(shell)}/form/${childForm}/create?${q.toString()}`;
}
