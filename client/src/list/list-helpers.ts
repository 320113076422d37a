// The named row helpers of the generic list (seed 001 §4.2, §5.2, §8) for the modules and server
// actions that exist: state changes through Record.update (setStatus, unvoid, freeze, delete)
// and the account actions (User.activate, User.reject, User.resetPassword, User.resetMFA,
// REContact.resendVerification, REContact.setSubUserState), and the submission lists' Export to
// Excel (Job.ExportToExcel) and Late notify (FormBatch.lateNotify). For which rows each button shows and which fields it reads:
// list-helper-rules.ts.
import { parseHelperRef, registerHelper, type HelperContext } from '../helpers/registry';
import { presentError } from '../rpc/error-presenter';
import { rpc, type Row } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import { statusLabel } from '../metadata/screens';
import { loadListNames } from './option-sources';
import { LIST_HELPER_RULES, STATE } from './list-helper-rules';
import { exportToExcel } from '../filing/excel-export-button';
import { BLOCKING_MS } from './export-progress';

export const REASON_MAX = 255;

/** Registers a row helper; its row rule (list-helper-rules.ts) must exist. */
function listHelper(name: string, run: (ctx: HelperContext, ...args: (string | number)[]) => Promise<void>): void {
  if (!LIST_HELPER_RULES[name]) throw new Error(`List helper ${name} has no row rule`);
  registerHelper(name, async (ctx, ...args) => {
    if (!ctx.row) {
      await dialogs.alert('', `${name} works on a list row`, 'error');
      return;
    }
    try {
      await run(ctx, ...args);
    } catch (e) {
      await presentError(e);
    }
  });
}

/** Whether a row button naming `ref` shows for `row` (true for helpers without a rule). */
export function helperShowsFor(ref: string, row: Row): boolean {
  try {
    const { name, args } = parseHelperRef(ref);
    return LIST_HELPER_RULES[name]?.shows(row, args) ?? true;
  } catch {
    // Shown, so that clicking it tells the user the reference does not parse.
    return true;
  }
}

/** The row fields that the helpers of these references read. */
export function helperFields(refs: string[]): string[] {
  const out = new Set<string>();
  for (const ref of refs) {
    try {
      for (const f of LIST_HELPER_RULES[parseHelperRef(ref).name]?.fields ?? []) out.add(f);
    } catch {
      // An unparsable reference reads nothing; running it says why.
    }
  }
  return [...out];
}

async function stateName(id: number): Promise<string> {
  return statusLabel((await loadListNames([id])).get(id) ?? String(id));
}

type Cell = string | number | boolean | null;
const cell = (v: unknown): Cell => (v === undefined ? null : (v as Cell));

/** Record.update of the row (with its updatectr, so a row changed meanwhile answers E_CONCURRENT). */
async function updateRow(ctx: HelperContext, fields: Record<string, Cell>): Promise<void> {
  const row = ctx.row!;
  const done = dialogs.busy('Updating...');
  try {
    await rpc.update({ module: ctx.module!, fields: ['id', 'updatectr', ...Object.keys(fields)], values: [cell(row.id), cell(row.updatectr), ...Object.values(fields)], read: ['id', 'updatectr'] });
  } finally {
    done();
  }
}

listHelper('setStatus', async (ctx, target) => {
  if (target === undefined || !Number.isInteger(Number(target))) throw new Error('setStatus needs the target state, e.g. setStatus(4)');
  const label = await stateName(Number(target));
  if (!(await dialogs.confirm('Are you sure?', `This record will be set to: ${label}`))) return;
  await updateRow(ctx, { state: Number(target) });
  await dialogs.alert('Successful', `Record has been set to: ${label}`, 'success');
  ctx.reload();
});

/** unvoid, or unvoid(4) for lists whose records go back to another state (seed 001 §4.2). */
listHelper('unvoid', async (ctx, target) => {
  const to = target === undefined ? STATE.active : Number(target);
  if (!(await dialogs.confirm('Are you sure?', 'This record will be unvoided.'))) return;
  await updateRow(ctx, { state: to });
  await dialogs.alert('Successful', 'Record has been Unvoided', 'success');
  ctx.reload();
});

listHelper('freeze', async (ctx) => {
  if (!(await dialogs.confirm('Are you sure?', 'This record will be frozen.'))) return;
  await updateRow(ctx, { frozen_ind: 1 });
  await dialogs.alert('Successful', 'Record has been set freeze.', 'success');
  ctx.reload();
});

listHelper('deleteRecord', async (ctx) => {
  const warning = ctx.module === 'FormBatch' ? 'This is permanent and cannot be undone. CANNOT BE UNDONE' : 'This is permanent and cannot be undone.';
  if (!(await dialogs.confirm('Are you sure?', warning, { yes: 'Delete' }))) return;
  const done = dialogs.busy('Deleting...');
  try {
    await rpc.remove({ module: ctx.module!, fields: ['id', 'updatectr'], values: [cell(ctx.row!.id), cell(ctx.row!.updatectr)] });
  } finally {
    done();
  }
  await dialogs.alert('Successful', 'Record has been deleted.', 'success');
  ctx.reload();
});

// ---------------------------------------------------------------- accounts (engine/actions/accounts)

const userid = (row: Row) => String(row.userid ?? '');

listHelper('activateUser', async (ctx) => {
  if (!(await dialogs.confirm('Are you sure?', `Activate the account of ${String(ctx.row!.name ?? userid(ctx.row!))}? The user is told by e-mail.`))) return;
  await rpc.call('User.activate', { userid: userid(ctx.row!) });
  await dialogs.alert('Successful', `Record has been set to: ${await stateName(STATE.active)}`, 'success');
  ctx.reload();
});

