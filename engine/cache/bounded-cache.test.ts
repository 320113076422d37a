import { describe, expect, it } from 'vitest';
import { BoundedCache } from './bounded-cache.js';

describe('BoundedCache', () => {
  it('keeps at most its bound, dropping the oldest entry not used since it was stored', () => {
    const c = new BoundedCache<number>(3);
    c.set('a', 1);
    c.set('b', 2);
    c.set('c', 3);
    expect(c.get('a')).toBe(1);
    c.set('d', 4);
    expect(c.size).toBe(3);
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c'), c.get('d')]).toEqual([1, 3, 4]);
  });

  it('drops the least recently used when every entry was used (each gets one second chance)', () => {
    const c = new BoundedCache<string>(2);
    c.set('a', 'A');
    c.set('b', 'B');
    c.get('a');
    c.get('b');
    c.set('c', 'C');
    expect(c.size).toBe(2);
    expect(c.get('a')).toBeUndefined();
    expect(c.get('b')).toBe('B');
    expect(c.get('c')).toBe('C');
  });

  it('keeps null values and replaces a stored value in place', () => {
    const c = new BoundedCache<string | null>(2);
    c.set('n', null);
    expect(c.get('n')).toBeNull();
    c.set('n', 'now');
    expect(c.get('n')).toBe('now');
    expect(c.get('missing')).toBeUndefined();
  });

  it('stays within its bound under many distinct keys', () => {
    const c = new BoundedCache<number>(100);
    for (let i = 0; i < 10_000; i++) {
      c.set(`k${i}`, i);
      if (i % 3 === 0) c.get(`k${i - 50}`);
    }
    expect(c.size).toBe(100);
    expect(c.get('k9999')).toBe(9999);
  });

  it('keeps the summed weight of its entries within a weight bound, taking the oldest first', () => {
    const c = new BoundedCache<string>(100, { weigh: (v) => v.length, max: 10 });
    c.set('a', 'xxxx');
    c.set('b', 'xxxx');
    expect(c.weight).toBe(8);
    c.get('a');
    c.set('c', 'xxxxx');
    expect(c.get('b')).toBeUndefined();
    expect([c.get('a'), c.get('c')]).toEqual(['xxxx', 'xxxxx']);
    expect(c.weight).toBe(9);
    // One entry heavier than the bound is kept alone.
    c.set('d', 'x'.repeat(12));
    expect(c.size).toBe(1);
    expect(c.weight).toBe(12);
    c.clear();
    expect(c.weight).toBe(0);
  });
});
