// The action registry: every action is declared once (name, positional argument schemas,
// access, permission, whether it writes, handler). It is also the machine-readable catalogue
// that integrators and the docs are generated from.
import type { Static, TSchema } from '@sinclair/typebox';
import type { ErrorCode } from '../errors/catalogue.js';
import type { EnvelopeValue } from '../protocol/envelope.js';
import type { ActionContext } from './context.js';

type StaticArgs<A extends readonly TSchema[]> = { [K in keyof A]: A[K] extends TSchema ? Static<A[K]> : never };

export interface ActionDef<A extends readonly TSchema[] = readonly TSchema[]> {
  /** `Namespace.name` or `Namespace.Sub.name`. */
  name: string;
  summary: string;
  /** Schemas of a0, a1, …; trailing arguments beyond `minArgs` may be omitted. */
  args: A;
  minArgs?: number;
  /** `public` actions run without a session; `session` needs a signed-in caller. */
  access: 'public' | 'session';
  /**
   * A fixed permission string checked before the handler, or `module` when the permission is
   * `{module}.{verb}` and is checked by the record engine once it knows the module.
   */
  permission?: string | { module: 'select' | 'create' | 'update' | 'delete' };
  /** Writing actions run in one transaction: all or nothing. */
  writes: boolean;
  /** What the answer holds, for the catalogue. */
  answer: string;
  errors?: ErrorCode[];
  /** Test-only actions are registered only when the engine is built for tests. */
  testOnly?: boolean;
  handler: (args: StaticArgs<A>, ctx: ActionContext) => Promise<EnvelopeValue[]>;
}

// eslint-disable-next-line @typescript-eslint/no-explicit-any -- handlers are typed at definition; the registry stores them erased
export type AnyAction = Omit<ActionDef<any>, 'handler'> & { handler: (args: any, ctx: ActionContext) => Promise<EnvelopeValue[]> };

export function defineAction<const A extends readonly TSchema[]>(def: ActionDef<A>): ActionDef<A> {
  return def;
}

const NAME = /^[A-Za-z][A-Za-z0-9_-]*(\.[A-Za-z][A-Za-z0-9_-]*){1,3}$/;

export class ActionRegistry {
  private readonly actions = new Map<string, ActionDef>();

  register(...defs: AnyAction[]): this {
    for (const def of defs) {
      if (!NAME.test(def.name)) throw new Error(`Action name ${def.name} is not Namespace.name`);
      if (this.actions.has(def.name)) throw new Error(`Action ${def.name} is registered twice`);
      this.actions.set(def.name, def as ActionDef);
    }
    return this;
  }

  /** Registers `alias` as the same action under another name (Record2.* = Record.*). */
  alias(alias: string, target: string): this {
    const def = this.actions.get(target);
    if (!def) throw new Error(`Cannot alias unknown action ${target}`);
    return this.register({ ...def, name: alias, summary: `${def.summary} (same as ${target})` });
  }

  get(name: string): ActionDef | undefined {
    return this.actions.get(name);
  }

  list(): ActionDef[] {
    // Code-unit order, not localeCompare: the generated contract files must not depend on the locale.
    return [...this.actions.values()].sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  }
}
