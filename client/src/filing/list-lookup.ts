// The values of the dropdown cells' list groups, read from the server a page at a time (30, seed
// 001 §7) instead of whole: a group may hold thousands of entries. What the grid has seen (the
// form's stored values, every page searched, each value looked up) is remembered per group, and
// the entry model parses a dropdown cell against that (`values`); a typed or pasted value not
// seen yet is looked up by value before it is parsed (`find`).
import { rpc } from '../rpc/rpc';
import { containsPattern } from '../form/choice-source';
import type { Page } from '../ui/paged-search';

export const LIST_PAGE_SIZE = 30;
const ACTIVE = 33;

const keyOf = (text: string) => text.trim().toLowerCase();

export class ListLookup {
  private readonly known = new Map<number, Map<string, string>>();

  /** The values of `group` seen so far (the entry model's ListValues). */
  values = (group: number): readonly string[] => [...(this.known.get(group)?.values() ?? [])];

  remember(group: number, names: Iterable<string>): void {
    let seen = this.known.get(group);
    if (!seen) this.known.set(group, (seen = new Map()));
    for (const n of names) seen.set(keyOf(n), n);
  }

  has(group: number, text: string): boolean {
    return this.known.get(group)?.has(keyOf(text)) ?? false;
  }

  /** Page `page` (from 1) of the group's active entries whose name contains `text`, in the list's order. */
  async page(group: number, text: string, page: number): Promise<Page<string>> {
    const where: unknown[] = [['listgroup', '=', group], ['state', '=', ACTIVE]];
    if (text.trim()) where.push(['name', 'like', containsPattern(text.trim())]);
    const { rows, total } = await rpc.select({ module: 'List', fields: ['id', 'name'], where, order: 'displayorder asc, id asc', max: LIST_PAGE_SIZE, ...(page > 1 ? { pageIndex: page } : {}) });
    const items = rows.map((r) => String(r.name));
    this.remember(group, items);
    return { items, total };
  }

  /** Looks `text` up among the group's entries by value (any case); remembers and answers the entry as spelled, or null. */
  async find(group: number, text: string): Promise<string | null> {
    if (this.has(group, text)) return this.known.get(group)!.get(keyOf(text))!;
    const { rows } = await rpc.select({ module: 'List', fields: ['id', 'name'], where: [['listgroup', '=', group], ['state', '=', ACTIVE], ['name', 'like', containsPattern(text.trim()).slice(1, -1)]], max: 5 });
    const found = rows.map((r) => String(r.name)).find((n) => keyOf(n) === keyOf(text));
    if (found === undefined) return null;
    this.remember(group, [found]);
    return found;
  }
}
