// The regulator's row actions on reporting entities and their neighbours (seed 001 §2.6, §2.7,
// §4.2, §5.2, §8; docs/re-admin-actions.md): the entity's profile, its country of origin and
// financial year end month (RE.setCountryOrigin, RE.setFYE), a late submission's preliminary reason
// (PEOI.setPrelimReason) and a parent/child link's unlink (Record.delete of RE_RE). The dialogs
// check what the seed checks; the server checks it again. Which rows show each: list-helper-rules.ts.
import { registerHelper, type HelperContext } from '../helpers/registry';
import { presentError } from '../rpc/error-presenter';
import { rpc, type Row } from '../rpc/rpc';
import { dialogs } from '../ui/dialogs';
import { loadOptions } from './option-sources';
import { choiceDialog } from './re-admin-dialog';
import { choiceQuery } from '../form/choice-source';
import { COUNTRY_LIST_GROUP, FYE_FIRST, FYE_LAST, RE_ADMIN_MESSAGES as M, countryOriginProblems } from '../../../portal/re/re-admin-rules.js';

const MONTHS = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];

function rowHelper(name: string, run: (ctx: HelperContext, row: Row, ...args: (string | number)[]) => Promise<void>): void {
  registerHelper(name, async (ctx, ...args) => {
    if (!ctx.row) {
      await dialogs.alert('', `${name} works on a list row`, 'error');
      return;
    }
    try {
      await run(ctx, ctx.row, ...args);
    } catch (e) {
      await presentError(e);
    }
  });
}

const num = (v: unknown): number | null => (v === null || v === undefined || v === '' ? null : Number(v));
const entityName = (row: Row) => String(row.name ?? `entity ${String(row.id)}`);

/** entityProfile('reprofile', 'id'): /{shell}/{page}?{param}={row id} (seed 001 §2.6); the profile page reads id (or re). */
rowHelper('entityProfile', async (ctx, row, page = 'reprofile', param = 'id') => {
  const shell = ctx.shell === 're' ? 're' : 'iru';
  ctx.navigate(`/${shell}/${String(page)}?${encodeURIComponent(String(param))}=${encodeURIComponent(String(row.id))}`);
});

rowHelper('setCountryOrigin', async (ctx, row) => {
  const countries = await loadOptions({ module: 'List', listgroup: COUNTRY_LIST_GROUP }, 'List');
  const answer = await choiceDialog({
    title: `Country of Origin: ${entityName(row)}`,
    date: { label: 'Date', value: (row.comporigindate as string | null) ?? null },
    choice: { label: 'Country', placeholder: 'Select a country', options: countries.map((c) => ({ value: Number(c.value), label: c.label })), value: num(row.countryorigin) },
    check: (a) => {
      const problems = Object.values(countryOriginProblems(a.date === null ? 'x' : a.date, a.choice));
      if (a.date === null) problems.unshift('Please enter the date as DD/MM/YYYY.');
      return problems.length ? { heading: M.countryDialogError, problems } : null;
    },
  });
  if (!answer) return;
  const done = dialogs.busy('Updating...');
  try {
    await rpc.call('RE.setCountryOrigin' as string, { id: Number(row.id), updatectr: Number(row.updatectr), date: answer.date, country: answer.choice } as never);
  } finally {
    done();
  }
  await dialogs.alert('Successful', M.countryUpdated, 'success');
  ctx.reload();
});

rowHelper('setFYE', async (ctx, row) => {
  const current = num(row.fye);
  const answer = await choiceDialog({
    title: `Financial Year End Month: ${entityName(row)}`,
    choice: { label: 'FYE Month', placeholder: 'Select a month', options: MONTHS.map((m, i) => ({ value: FYE_FIRST + i, label: m })), value: current },
    check: (a) => (a.choice === null || a.choice < FYE_FIRST || a.choice > FYE_LAST ? { problems: [M.selectFye] } : null),
  });
  if (!answer) return;
  if (answer.choice === current) {
    await dialogs.alert('', M.fyeUnchanged, 'info');
    return;
  }
  const done = dialogs.busy('Updating...');
  try {
    await rpc.call('RE.setFYE' as string, { id: Number(row.id), updatectr: Number(row.updatectr), fye: answer.choice } as never);
  } finally {
    done();
  }
  await dialogs.alert('Successful', M.fyeSet, 'success');
  ctx.reload();
});

