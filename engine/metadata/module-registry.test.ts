// Unit tests of module resolution on small in-memory definitions: lookups, variants, link
// modules and the definitions the registry refuses.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { BASE_ALIAS, CHILD_ALIAS, ModuleRegistry, ModuleRegistryError, SYSTEM_FIELD_NAMES } from './module-registry.js';
import type { ModuleDef } from './module-schema.js';

const sector: ModuleDef = { name: 'Sector', table: 'sector', fields: { name: { type: 'string', required: true }, label: { type: 'string' } } };
const entity: ModuleDef = {
  name: 'RE',
  table: 're',
  fields: {
    name: { type: 'string', required: true },
    sector: { type: 'integer', lookup: { module: 'Sector' } },
    category: { type: 'integer', lookup: { module: 'Sector', display: 'label' } },
  },
  entityScope: { column: 'id' },
};
const user: ModuleDef = {
  name: 'User',
  table: 'user',
  fields: { userid: { type: 'string' }, name: { type: 'string' }, password: { type: 'string', secret: true } },
};
const reUser: ModuleDef = {
  name: 'RE_User',
  kind: 'link',
  table: 're_user',
  link: { parent: 'RE', child: 'User' },
  fields: { isprimary: { type: 'boolean' } },
};

/** createby/updateby look up User, so every registry under test includes it. */
const registryOf = (...defs: ModuleDef[]) => new ModuleRegistry([user, ...defs]);

