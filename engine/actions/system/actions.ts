// System.*: the action catalogue for integrators, System.execute (an action by name) and
// System.monitor (the home page's figures, monitor.ts).
import { Type } from '@sinclair/typebox';
import { defineAction, type ActionRegistry } from '../../runtime/registry.js';
import { text } from '../../protocol/envelope.js';
import { errors } from '../../errors/catalogue.js';
import { buildCatalogue } from '../../contract/catalogue.js';
import { monitor } from './monitor.js';

// The version lives with the contract; re-exported here for callers that imported it from here.
export { PROTOCOL_VERSION } from '../../contract/contract-version.js';

export function systemActions(registry: ActionRegistry) {
  const catalogue = defineAction({
    name: 'System.catalogue',
    summary: 'Every action of this deployment with its access, permission, argument schemas, answer and error codes',
    args: [],
    access: 'public',
    writes: false,
    answer: 'value 0: text, JSON {protocolVersion, actions: [{name, summary, access, permission, writes, args, minArgs, answer, errors}]}',
    async handler() {
      return [text(JSON.stringify(buildCatalogue(registry)))];
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
  return [catalogue, execute, monitor];
}