/** Seed 001 §5.2: a reason is required, at most 255 characters. */
export function rejectReasonProblem(reason: string): string | null {
  if (!reason.trim()) return 'You need to write something!';
  if (Array.from(reason).length > REASON_MAX) return 'Reason cannot be more than 255 characters';
  return null;
}

listHelper('rejectUser', async (ctx) => {
  const reason = await dialogs.prompt('Reject registration', 'Why is this registration rejected?', { label: 'Reason', type: 'text', validate: rejectReasonProblem });
  if (reason === null) return;
  await rpc.call('User.reject', { userid: userid(ctx.row!), reason: reason.trim() });
  await dialogs.alert('Successful', `Record has been set to: ${await stateName(STATE.rejected)}`, 'success');
  ctx.reload();
});

listHelper('resendVerification', async (ctx) => {
  await rpc.call('REContact.resendVerification', { userid: userid(ctx.row!) });
  await dialogs.alert('Successful', 'Email will be sent to user to verify his/her email', 'success');
});

listHelper('resetPassword', async (ctx) => {
  if (!(await dialogs.confirm('Are you sure?', `Send ${String(ctx.row!.name ?? userid(ctx.row!))} a link to set a new password?`))) return;
  await rpc.call('User.resetPassword', { userid: userid(ctx.row!) });
  await dialogs.alert('Successful', 'Email will be sent to user to reset his/her password', 'success');
});

listHelper('resetMFA', async (ctx) => {
  if (!(await dialogs.confirm('Are you sure?', `Reset the MFA of ${String(ctx.row!.name ?? userid(ctx.row!))}? The next sign-in enrols afresh.`))) return;
  await rpc.call('User.resetMFA', { userid: userid(ctx.row!) });
  await dialogs.alert('Successful', "User's MFA have been reset", 'success');
});

/** setSubUserStatus(4) / setSubUserStatus(33): the primary RE user on a sub-user's row (list 81). */
listHelper('setSubUserStatus', async (ctx, target) => {
  const to = Number(target);
  if (to !== STATE.active && to !== STATE.inactive) throw new Error('setSubUserStatus needs 33 or 4, e.g. setSubUserStatus(4)');
  const label = await stateName(to);
  if (!(await dialogs.confirm('Are you sure?', `${String(ctx.row!.name ?? userid(ctx.row!))} will be set to: ${label}`))) return;
  await rpc.call('REContact.setSubUserState', { user: Number(ctx.row!.link_fk_user), state: to });
  await dialogs.alert('Successful', `Record has been set to: ${label}`, 'success');
  ctx.reload();
});

// ---------------------------------------------------------------- submissions (FormBatch lists)

/** The batch's forms as a .zip: the busy spinner steps aside after 15 s while polling goes on (seed 001 §9). */
listHelper('exportBatchExcel', async (ctx) => {
  let done: (() => void) | null = dialogs.busy('Generating Excel...');
  const aside = setTimeout(() => {
    done?.();
    done = null;
  }, BLOCKING_MS);
  try {
    await exportToExcel({ formbatch_id: Number(ctx.row!.id), withData: true }, () => undefined);
  } catch (e) {
    done?.();
    done = null;
    await dialogs.alert('Error Generating Excel', e instanceof Error ? e.message : String(e), 'error');
  } finally {
    clearTimeout(aside);
    done?.();
  }
});

listHelper('lateNotify', async (ctx) => {
  const name = String(ctx.row!.name ?? `submission ${String(ctx.row!.id)}`);
  if (!(await dialogs.confirm('Are you sure?', `Send a late notice for ${name} to the entity's primary user and approvers?`))) return;
  const done = dialogs.busy('Sending...');
  try {
    await rpc.call('FormBatch.lateNotify', { id: Number(ctx.row!.id) });
  } finally {
    done();
  }
  await dialogs.alert('Successful', 'Email successfully sent.', 'success');
  ctx.reload();
});

// ---------------------------------------------------------------- BCAF (docs/re-records.md, Record types B)

/** Seed 001 §5.2, §8: the words of the BCAF submission, as the server says them (portal/re-records/re-records-b-rules.ts). */
export const BCAF_TEXT = {
  invalidTitle: 'Invalid Date',
  invalid: 'ALERT! Please choose valid date',
  confirm: 'Once submitted, this BCAF form can no longer be edited. Submit it?',
  submitted: 'BCAF ORM has been submitted',
} as const;

/** The year typed for a BCAF submission, or null when it is not one. */
export function bcafYear(text: string | null): number | null {
  const t = (text ?? '').trim();
  if (!/^\d{4}$/.test(t)) return null;
  const y = Number(t);
  return y >= 1900 && y <= 2999 ? y : null;
}

/** Seed 001 §4.2, §5.2: a year is picked, the submission date is 31 December of it, the state 56; then the form is locked. */
listHelper('submitBcaf', async (ctx) => {
  const typed = await dialogs.prompt('Submit BCAF', 'Choose the year of this submission (YYYY).', { label: 'Year', type: 'text' });
  if (typed === null) return;
  const year = bcafYear(typed);
  if (year === null) {
    await dialogs.alert(BCAF_TEXT.invalidTitle, BCAF_TEXT.invalid, 'error');
    return;
  }
  if (!(await dialogs.confirm('Are you sure?', BCAF_TEXT.confirm, { yes: 'Submit' }))) return;
  await updateRow(ctx, { state: 56, submitted_date: `${year}-12-31` });
  await dialogs.alert('Successful', BCAF_TEXT.submitted, 'success');
  ctx.reload();
});
