// Generated rows for any table module, so a test can give a table a production-like size and the
// planners statistics to match (list-plans.test.ts). Values derive from the row's position and
// the field's metadata: lookups point at existing rows of their module (foreign keys hold),
// options cycle, dates spread over three years, strings repeat in groups, unique ones stay unique.
import type { Knex } from 'knex';
import { sqlDate, sqlDateTime } from '../db/clock.js';
import { dialectOf } from '../db/connect.js';
import { BASE_ALIAS, type ModuleRegistry, type ResolvedField, type ResolvedModule } from '../metadata/module-registry.js';

const CHUNK = 200;
const DAY = 86_400_000;
const EPOCH = Date.UTC(2023, 0, 1);

function mix(i: number): number {
  let h = Math.imul(i ^ 0x9e3779b9, 0x85ebca6b);
  h = Math.imul(h ^ (h >>> 13), 0xc2b2ae35);
  return (h ^ (h >>> 16)) >>> 0;
}

function valueOf(f: ResolvedField, i: number, ids: Map<string, number[]>): unknown {
  const h = mix(i + f.name.length * 7919);
  const lookup = ids.get(f.name);
  if (lookup) return lookup[h % lookup.length];
  const options = f.def.options;
  if (options?.length) return options[h % options.length];
  switch (f.type) {
    case 'integer':
      return h % 100;
    case 'decimal':
      return (h % 100_000) / 100;
    case 'boolean':
      return h % 2;
    case 'date':
      // Month ends, as periods are: 36 of them.
      return sqlDate(new Date(Date.UTC(2023, (h % 36) + 1, 0)));
    case 'datetime':
      return sqlDateTime(new Date(EPOCH + (h % (3 * 365)) * DAY + (h % 86_400) * 1000));
    case 'json':
      return '{}';
    case 'text':
      return `Generated ${i}`;
    default: {
      const text = f.def.unique ? `G${i}-${h % 1000}` : `G${h % 50}`;
      return f.def.length ? text.slice(0, f.def.length) : text;
    }
  }
}

/** Inserts `count` rows into a table module's table; answers false (inserting nothing) when a required lookup has no rows to point at. */
export async function generateModuleRows(db: Knex, modules: ModuleRegistry, module: ResolvedModule, count: number): Promise<boolean> {
  const fields = [...module.fields.values()].filter((f) => f.alias === BASE_ALIAS && !['id', 'updatectr', 'createon', 'createby', 'updateon', 'updateby'].includes(f.name) && !f.def.secret);
  const ids = new Map<string, number[]>();
  for (const f of [...fields, module.fields.get('createby')!]) {
    const target = f.def.lookup && modules.get(f.def.lookup.module);
    if (!target || f.def.options?.length) continue;
    const found = (await db(target.table).orderBy('id').limit(200).pluck('id')).map(Number);
    if (!found.length) {
      if (f.def.required) return false;
      continue;
    }
    ids.set(f.name, found);
  }
  const creators = ids.get('createby') ?? [1];
  await db.transaction(async (trx) => {
    for (let start = 0; start < count; start += CHUNK) {
      const chunk = [];
      for (let i = start; i < Math.min(count, start + CHUNK); i++) {
        const row: Record<string, unknown> = { updatectr: 1, createon: sqlDateTime(new Date(EPOCH + i * 60_000)), createby: creators[i % creators.length] };
        for (const f of fields) row[f.column] = valueOf(f, i, ids);
        chunk.push(row);
      }
      await trx(module.table).insert(chunk);
    }
  });
  await db.raw(dialectOf(db) === 'mysql' ? 'ANALYZE TABLE ??' : 'ANALYZE ??', [module.table]);
  return true;
}