/** A late submission's preliminary reason, on its non-compliance case (opened with it when it has none). */
rowHelper('lateSubmission', async (ctx, row) => {
  const reason = await dialogs.prompt('Late Submission', `Preliminary reason for the late submission of ${String(row.name ?? `submission ${String(row.id)}`)}`, {
    label: 'Prelim reason',
    type: 'text',
    validate: (v) => (v.trim() ? null : M.prelimRequired),
  });
  if (reason === null) return;
  const done = dialogs.busy('Updating...');
  try {
    await rpc.call('PEOI.setPrelimReason' as string, { formbatch: Number(row.id), latereason: reason.trim() } as never);
  } finally {
    done();
  }
  await dialogs.alert('Successful', M.prelimUpdated, 'success');
  ctx.reload();
});

/** A child entity's link to its parent (RE_RE rows of a relation list) removed. */
rowHelper('unlink', async (ctx, row) => {
  if (!(await dialogs.confirm('Are you sure?', `${entityName(row)} will be unlinked from its parent entity.`, { yes: 'Unlink' }))) return;
  const done = dialogs.busy('Unlinking...');
  try {
    await rpc.remove({ module: ctx.module!, fields: ['link_id', 'link_updatectr'], values: [Number(row.link_id), Number(row.link_updatectr)] });
  } finally {
    done();
  }
  await dialogs.alert('Successful', M.unlinked, 'success');
  ctx.reload();
});

/** The parent entity a relation list is fixed on (`link_fk_parent` or its alias `fk_re`). */
function parentOf(fixed: unknown[] | undefined): number | null {
  for (const c of fixed ?? []) {
    if (Array.isArray(c) && (c[0] === 'link_fk_parent' || c[0] === 'fk_re') && c[1] === '=' && Number.isInteger(Number(c[2]))) return Number(c[2]);
  }
  return null;
}

/** The entity, its parents and theirs (a child chosen among them would make a cycle). */
async function ancestorsOf(id: number): Promise<Set<number>> {
  const seen = new Set<number>([id]);
  let frontier = [id];
  while (frontier.length) {
    const { rows } = await rpc.select({ module: 'RE_RE', fields: ['link_id', 'link_fk_parent'], where: [['link_fk_child', 'in', frontier]], max: 1000 });
    frontier = rows.map((r) => Number(r.link_fk_parent)).filter((p) => !seen.has(p));
    for (const p of frontier) seen.add(p);
  }
  return seen;
}

/**
 * Link (relation list 380, seed 001 §2.7): an existing entity chosen as a child of the list's
 * parent: not itself, not one already linked, not one of its parents (a cycle). The server
 * refuses the same (portal/re/re-write-hooks.ts); success says the seed's 'Created'.
 */
registerHelper('linkChildEntity', async (ctx) => {
  const parent = parentOf(ctx.fixed);
  if (parent === null) {
    await dialogs.alert('', 'Open the child entities of a parent entity to link one.', 'error');
    return;
  }
  try {
    const [linked, ancestors] = await Promise.all([rpc.select({ module: 'RE_RE', fields: ['link_id', 'link_fk_child'], where: [['link_fk_parent', '=', parent]], max: 1000 }), ancestorsOf(parent)]);
    const excluded = new Set<number>([...ancestors, ...linked.rows.map((r) => Number(r.link_fk_child))]);
    const where: [string, string, unknown][] = [['id', 'not in', [...excluded]]];
    // The entities that may be linked, searched by name 30 at a time (a regulator has thousands).
    const { total } = await rpc.select({ module: 'RE', fields: ['id'], where, max: 1 });
    if (!total) {
      await dialogs.alert('', 'No other entity can be linked to this parent.', 'info');
      return;
    }
    const answer = await choiceDialog({
      title: 'Link a child entity',
      choice: {
        label: 'Entity',
        placeholder: 'Type to search an entity',
        search: async (text, page) => {
          const q = choiceQuery({ module: 'RE', where }, text, page);
          const found = await rpc.select(q);
          return { items: found.rows.map((r) => ({ value: Number(r.id), label: String(r.name) })), total: found.total };
        },
        value: null,
      },
      check: (a) => (a.choice === null ? { problems: ['Please select an entity.'] } : null),
      ok: 'Link',
    });
    if (!answer) return;
    const done = dialogs.busy('Linking...');
    try {
      await rpc.create({ module: ctx.module ?? 'RE_RE', fields: ['link_fk_parent', 'link_fk_child'], values: [parent, answer.choice] });
    } finally {
      done();
    }
    await dialogs.alert('Created', 'Successfully create.', 'success');
    ctx.reload();
  } catch (e) {
    await presentError(e);
  }
});
