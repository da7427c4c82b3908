// The one way the server forgets what it keeps (docs/decisions/012-one-freshness-story.md): a map
// bounded by a budget, each value costing `sizeOf` of it (1 by default: a count; a page's bytes), the
// least recently used going first once a new value would pass it. What makes a value stale is not
// this helper's business: each cache keys or tags its values by the version they were made at.

export class BoundedCache<K, V> {
  /** In order of use, the least recently used first (a Map iterates in insertion order). */
  private readonly values = new Map<K, V>();
  private spent = 0;

  constructor(
    /** The budget: how many values, or what their sizes add up to. */
    private readonly budget: number,
    private readonly sizeOf: (value: V) => number = () => 1,
  ) {
    if (!(budget > 0)) throw new Error(`BoundedCache: budget ${budget} must be positive`);
  }

  /** The value kept under `key`, which becomes the most recently used. */
  get(key: K): V | undefined {
    const value = this.values.get(key);
    if (value === undefined) return undefined;
    this.values.delete(key);
    this.values.set(key, value);
    return value;
  }

  /** Keeps `value` as the most recently used, forgetting the least recently used to make room. */
  set(key: K, value: V): void {
    this.delete(key);
    const size = this.sizeOf(value);
    // A value larger than the whole budget would only empty the cache and be forgotten next.
    if (size > this.budget) return;
    while (this.spent + size > this.budget) this.delete(this.values.keys().next().value!);
    this.values.set(key, value);
    this.spent += size;
  }

  delete(key: K): void {
    const value = this.values.get(key);
    if (value === undefined) return;
    this.values.delete(key);
    this.spent -= this.sizeOf(value);
  }

  /** How many values are kept. */
  get size(): number {
    return this.values.size;
  }

  /** What the kept values cost of the budget. */
  get used(): number {
    return this.spent;
  }
}
