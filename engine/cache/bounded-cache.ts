// A small in-memory map with a size bound. Entries are only ever used together with a version
// key read from the database, so a stale entry is a miss, never a wrong answer.
//
// Eviction is least-recently-used by second chance (CLOCK): a hit only marks its entry, so the
// hot path is one Map lookup with no reordering; when the map is over its bound, entries are
// taken oldest first (before a new one is stored), a marked one moved to the back unmarked, the first unmarked one dropped.
interface Entry<V> {
  value: V;
  used: boolean;
}

export class BoundedCache<V> {
  private readonly map = new Map<string, Entry<V>>();

  constructor(private readonly max: number) {}

  get(key: string): V | undefined {
    const e = this.map.get(key);
    if (e === undefined) return undefined;
    e.used = true;
    return e.value;
  }

  set(key: string, value: V): void {
    const e = this.map.get(key);
    if (e !== undefined) {
      e.value = value;
      e.used = true;
      return;
    }
    // Room first, so that the new entry is never the one taken.
    if (this.map.size >= this.max) this.evictOne();
    this.map.set(key, { value, used: false });
  }

  get size(): number {
    return this.map.size;
  }

  clear(): void {
    this.map.clear();
  }

  private evictOne(): void {
    for (const [key, e] of this.map) {
      this.map.delete(key);
      if (!e.used) return;
      e.used = false;
      this.map.set(key, e);
    }
  }
}
