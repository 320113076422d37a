// What an Excel export writes, reached as the caller: a form (read like Form.getData: an RE user
// only their current entity's forms), every form of a batch the caller can reach, or a template's
// blank workbook. Forms of a template marked approver-view-only are downloadable only by
// regulator staff and entity approvers (role 27), as the form list hides them (seed 003 §2.1).
import { isReUser, type ActionContext } from '../../../engine/runtime/context.js';
import { AppError, errors } from '../../../engine/errors/catalogue.js';
import { filedTemplate, reachForm, type FiledTemplate, type FormRow } from '../../filing/form-data.js';
import { mayDownloadApproverOnly } from '../../filing/approver-view.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { kindOf, safeFileName, type ExportKind } from './export-args.js';
import { beyondRules } from '../../../engine/db/beyond-rules.js';

/** This file's own queries of scoped tables, and why they are not the caller's rows (docs/security.md). */
export const BEYOND_RULES = beyondRules(
  'Names and lists the forms of an export target after reaching the form or batch through the caller\'s rules (the job runs as its submitter)',
);

export interface ExportItem {
  /** The form; null for a blank template. */
  form: FormRow | null;
  filed: FiledTemplate;
  /** The file's name without extension (form code + period, sanitised). */
  name: string;
  templateCode: string;
}

export interface ExportTarget {
  kind: ExportKind;
  items: ExportItem[];
  /** The download's name without extension. */
  title: string;
}

async function templateRow(ctx: ActionContext, id: number): Promise<{ code: string; version: number; approverviewonly: boolean } | null> {
  const row = await ctx.db('formtemplate').where({ id }).first('code', 'version', 'approverviewonly');
  return row ? { code: String(row.code), version: Number(row.version), approverviewonly: Boolean(Number(row.approverviewonly)) } : null;
}

async function formItem(ctx: ActionContext, id: number): Promise<ExportItem | 'hidden'> {
  const form = await reachForm(ctx, id, 'select');
  const meta = await ctx.db('form').where({ id }).first('code', 'endon');
  const filed = await filedTemplate(ctx.db, form);
  const template = await templateRow(ctx, filed.id);
  if (template?.approverviewonly && !mayDownloadApproverOnly(ctx)) return 'hidden';
  const endon = meta?.endon instanceof Date ? meta.endon.toISOString().slice(0, 10) : String(meta?.endon ?? '').slice(0, 10);
  return { form, filed, name: safeFileName(`${meta?.code ?? `form-${id}`}${endon ? ` ${endon}` : ''}`), templateCode: template?.code ?? '' };
}

/** Resolves the export as the caller; refusals are the errors the submit answers. */
export async function exportTarget(ctx: ActionContext, a: { form_id?: number; formbatch_id?: number; ft_id?: number }): Promise<ExportTarget> {
  const kind = kindOf(a);
  if (!kind) throw errors.badRequest('Give exactly one of form_id, formbatch_id and ft_id');
  if (kind === 'form') {
    const item = await formItem(ctx, a.form_id!);
    if (item === 'hidden') throw errors.noPermission();
    return { kind, items: [item], title: item.name };
  }
  if (kind === 'batch') {
    // The caller's scope decides: forms of the batch they cannot reach are not theirs to export.
    const ids: number[] = (await ctx.db('form').where({ formbatch: a.formbatch_id }).whereNotNull('formtemplate').orderBy('code').orderBy('id').pluck('id')).map(Number);
    const items: ExportItem[] = [];
    let hidden = 0;
    for (const id of ids) {
      try {
        const item = await formItem(ctx, id);
        if (item === 'hidden') hidden++;
        else items.push(item);
      } catch (e) {
        if (!(e instanceof AppError && e.code === 'E_NOTFOUND')) throw e;
      }
    }
    if (!items.length && hidden) throw errors.noPermission();
    if (!items.length) throw errors.notFound('Submission');
    const batch = await ctx.db('formbatch').where({ id: a.formbatch_id }).first('name');
    return { kind, items, title: safeFileName(String(batch?.name ?? `submission-${a.formbatch_id}`)) };
  }
  // A blank template: regulator staff read templates; an entity user needs forms to fill.
  accessModule(ctx, isReUser(ctx.caller) ? 'REForm' : 'FormTemplate', 'select');
  const template = await templateRow(ctx, a.ft_id!);
  if (!template || template.version < 1) throw errors.notFound('Form template');
  if (template.approverviewonly && !mayDownloadApproverOnly(ctx)) throw errors.noPermission();
  const filed = await filedTemplate(ctx.db, { id: 0, formtemplate: a.ft_id!, templateversion: template.version });
  const name = safeFileName(`${template.code} v${template.version}`);
  return { kind, items: [{ form: null, filed, name, templateCode: template.code }], title: name };
}
