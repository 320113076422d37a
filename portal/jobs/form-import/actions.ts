// Job.ImportFromExcel.* (seed 003 §7): queue the import of an ExcelImport record's workbooks,
// poll it like an export (seed 001 §9), and download the copy that marks the bad cells.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordId } from '../../../engine/runtime/record-arg.js';
import { isReUser } from '../../../engine/runtime/context.js';
import { AppError, errors } from '../../../engine/errors/catalogue.js';
import { text } from '../../../engine/protocol/envelope.js';
import { accessModule } from '../../../engine/records/module-access.js';
import { readRecordObject } from '../../../engine/records/record-read.js';
import { jobDownloadAction, jobStatusAction } from '../../../engine/jobs/job-family.js';
import { submitJob } from '../../../engine/jobs/own-jobs.js';
import { requireVerifiedProfile } from '../../profile/profile-gate.js';
import { IMPORT_STATE, readImport, moveImport } from './import-record.js';
import { IMPORT_FROM_EXCEL, ImportArgs, importDownloadUrl, markedCopyTitle } from './run-import.js';
import { allowedImportTypes, assertImportType, IMPORT_TYPE_LABELS, importModuleName } from './import-types.js';
import { rowsOf } from '../../../engine/records/scoped-rows.js';
import { entityAllowance, importRefusal } from './import-allow.js';

export const importSubmit = defineAction({
  name: 'Job.ImportFromExcel.submit',
  summary: 'Queues the import of an Excel import record\'s workbooks into their forms and answers the job id',
  args: [ImportArgs],
  access: 'session',
  writes: true,
  answer: 'value 0: text, the job id',
  errors: ['E_NOTFOUND', 'E_NOPERMISSION', 'E_STATETRANSITION', 'E_BADREQUEST', 'E_RATELIMIT'],
  async handler([a], ctx) {
    await requireVerifiedProfile(ctx);
    // The caller must reach the record as Record.select would (its permission, the entity scope,
    // the Form Type and team rules); one it cannot reach reads as one that does not exist.
    const name = accessModule(ctx, importModuleName(ctx.caller), 'select').module.name;
    const record = (await rowsOf(ctx, name).reaches(a.excelimport_id)) ? await readImport(ctx.db, a.excelimport_id) : undefined;
    if (!record) throw errors.notFound(`Excel import ${a.excelimport_id}`);
    // Not Started, or Failed to try again once the workbooks are corrected; never twice at once.
    if (record.state !== IMPORT_STATE.notStarted && record.state !== IMPORT_STATE.failed) throw new AppError('E_STATETRANSITION', 'This import is running or has completed.');
    // Its Form Type must be one the caller may import (ExcelImport's row rules, import-types.ts).
    if (record.importtype !== null) await assertImportType(ctx, record.importtype, 'E_NOPERMISSION');
    // Regulator staff import for the entity the record names (docs/excel.md): the job then works
    // for that entity, which must be one the caller may see, as the RE list would show it.
    let forEntity: number | undefined;
    if (!isReUser(ctx.caller)) {
      if (record.reportingentity === null) throw new AppError('E_BADREQUEST', 'Choose the reporting entity whose forms this import fills.');
      const re = accessModule(ctx, 'RE', 'select');
      if (!(await readRecordObject(ctx, re.module, re.scopeRe, record.reportingentity))) throw errors.notFound(`Reporting entity ${record.reportingentity}`);
      forEntity = record.reportingentity;
    }
    // The regulator's Import Allow rules (import-allow.ts): the form it names, or every template of the entity, refused.
    const entity = forEntity ?? record.reportingentity;
    const refusal = entity === null ? null : await importRefusal(ctx.db, entity, record.form);
    if (refusal) throw new AppError('E_NOPERMISSION', refusal);
    const id = await submitJob(ctx, IMPORT_FROM_EXCEL, { ...a, title: markedCopyTitle(record.name) }, forEntity);
    await moveImport(ctx.db, record.id, { state: IMPORT_STATE.notStarted, job: id }, ctx.caller?.userId ?? null, ctx.services.modules);
    ctx.log.info({ jobId: id, excelimport: record.id }, 'Excel import queued');
    return [text(String(id))];
  },
});

export const importTypes = defineAction({
  name: 'Job.ImportFromExcel.types',
  summary: 'The Form Types the caller may import, as ExcelImport\'s row rules decide them by role, position and entity sector: the create page\'s choices',
  args: [],
  access: 'session',
  writes: false,
  answer: 'value 0: text, JSON [{value, label}] (1100855 Main forms, 1100856 App I/II forms)',
  errors: ['E_NOPERMISSION'],
  async handler(_args, ctx) {
    accessModule(ctx, importModuleName(ctx.caller), 'create');
    const types = await allowedImportTypes(ctx);
    return [text(JSON.stringify(types.map((value) => ({ value, label: IMPORT_TYPE_LABELS[value] ?? String(value) }))))];
  },
});

export const importAllowance = defineAction({
  name: 'Job.ImportFromExcel.allowance',
  summary: 'What the regulator\'s Import Allow rules refuse today to the caller\'s entity (an entity user\'s current one, or the entity a staff member names): every template of its forms, or some of them',
  args: [Type.Optional(Type.Object({ re: Type.Optional(recordId('RE', 'The reporting entity (regulator staff)')) }, { additionalProperties: false }))],
  access: 'session',
  writes: false,
  answer: 'value 0: text, JSON {none, refused: [{template, label, until, message}]}: none is the sentence when no template may be imported, else null; until is YYYY-MM-DD or null',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND', 'E_BADREQUEST'],
  async handler([a], ctx) {
    accessModule(ctx, importModuleName(ctx.caller), 'create');
    let entity: number | null = ctx.caller?.currentRe ?? null;
    if (!isReUser(ctx.caller)) {
      // Staff ask about an entity they may see, as the create page offers it.
      if (a?.re === undefined) throw new AppError('E_BADREQUEST', 'Choose the reporting entity whose forms this import fills.');
      const re = accessModule(ctx, 'RE', 'select');
      if (!(await readRecordObject(ctx, re.module, re.scopeRe, a.re))) throw errors.notFound(`Reporting entity ${a.re}`);
      entity = a.re;
    }
    if (entity === null) throw new AppError('E_BADREQUEST', 'Choose the reporting entity whose forms this import fills.');
    return [text(JSON.stringify(await entityAllowance(ctx.db, entity)))];
  },
});

export const importStatus = jobStatusAction({
  name: 'Job.ImportFromExcel.status',
  type: IMPORT_FROM_EXCEL,
  summary: 'The state of one of the caller\'s Excel imports: queued 61, running 38, done 71 or failed 2, with its progress',
  answer: 'value 0: text, JSON {id, state, status, progress, processed, total, result, …}; result is the import\'s summary JSON when done',
});

export const importDownload = jobDownloadAction({
  name: 'Job.ImportFromExcel.download',
  type: IMPORT_FROM_EXCEL,
  summary: 'The URL of the copy of the workbook whose bad cells carry comments (the submitter only); when several workbooks had problems, of a .zip holding one marked copy each (/out/{id}.zip)',
  answer: 'value 0: text, the URL /out/{id}.xlsx',
  url: (job) => importDownloadUrl(job.id, job.file),
});

export const importActions = [importSubmit, importTypes, importAllowance, importStatus, importDownload];
