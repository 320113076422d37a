import { Type } from '@sinclair/typebox';
import { pino } from 'pino';
import { describe, expect, it } from 'vitest';
import { ActionRegistry, defineAction } from './registry.js';
import { Dispatcher } from '../actions/dispatch.js';
import { buildRegistry } from '../actions/index.js';
import { text } from '../protocol/envelope.js';
import type { Caller, EngineServices } from './context.js';
import { loadConfig } from '../../fastify.config.js';
import { ModuleRegistry } from '../metadata/module-registry.js';
import { portal } from '../../portal/app.js';
import { appModules } from '../app/app-modules.js';

const echo = defineAction({
  name: 'Test.echo',
  summary: 'echo',
  args: [Type.Object({ word: Type.String({ maxLength: 5 }) }, { additionalProperties: false })],
  access: 'public',
  writes: false,
  answer: 'the word',
  handler: async ([a]) => [text(a.word)],
});

function dispatcherWith(...extra: Parameters<ActionRegistry['register']>) {
  const logged: unknown[] = [];
  const log = pino({ level: 'error' }, { write: (line: string) => void logged.push(JSON.parse(line)) });
  const services = { config: loadConfig({}), db: undefined, dialect: 'sqlite', modules: new ModuleRegistry([]), log } as unknown as EngineServices;
  return { dispatcher: new Dispatcher(services, new ActionRegistry().register(echo, ...extra)), logged };
}

const someone: Caller = { sessionId: 's', userId: 1, userid: 'u', name: 'U', loginType: 1, currentRe: 5, entities: [5], roles: new Set(), permissions: new Set() };

describe('the action registry', () => {
  it('refuses a name registered twice at start-up', () => {
    expect(() => new ActionRegistry().register(echo, echo)).toThrow('Action Test.echo is registered twice');
  });

  it('refuses a name that is not Namespace.name', () => {
    expect(() => new ActionRegistry().register({ ...echo, name: 'echo' })).toThrow(/Namespace\.name/);
  });

  it('registers every Record action also as Record2', () => {
    const names = buildRegistry(appModules(portal)).list().map((a) => a.name);
    for (const verb of ['select', 'create', 'update', 'delete']) {
      expect(names).toContain(`Record.${verb}`);
      expect(names).toContain(`Record2.${verb}`);
    }
  });
});

describe('the dispatcher', () => {
  it('answers E_UNKNOWNACTION for an action nobody registered', async () => {
    const { dispatcher } = dispatcherWith();
    expect(await dispatcher.run({ action: 'Nope.nothing', args: [] }, null, 'r1')).toEqual([{ type: 'exception', code: 'E_UNKNOWNACTION', message: 'Unknown action: Nope.nothing' }]);
  });

  it('answers E_BADREQUEST naming the bad path of an argument', async () => {
    const { dispatcher } = dispatcherWith();
    expect(await dispatcher.run({ action: 'Test.echo', args: [{ word: 'far too long' }] }, null, 'r1')).toEqual([
      { type: 'exception', code: 'E_BADREQUEST', message: 'a0/word must NOT have more than 5 characters' },
    ]);
    expect(await dispatcher.run({ action: 'Test.echo', args: [{ word: 'hi', extra: 1 }] }, null, 'r1')).toEqual([
      { type: 'exception', code: 'E_BADREQUEST', message: 'a0 must NOT have additional properties "extra"' },
    ]);
    expect(await dispatcher.run({ action: 'Test.echo', args: [] }, null, 'r1')).toMatchObject([{ code: 'E_BADREQUEST', message: 'Test.echo needs 1 argument (a0); got 0' }]);
  });

  it('answers E_ILLEGALACCESS to a session action called without a session', async () => {
    const { dispatcher } = dispatcherWith({ ...echo, name: 'Test.private', access: 'session' });
    expect(await dispatcher.run({ action: 'Test.private', args: [{ word: 'x' }] }, null, 'r1')).toMatchObject([{ code: 'E_ILLEGALACCESS' }]);
    expect(await dispatcher.run({ action: 'Test.private', args: [{ word: 'x' }] }, someone, 'r1')).toEqual([{ type: 'text', text: 'x' }]);
  });

  it('answers E_NOPERMISSION when the caller lacks the action permission', async () => {
    const { dispatcher } = dispatcherWith({ ...echo, name: 'Test.guarded', access: 'session', permission: 'Test.guarded' });
    expect(await dispatcher.run({ action: 'Test.guarded', args: [{ word: 'x' }] }, someone, 'r1')).toMatchObject([{ code: 'E_NOPERMISSION' }]);
    const allowed = { ...someone, permissions: new Set(['Test.guarded']) };
    expect(await dispatcher.run({ action: 'Test.guarded', args: [{ word: 'x' }] }, allowed, 'r1')).toEqual([{ type: 'text', text: 'x' }]);
  });

  it('answers E_RECHANGED when the call names another entity than the session', async () => {
    const { dispatcher } = dispatcherWith();
    expect(await dispatcher.run({ action: 'Test.echo', args: [{ word: 'x' }], re: 6 }, someone, 'r1')).toMatchObject([{ code: 'E_RECHANGED' }]);
    expect(await dispatcher.run({ action: 'Test.echo', args: [{ word: 'x' }], re: 5 }, someone, 'r1')).toEqual([{ type: 'text', text: 'x' }]);
  });

  it('turns an unexpected failure into E_FAIL with the request id, logging the cause but never sending it', async () => {
    const boom = defineAction({ ...echo, name: 'Test.boom', handler: async () => Promise.reject(new Error('secret SQL: select * from user at /srv/app.ts:12')) });
    const { dispatcher, logged } = dispatcherWith(boom);
    const values = await dispatcher.run({ action: 'Test.boom', args: [{ word: 'x' }] }, null, 'req42');
    expect(values).toEqual([{ type: 'exception', code: 'E_FAIL', message: 'Unknown error (request req42)' }]);
    expect(JSON.stringify(logged)).toContain('secret SQL');
    expect(logged[0]).toMatchObject({ reqId: 'req42', action: 'Test.boom' });
  });

  it('lists every action with its argument schemas in System.catalogue', async () => {
    const registry = buildRegistry(appModules(portal));
    const services = { config: loadConfig({}), log: pino({ level: 'silent' }) } as unknown as EngineServices;
    const [v] = await new Dispatcher(services, registry).run({ action: 'System.catalogue', args: [] }, null, 'r');
    const catalogue = JSON.parse((v as { text: string }).text);
    expect(catalogue.protocolVersion).toBe('1.1.0');
    const select = catalogue.actions.find((a: { name: string }) => a.name === 'Record.select');
    expect(select).toMatchObject({ access: 'session', permission: '{module}.select', writes: false });
    expect(select.args[0].properties.module.type).toBe('string');
    expect(catalogue.actions.map((a: { name: string }) => a.name)).toEqual(registry.list().map((a) => a.name));
  });
});
