// The declarative pieces bulletins added to the record engine, on their SQL and their start-up
// checks: a named filter's `linked` EXISTS, a `via` scope through a column of the current entity,
// a `parent` scope, a variant's `scopeWhere` (with "now"), and `dateRules` / `dayBound`.
import { describe, expect, it } from 'vitest';
import knexFactory from 'knex';
import { ModuleRegistry, ModuleRegistryError } from '../metadata/module-registry.js';
import { MODULES_DIR } from '../../portal/paths.js';
import type { ModuleDef } from '../metadata/module-schema.js';
import { applyWhere, normaliseWhere } from './where-compiler.js';
import { applyScope, scopeKey } from './module-access.js';
import { checkDateRules, checkValues } from './write-values.js';
import { sqlDate } from '../db/clock.js';

const db = knexFactory({ client: 'better-sqlite3', useNullAsDefault: true });
const modules = ModuleRegistry.fromDirectory(MODULES_DIR);
const bulletin = modules.get('Bulletin')!;
const variant = modules.get('RE-Bulletin')!;
const reference = modules.get('Bulletin_Reference')!;
const day = (offset: number) => sqlDate(new Date(Date.now() + offset * 86_400_000));

describe('bulletin scope and filters', () => {
  it('compiles the bySector filter to an EXISTS over the link rows with the sector bound', () => {
    const qb = db({ t: 'bulletin' }).select('t.id');
    applyWhere(qb, normaliseWhere([['$filter', 'bySector', [3]]], bulletin), bulletin);
    const { sql, bindings } = qb.toSQL();
    expect(sql).toBe('select `t`.`id` from `bulletin` as `t` where exists (select 1 from `bulletin_sector` where `bulletin_sector`.`link_fk_bulletin` = `t`.`id` and `bulletin_sector`.`link_fk_sector` = ?)');
    expect(bindings).toEqual([3]);
    expect(() => normaliseWhere([['$filter', 'bySector', ['x']]], bulletin)).toThrow(/not an integer/);
  });

  it("limits RE-Bulletin to Active rows within their dates, linked to the current entity's sector", () => {
    const qb = db({ t: 'bulletin' }).select('t.id');
    applyScope(db, qb, variant, 7);
    const { sql, bindings } = qb.toSQL();
    expect(sql).toContain('`t`.`state` = ? and `t`.`startdate` <= ? and `t`.`enddate` >= ?');
    expect(sql).toContain('exists (select 1 from `bulletin_sector` where `bulletin_sector`.`link_fk_bulletin` = `t`.`id` and `bulletin_sector`.`link_fk_sector` in (select `e`.`sector` from `re` as `e` where `e`.`id` = ?))');
    expect(bindings[0]).toBe(33);
    expect(String(bindings[1])).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    expect(bindings[3]).toBe(7);
    // The time is part of the cache keys, so a bulletin that starts or ends is seen at once.
    expect(scopeKey(variant)).toContain('startdate');
    expect(scopeKey(bulletin)).toBe('');
  });

  it("limits attachments to those whose bulletin the caller may read through RE-Bulletin, under the parent's own alias", () => {
    const qb = db({ t: 'bulletin_reference' }).select('t.id');
    applyScope(db, qb, reference, 7);
    const { sql } = qb.toSQL();
    expect(sql).toContain('exists (select 1 from `bulletin` as `t_p` where `t_p`.`id` = `t`.`fk_bulletin` and `t_p`.`state` = ?');
    expect(sql).toContain('`bulletin_sector`.`link_fk_bulletin` = `t_p`.`id`');
    expect(reference.scopeParent?.module.name).toBe('RE-Bulletin');
    const none = db({ t: 'bulletin_reference' }).select('t.id');
    applyScope(db, none, reference, null);
    expect(none.toSQL().sql).toContain('1 = 0');
  });
});

describe('bulletin date rules', () => {
  const values = (v: Record<string, unknown>) => checkValues(bulletin, new Map(Object.entries(v)), false);

  it('stores the start at the beginning of its day and the end at its end', () => {
    expect(values({ startdate: `${day(1)} 13:14:15`, enddate: day(4) })).toEqual({ startdate: `${day(1)} 00:00:00`, enddate: `${day(4)} 23:59:59` });
  });

  it('refuses a start before today unless unchanged, and an end less than a day after the start', () => {
    const err = (f: () => void) => {
      try {
        f();
      } catch (e) {
        return (e as { details?: unknown }).details;
      }
      return null;
    };
    expect(err(() => checkDateRules(bulletin, values({ startdate: day(-1), enddate: day(3) }), null))).toEqual({ startdate: 'cannot be before today' });
    expect(err(() => checkDateRules(bulletin, values({ startdate: day(0), enddate: day(0) }), null))).toEqual({ enddate: 'must be at least 1 day after startdate' });
    expect(err(() => checkDateRules(bulletin, values({ startdate: day(0), enddate: day(1) }), null))).toBeNull();
    const stored = { startdate: `${day(-5)} 00:00:00`, enddate: `${day(5)} 23:59:59` };
    expect(err(() => checkDateRules(bulletin, values({ enddate: day(9) }), stored))).toBeNull();
    expect(err(() => checkDateRules(bulletin, values({ startdate: day(-5) }), stored))).toBeNull();
    expect(err(() => checkDateRules(bulletin, values({ startdate: day(-4) }), stored))).toEqual({ startdate: 'cannot be before today' });
    expect(err(() => checkDateRules(bulletin, values({ enddate: day(-5) }), stored))).toEqual({ enddate: 'must be at least 1 day after startdate' });
  });

  it('stops start-up on rules that name what the module does not have', () => {
    const base = bulletin.def;
    const bad = (patch: Partial<ModuleDef>) => () => new ModuleRegistry([...modules.all().map((m) => m.def).filter((d) => d.name !== 'Bulletin'), { ...base, ...patch }]);
    expect(bad({ dateRules: [{ field: 'name', notBefore: 'today' }] })).toThrow(ModuleRegistryError);
    expect(bad({ filters: { x: { params: [], linked: { table: 'bulletin_sector', match: 'link_fk_bulletin', column: 'link_fk_sector', param: 0 } } } })).toThrow(/does not declare/);
    expect(bad({ scopeWhere: [['createby_name_ind_field', '=', 'x']] })).toThrow(/not a field of its own table/);
  });
});
