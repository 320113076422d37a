// ListView.*: a user's own list views on top of an admin's (columns shown and their order,
// widths, sort, filters), stored on the server so they follow the user across browsers; reset
// returns to the admin's view. A user only ever reads and writes their own.
import { Type } from '@sinclair/typebox';
import { recordId } from '../../runtime/record-arg.js';
import { defineAction } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { AppError, errors } from '../../errors/catalogue.js';
import { bumpVersions } from '../../db/change-versions.js';
import { sqlDateTime } from '../../db/clock.js';
import { PersonalViewSettings } from '../../metadata/screen-schemas.js';
import type { ActionContext } from '../../runtime/context.js';

const View = recordId('WebListview', 'The list view');

/** The admin's view, which must exist; answers the names of its columns. */
async function adminViewColumns(ctx: ActionContext, view: number): Promise<Set<string>> {
  const row = await ctx.db('weblistview').where({ id: view }).first('properties');
  if (!row) throw errors.notFound(`List view ${view}`);
  const props = typeof row.properties === 'string' ? JSON.parse(row.properties) : row.properties;
  return new Set(((props?.fields ?? []) as { name: string }[]).map((f) => f.name));
}

export const personalView = defineAction({
  name: 'ListView.personal',
  summary: "The signed-in user's own settings for an admin's list view, or null when they use the admin's",
  args: [Type.Object({ view: View }, { additionalProperties: false })],
  access: 'session',
  permission: 'WebListview.select',
  writes: false,
  answer: 'value 0: text, JSON {settings, updatectr} or null',
  errors: ['E_NOTFOUND'],
  async handler([a], ctx) {
    await adminViewColumns(ctx, a.view);
    const row = await ctx.db('user_view').where({ user_id: ctx.caller!.userId, weblistview: a.view }).first('settings', 'updatectr');
    return [text(JSON.stringify(row ? { settings: JSON.parse(row.settings), updatectr: Number(row.updatectr) } : null))];
  },
});

export const savePersonalView = defineAction({
  name: 'ListView.savePersonal',
  summary: "Saves the signed-in user's own settings for an admin's list view (updatectr: the one last read; none for a first save)",
  args: [Type.Object({ view: View, settings: PersonalViewSettings, updatectr: Type.Optional(Type.Integer({ minimum: 1 })) }, { additionalProperties: false })],
  access: 'session',
  permission: 'WebListview.select',
  writes: true,
  answer: 'value 0: text, the new updatectr',
  errors: ['E_NOTFOUND', 'E_VALIDATION', 'E_CONCURRENT'],
  async handler([a], ctx) {
    const columns = await adminViewColumns(ctx, a.view);
    const unknown = (a.settings.columns ?? []).map((c) => c.name).filter((n) => !columns.has(n));
    if (unknown.length) throw errors.validation({ 'settings.columns': `${unknown.join(', ')} ${unknown.length === 1 ? 'is not a column' : 'are not columns'} of list view ${a.view}` });
    const userId = ctx.caller!.userId;
    const stored = await ctx.db('user_view').where({ user_id: userId, weblistview: a.view }).first('id', 'updatectr');
    const settings = JSON.stringify(a.settings);
    const now = sqlDateTime();
    let version = 1;
    if (!stored) {
      if (a.updatectr !== undefined) throw new AppError('E_CONCURRENT', 'Your saved view was reset meanwhile; load it again.');
      await ctx.db('user_view').insert({ user_id: userId, weblistview: a.view, settings, updatectr: 1, updateon: now });
    } else {
      if (a.updatectr !== undefined && a.updatectr !== Number(stored.updatectr)) throw new AppError('E_CONCURRENT', 'Your saved view was changed in another window; load it again.');
      version = Number(stored.updatectr) + 1;
      await ctx.db('user_view').where({ id: stored.id, updatectr: stored.updatectr }).update({ settings, updatectr: version, updateon: now });
    }
    await bumpVersions(ctx.db, ['user_view']);
    return [text(String(version))];
  },
});

export const resetPersonalView = defineAction({
  name: 'ListView.resetPersonal',
  summary: "Drops the signed-in user's own settings for a list view: the admin's view applies again",
  args: [Type.Object({ view: View }, { additionalProperties: false })],
  access: 'session',
  permission: 'WebListview.select',
  writes: true,
  answer: 'value 0: text OK',
  errors: [],
  async handler([a], ctx) {
    await ctx.db('user_view').where({ user_id: ctx.caller!.userId, weblistview: a.view }).delete();
    await bumpVersions(ctx.db, ['user_view']);
    return [text('OK')];
  },
});

export const personalViewActions = [personalView, savePersonalView, resetPersonalView];
