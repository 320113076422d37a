// A page-lifetime cache of loads by key: callers share one promise; a failed load is tried again
// on the next call, not remembered.
export interface OnceCache {
  once<T>(key: string, load: () => Promise<T>): Promise<T>;
  forget(key: string): void;
}

export function onceCache(): OnceCache {
  const cache = new Map<string, Promise<unknown>>();
  return {
    once<T>(key: string, load: () => Promise<T>): Promise<T> {
      let p = cache.get(key) as Promise<T> | undefined;
      if (!p) {
        p = load();
        p.catch(() => cache.delete(key));
        cache.set(key, p);
      }
      return p;
    },
    forget(key: string): void {
      cache.delete(key);
    },
  };
}
