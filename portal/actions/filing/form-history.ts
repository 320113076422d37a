// Form.history and Form.diff (PROTOCOL.md §7, docs/filing.md "History"): every saved revision of
// a form (who, when, in which state, which cells it changed) and the cells that differ between
// any two revisions, replayed from table formrevision.
import { Type } from '@sinclair/typebox';
import { defineAction } from '../../../engine/runtime/registry.js';
import { recordset } from '../../../engine/protocol/envelope.js';
import { AppError } from '../../../engine/errors/catalogue.js';
import { filedTemplate, reachForm } from '../../filing/form-data.js';
import { formRevisions, valuesAt } from '../../filing/form-revisions.js';
import { FormId } from './form-data.js';

const Version = Type.Integer({ minimum: 0, maximum: 999_999_999, description: 'A revision of the form (its update counter after the write); 0 is the empty form' });

export const formHistory = defineAction({
  name: 'Form.history',
  summary: 'Every saved revision of a form, oldest first: its number, the state it left the form in, who, when and the cells it changed',
  args: [Type.Object({ form: FormId }, { additionalProperties: false })],
  access: 'session',
  writes: false,
  answer: 'value 0: recordset (version, state, who, when, cells); cells is a JSON array of the cells changed (`01!C7`)',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const form = await reachForm(ctx, a.form, 'select');
    const revisions = await formRevisions(ctx.db, form.id);
    return [
      recordset(
        [
          { name: 'version', type: 'integer' },
          { name: 'state', type: 'integer' },
          { name: 'who', type: 'string' },
          { name: 'when', type: 'datetime' },
          { name: 'cells', type: 'json' },
        ],
        revisions.map((r) => [String(r.revision), String(r.state), r.createby_name, r.createon, JSON.stringify(Object.keys(r.changes))]),
      ),
    ];
  },
});

export const formDiff = defineAction({
  name: 'Form.diff',
  summary: 'The cells whose values differ between two revisions of a form (0: the empty form)',
  args: [Type.Object({ form: FormId, from: Version, to: Version }, { additionalProperties: false })],
  access: 'session',
  writes: false,
  answer: 'value 0: recordset (tab, address, code, before, after), in tab and address order',
  errors: ['E_NOPERMISSION', 'E_NOTFOUND'],
  async handler([a], ctx) {
    const form = await reachForm(ctx, a.form, 'select');
    const revisions = await formRevisions(ctx.db, form.id);
    for (const v of [a.from, a.to]) {
      if (v !== 0 && !revisions.some((r) => r.revision === v)) throw new AppError('E_NOTFOUND', `Form ${form.id} has no version ${v}.`);
    }
    const before = valuesAt(revisions, a.from);
    const after = valuesAt(revisions, a.to);
    const filed = form.formtemplate === null ? null : await filedTemplate(ctx.db, form);
    const keys = [...new Set([...before.keys(), ...after.keys()])].filter((k) => (before.get(k) ?? null) !== (after.get(k) ?? null));
    const rows = keys.map((k) => {
      const [tab, address] = k.split('!');
      const code = filed?.layout.locate(tab, address, {})?.cell.code ?? null;
      return { tab, address, code, before: before.get(k) ?? null, after: after.get(k) ?? null };
    });
    rows.sort((x, y) => (x.tab === y.tab ? compareAddress(x.address, y.address) : x.tab < y.tab ? -1 : 1));
    return [
      recordset(
        ['tab', 'address', 'code', 'before', 'after'].map((name) => ({ name, type: 'string' as const })),
        rows.map((r) => [r.tab, r.address, r.code, r.before, r.after]),
      ),
    ];
  },
});

/** Row, then column: the order a reader scans a sheet. */
function compareAddress(x: string, y: string): number {
  const split = (s: string) => {
    const m = /^([A-Z]+)(\d+)$/.exec(s)!;
    return [Number(m[2]), m[1].length, m[1]] as const;
  };
  const [xr, xl, xc] = split(x);
  const [yr, yl, yc] = split(y);
  return xr - yr || xl - yl || (xc < yc ? -1 : xc > yc ? 1 : 0);
}
