// A small in-memory map with a size bound, in entries and optionally in weight (bytes). Entries
// are only ever used together with a version key read from the database, so a stale entry is a
// miss, never a wrong answer.
//
// Eviction is least-recently-used by second chance (CLOCK): a hit only marks its entry, so the
// hot path is one Map lookup with no reordering; when the map is over its bound, entries are
// taken oldest first (before a new one is stored), a marked one moved to the back unmarked, the first unmarked one dropped.
interface Entry<V> {
  value: V;
  used: boolean;
  weight: number;
}

/** A bound on the entries' summed weight (e.g. their size in bytes), beside the bound on their number. */
export interface WeightBound<V> {
  weigh: (value: V) => number;
  max: number;
}

export class BoundedCache<V> {
  private readonly map = new Map<string, Entry<V>>();
  private weighed = 0;

  constructor(
    private readonly max: number,
    private readonly bound?: WeightBound<V>,
  ) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (e === undefined) return undefined;
    e.used = true;
    return e.value;
  }

  set(key: string, value: V): void {
    const weight = this.bound ? this.bound.weigh(value) : 0;
    const e = this.map.get(key);
    if (e !== undefined) {
      this.weighed += weight - e.weight;
      e.value = value;
      e.used = true;
      e.weight = weight;
      return;
    }
    // Room first, so that the new entry is never the one taken.
    if (this.map.size >= this.max) this.evictOne();
    while (this.bound && this.map.size > 0 && this.weighed + weight > this.bound.max) this.evictOne();
    this.map.set(key, { value, used: false, weight });
    this.weighed += weight;
  }

  get size(): number {
    return this.map.size;
  }

  /** The entries' summed weight (0 without a weight bound). */
  get weight(): number {
    return this.weighed;
  }

  clear(): void {
    this.map.clear();
    this.weighed = 0;
  }

  private evictOne(): void {
    for (const [key, e] of this.map) {
      this.map.delete(key);
      if (!e.used) {
        this.weighed -= e.weight;
        return;
      }
      e.used = false;
      this.map.set(key, e);
    }
  }
}
