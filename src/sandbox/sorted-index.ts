/**
 * A lexicographically ordered key, e.g. `[last_update, id]` or `[id]`: times are numbers, IDs
 * bigints (64-bit), and the two compare with each other as numbers do.
 */
export type Key = readonly (number | bigint)[];

export function compareKeys(a: Key, b: Key): number {
  const n = Math.min(a.length, b.length);
  for (let i = 0; i < n; i++) {
    const x = a[i]!;
    const y = b[i]!;
    if (x < y) return -1;
    if (x > y) return 1;
  }
  return a.length - b.length;
}

/**
 * Items kept in ascending key order, so that any cursor position is found by binary search
 * (O(log n)) and a page is read by walking from there. Moving an item (a conversation whose
 * last_update changed) is a remove plus an insert.
 */
export class SortedIndex<T> {
  /** `items`, when given, must already be in key order; the index then works on it in place. */
  constructor(
    private readonly keyOf: (item: T) => Key,
    private readonly items: T[] = [],
  ) {}

  get size(): number {
    return this.items.length;
  }

  at(index: number): T {
    return this.items[index] as T;
  }

  /** Index of the first item whose key is >= `key` (or, with `strict`, > `key`). */
  bound(key: Key, strict = false): number {
    let lo = 0;
    let hi = this.items.length;
    while (lo < hi) {
      const mid = (lo + hi) >>> 1;
      const c = compareKeys(this.keyOf(this.items[mid] as T), key);
      if (c < 0 || (strict && c === 0)) lo = mid + 1;
      else hi = mid;
    }
    return lo;
  }

  insert(item: T): void {
    this.items.splice(this.bound(this.keyOf(item)), 0, item);
  }

  /** Removes the item stored under `key` (its key before any change). */
  remove(item: T, key: Key = this.keyOf(item)): void {
    const i = this.bound(key);
    if (this.items[i] === item) this.items.splice(i, 1);
    else {
      const j = this.items.indexOf(item);
      if (j >= 0) this.items.splice(j, 1);
    }
  }

  /** Appends many items at once, sorting once: for bulk loads. */
  load(items: Iterable<T>): void {
    for (const item of items) this.items.push(item);
    this.items.sort((a, b) => compareKeys(this.keyOf(a), this.keyOf(b)));
  }
}
