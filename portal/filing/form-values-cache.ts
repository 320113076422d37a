// The cells Form.getData answers for a form as of one revision: every cell write goes through
// Form.saveData and every state move through the record engine, and both raise the form's
// update counter, so (form, counter) names one set of values for good. Reading a large form
// costs a workbook build (a few hundred ms); several people opening the same form, or one
// reopening it, then cost a look-up. Kept per database (one process may serve several, as the
// tests do) and bounded.
import type { Knex } from 'knex';
import { BoundedCache } from '../../engine/cache/bounded-cache.js';
import type { CellValueRow } from './form-values.js';

export interface FormValuesSnapshot {
  cells: CellValueRow[];
  rows: Record<string, number>;
  /** The extform()/prev() values the cells were computed with (Form.getData's stamp of them). */
  externals?: string;
}

const byDatabase = new WeakMap<Knex, BoundedCache<FormValuesSnapshot>>();

function cacheOf(db: Knex): BoundedCache<FormValuesSnapshot> {
  let cache = byDatabase.get(db);
  if (!cache) byDatabase.set(db, (cache = new BoundedCache<FormValuesSnapshot>(20)));
  return cache;
}

const key = (form: number, updatectr: number, template: number, version: number) => `${form}:${updatectr}:${template}:${version}`;

export function cachedFormValues(db: Knex, form: number, updatectr: number, template: number, version: number): FormValuesSnapshot | undefined {
  return cacheOf(db).get(key(form, updatectr, template, version));
}

export function keepFormValues(db: Knex, form: number, updatectr: number, template: number, version: number, snapshot: FormValuesSnapshot): void {
  cacheOf(db).set(key(form, updatectr, template, version), snapshot);
}