describe('ModuleRegistry', () => {
  it('adds the system columns to every ordinary module', () => {
    const m = registryOf(sector).get('Sector')!;
    for (const name of SYSTEM_FIELD_NAMES) expect(m.fields.get(name)?.system, name).toBe(true);
    expect(m.idField).toBe('id');
    expect(m.ctrField).toBe('updatectr');
  });

  it('gives each lookup a {field}_name_ind_field display column read through a join', () => {
    const m = registryOf(sector, entity).get('RE')!;
    const display = m.fields.get('sector_name_ind_field')!;
    expect(display).toMatchObject({ alias: 'lk_sector', column: 'name', lookupOf: 'sector', writable: false });
    expect(m.fields.get('category_name_ind_field')).toMatchObject({ alias: 'lk_category', column: 'label' });
    expect(m.lookups.find((l) => l.field === 'sector')).toMatchObject({ table: 'sector', fromAlias: BASE_ALIAS, fromColumn: 'sector' });
  });

  it('refuses a lookup to a module that does not exist', () => {
    expect(() => registryOf(entity)).toThrow(ModuleRegistryError);
    expect(() => registryOf(entity)).toThrow(/unknown module Sector/);
  });

  it('refuses a variant that has no entity scope', () => {
    const variant: ModuleDef = { name: 'RE-RE', table: 're', variantOf: 'RE', fields: {} };
    expect(() => registryOf(sector, { ...entity, entityScope: undefined }, variant)).toThrow(/variant needs entityScope/);
  });

  it('lets a variant read and write its base table, always limited to the current entity', () => {
    const variant: ModuleDef = { name: 'RE-RE', table: 're', variantOf: 'RE', fields: {}, entityScope: { column: 'id' } };
    const m = registryOf(sector, entity, variant).get('RE-RE')!;
    expect(m.table).toBe('re');
    expect(m.alwaysScoped).toBe(true);
    expect(m.fields.has('sector_name_ind_field')).toBe(true);
    expect(m.permissionName).toBe('RE-RE');
  });

  it('gives a link module its link columns, the child columns and the fk_{parent table} alias', () => {
    const m = registryOf(sector, entity, reUser).get('RE_User')!;
    expect(m.kind).toBe('link');
    expect(m.idField).toBe('link_id');
    expect(m.ctrField).toBe('link_updatectr');
    expect(m.link).toEqual({ parent: 'RE', child: 'User', parentColumn: 'link_fk_re', childColumn: 'link_fk_user' });
    for (const name of ['link_id', 'link_updatectr', 'link_fk_re', 'link_fk_user', 'isprimary']) expect(m.fields.get(name)?.alias, name).toBe(BASE_ALIAS);
    expect(m.fields.get('fk_re')).toMatchObject({ alias: BASE_ALIAS, column: 'link_fk_re', writable: false });
    expect(m.fields.get('userid')).toMatchObject({ alias: CHILD_ALIAS, column: 'userid', writable: false });
    expect(m.child).toEqual({ table: 'user', module: 'User', linkColumn: 'link_fk_user' });
    expect(m.fields.has('password')).toBe(false);
  });

  it('keeps secret fields out of the readable fields', () => {
    const m = registryOf().get('User')!;
    expect(m.fields.has('password')).toBe(false);
    expect(m.secretFields.get('password')?.column).toBe('password');
    expect(m.defaultFields).not.toContain('password');
  });

  it('refuses a module defined twice', () => {
    expect(() => registryOf(sector, sector)).toThrow(/defined twice/);
  });

  it('refuses a field that redefines a system column', () => {
    expect(() => registryOf({ ...sector, fields: { createon: { type: 'datetime' } } })).toThrow(/system field/);
  });

  it('refuses a default order on a field the module does not have', () => {
    expect(() => registryOf({ ...sector, defaultOrder: [['missing', 'asc']] })).toThrow(/missing is not a field/);
  });

  it('refuses a definition file that breaks the module schema, naming the file', () => {
    const dir = mkdtempSync(join(tmpdir(), 'modules-'));
    try {
      writeFileSync(join(dir, 'Bad.json'), JSON.stringify({ name: 'Bad', table: 'Bad Table', fields: {} }));
      expect(() => ModuleRegistry.fromDirectory(dir)).toThrow(/Bad\.json/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

describe('named filters in module metadata', () => {
  it('are refused at load when they name a field the module does not have', () => {
    expect(
      () =>
        new ModuleRegistry([
          { name: 'User', table: 'user', fields: { name: { type: 'string' } } },
          { name: 'Thing', table: 'thing', fields: { name: { type: 'string' } }, filters: { bad: { where: [['nope', '=', 1]] } } },
        ]),
    ).toThrow('Module Thing: filter bad names unknown field nope');
  });
});

describe('read-only fields of a variant', () => {
  const base: ModuleDef[] = [
    { name: 'User', table: 'user', fields: { name: { type: 'string' } } },
    { name: 'Thing', table: 'thing', fields: { name: { type: 'string' }, re: { type: 'integer' } } },
  ];

  it('stay readable but are not writable through the variant, while the base keeps writing them', () => {
    const registry = new ModuleRegistry([...base, { name: 'RE-Thing', table: 'thing', variantOf: 'Thing', fields: {}, readonlyFields: ['name'], entityScope: { column: 're' } }]);
    expect(registry.get('RE-Thing')!.fields.get('name')).toMatchObject({ writable: false });
    expect(registry.get('RE-Thing')!.defaultFields).toContain('name');
    expect(registry.get('Thing')!.fields.get('name')).toMatchObject({ writable: true });
  });

  it('are refused at load when they name a field the module does not have', () => {
    expect(() => new ModuleRegistry([...base, { name: 'RE-Thing', table: 'thing', variantOf: 'Thing', fields: {}, readonlyFields: ['nope'], entityScope: { column: 're' } }])).toThrow(
      'Module RE-Thing: readonlyFields names unknown field nope',
    );
  });
});

describe('writable fields of a variant', () => {
  const base: ModuleDef[] = [{ name: 'User', table: 'user', fields: { name: { type: 'string' }, email: { type: 'string' }, contactno: { type: 'string' } } }];

  it('are the only fields the variant writes; the rest, and any field added to the base later, stay read-only', () => {
    const registry = new ModuleRegistry([...base, { name: 'My-User', table: 'user', variantOf: 'User', fields: {}, writableFields: ['name', 'contactno'], entityScope: { self: 'id' } }]);
    const mine = registry.get('My-User')!;
    expect([...mine.fields.values()].filter((f) => f.writable).map((f) => f.name).sort()).toEqual(['contactno', 'name']);
    expect(mine.fields.get('email')).toMatchObject({ writable: false });
    expect(registry.get('User')!.fields.get('email')).toMatchObject({ writable: true });
  });

  it('are refused at load when they name a field the module does not have, as is a self scope on a missing column', () => {
    expect(() => new ModuleRegistry([...base, { name: 'My-User', table: 'user', variantOf: 'User', fields: {}, writableFields: ['nope'], entityScope: { self: 'id' } }])).toThrow(
      'Module My-User: writableFields names unknown field nope',
    );
    expect(() => new ModuleRegistry([...base, { name: 'My-User', table: 'user', variantOf: 'User', fields: {}, entityScope: { self: 'owner' } }])).toThrow(
      'Module My-User: entityScope column owner is not a field',
    );
  });
});

describe('counters of another module', () => {
  const defs: ModuleDef[] = [
    { name: 'Batch', table: 'batch', fields: { total: { type: 'integer' }, open: { type: 'integer' } }, counters: { of: 'Item', by: 'batch', columns: { total: null, open: [13] } } },
    { name: 'Item', table: 'item', fields: { batch: { type: 'integer' }, state: { type: 'integer' } } },
    { name: 'User', table: 'user', fields: { name: { type: 'string' } } },
  ];

  it('are found by the counted table, with the columns they keep', () => {
    expect(new ModuleRegistry(defs).countersOf('item')).toEqual([{ table: 'batch', by: 'batch', columns: { total: null, open: [13] } }]);
    expect(new ModuleRegistry(defs).countersOf('batch')).toEqual([]);
  });

  it('are refused at load when they count a missing field, keep a missing column, or count states of a module without them', () => {
    const [batch, item, user] = defs;
    expect(() => new ModuleRegistry([{ ...batch, counters: { of: 'Item', by: 'nope', columns: { total: null } } }, item, user])).toThrow('Module Batch: counters count Item.nope, which does not exist');
    expect(() => new ModuleRegistry([{ ...batch, counters: { of: 'Item', by: 'batch', columns: { nope: null } } }, item, user])).toThrow('Module Batch: counter nope is not a field');
    expect(() => new ModuleRegistry([batch, { ...item, fields: { batch: { type: 'integer' } } }, user])).toThrow('Module Batch: counter open counts states, but Item has no state');
  });
});

describe('ModuleRegistry with an app', () => {
  const loan: ModuleDef = { name: 'Loan', table: 'loan', fields: { item: { type: 'string' } } };
  const app = (defs: ModuleDef[], hooks: Record<string, object>) => new ModuleRegistry([user, ...defs], { name: 'lending', modulesDir: '', moduleHooks: hooks }, { checkNames: true });
  const stamp = { beforeWrite: async () => [] };

  it('gives a module and its variants the hooks the app registers under its name', () => {
    const registry = app([{ ...loan, behaviour: 'loans/loan-rules.ts', entityScope: { column: 'item' } }, { name: 'RE-Loan', table: 'loan', variantOf: 'Loan', fields: {} }], { Loan: stamp });
    expect(registry.get('Loan')!.hooks).toBe(stamp);
    expect(registry.get('RE-Loan')!.hooks).toBe(stamp);
  });

  it('refuses hooks for a module the app does not have', () => {
    expect(() => app([loan], { Lone: stamp })).toThrow('The app lending gives hooks to Lone, which is not a module');
  });

  it('refuses hooks whose module does not name its behaviour file, and a named file without hooks', () => {
    expect(() => app([loan], { Loan: stamp })).toThrow('Module Loan has hooks registered but its metadata does not name its behaviour file ("behaviour")');
    expect(() => app([{ ...loan, behaviour: 'loans/loan-rules.ts' }], {})).toThrow('Module Loan names its behaviour in loans/loan-rules.ts, but no hooks are registered for it');
  });
});
