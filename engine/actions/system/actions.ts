// System.*: the action catalogue for integrators, and System.execute (an action by name).
import { Type } from '@sinclair/typebox';
import { defineAction, type ActionRegistry } from '../registry.js';
import { text } from '../../protocol/envelope.js';
import { errors } from '../../errors/catalogue.js';

export const PROTOCOL_VERSION = '1.0.0';

export function systemActions(registry: ActionRegistry) {
  const catalogue = defineAction({
    name: 'System.catalogue',
    summary: 'Every action of this deployment with its access, permission, argument schemas, answer and error codes',
    args: [],
    access: 'public',
    writes: false,
    answer: 'value 0: text, JSON {protocolVersion, actions: [{name, summary, access, permission, writes, args, minArgs, answer, errors}]}',
    async handler() {
      const actions = registry.list().map((d) => ({
        name: d.name,
        summary: d.summary,
        access: d.access,
        permission: typeof d.permission === 'object' ? `{module}.${d.permission.module}` : (d.permission ?? null),
        writes: d.writes,
        args: d.args,
        minArgs: d.minArgs ?? d.args.length,
        answer: d.answer,
        errors: d.errors ?? [],
      }));
      return [text(JSON.stringify({ protocolVersion: PROTOCOL_VERSION, actions }))];
    },
  });

  const execute = defineAction({
    name: 'System.execute',
    summary: 'Runs the action named in a0 with the JSON argument a1, as the same caller (used through /process/string)',
    args: [Type.String({ minLength: 1, maxLength: 120 }), Type.Any()],
    minArgs: 1,
    access: 'public',
    writes: false,
    answer: "the inner action's answer",
    errors: ['E_UNKNOWNACTION', 'E_BADREQUEST'],
    async handler([name, arg], ctx) {
      if (name.startsWith('System.')) throw errors.badRequest('System.execute cannot run System actions');
      return ctx.call(name, arg === undefined ? [] : [arg]);
    },
  });
  return [catalogue, execute];
}
