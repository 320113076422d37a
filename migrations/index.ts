// The ordered list of migrations. Each one is frozen history: a schema change is a new file
// appended here, never an edit of an applied one.
import type { Migration } from '../engine/db/migration.js';
import { platform } from './0001_platform.js';
import { engine } from './0002_engine.js';
import { recordAudit } from './0003_record_audit.js';
import { changeVersions } from './0004_change_versions.js';
import { forms } from './0005_forms.js';
import { mail } from './0006_mail.js';
import { accounts } from './0007_accounts.js';
import { apiTokens } from './0008_api_tokens.js';
import { jobs } from './0009_jobs.js';
import { screenMetadata } from './0010_screen_metadata.js';
import { listIndexes } from './0011_list_indexes.js';
import { threads } from './0012_threads.js';
import { bulletins } from './0013_bulletins.js';
import { admin } from './0014_admin.js';
import { profileVerification } from './0015_profile_verification.js';
import { dropdownRequests } from './0016_dropdown_requests.js';
import { useridNocase } from './0017_userid_nocase.js';
import { privilege } from './0018_privilege.js';
import { richText } from './0019_rich_text.js';
import { formTemplates } from './0020_form_templates.js';
import { filing } from './0021_filing.js';
import { formOpenDefault } from './0022_form_open_default.js';
import { excelImport } from './0023_excel_import.js';
import { resubmission } from './0024_resubmission.js';
import { listOrderIndexes } from './0025_list_order_indexes.js';
import { extension } from './0027_extension.js';
import { routineReportsPeoi } from './0028_routine_reports_peoi.js';
import { reportDesigner } from './0032_report_designer.js';
import { reRecordsB } from './0035_re_records_b.js';
import { reAdminActions } from './0036_re_admin_actions.js';
import { reRecordsA } from './0034_re_records_a.js';
import { reProfile } from './0033_re_profile.js';
import { rowRules } from './0029_row_rules.js';
import { auditLog } from './0031_audit_log.js';
import { emailSubscriptions } from './0030_email_subscriptions.js';
import { excelImportReplace } from './0037_excel_import_replace.js';
import { waitingListIndex } from './0038_waiting_list_index.js';

export type { Migration };

export const migrations: Migration[] = [platform, engine, recordAudit, changeVersions, forms, mail, accounts, apiTokens, jobs, screenMetadata, listIndexes, threads, bulletins, admin, profileVerification, dropdownRequests, useridNocase, privilege, richText, formTemplates, filing, formOpenDefault, excelImport, resubmission, listOrderIndexes, extension, routineReportsPeoi, rowRules, reProfile, reRecordsA, reAdminActions, auditLog, reRecordsB, reportDesigner, emailSubscriptions, excelImportReplace, waitingListIndex];
