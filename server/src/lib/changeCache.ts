/**
 * Values read from the database, kept in memory until a change of what they were read from.
 *
 * Never stale after a change this process was told of: `clear()` drops every value and every read
 * under way, and a read that began before a `clear()` answers its caller but is not kept (it may
 * have seen the database before the change). Readers that miss together share one read. While
 * changes may go untold (`suspend()`), nothing is kept and every reader reads the database.
 */
export interface ChangeCacheLimit<Value> {
  /** The most the kept values may weigh together; past it the oldest go (keys can come from requests). */
  capacity: number;
  /** What one value weighs (its bytes, say); 1 by default, so that `capacity` counts values. */
  weigh?: (value: Value) => number;
}

export class ChangeCache<Value> {
  private readonly values = new Map<string, { value: Value; weight: number }>();
  private readonly reads = new Map<string, Promise<Value>>();
  private weight = 0;
  /** Counts `clear()`s: a read keeps its value only if none happened while it ran. */
  private generation = 0;
  private suspended = false;

  constructor(private readonly limit: ChangeCacheLimit<Value>) {}

  /** The value kept for `key`, if any: answered at once, without a promise. */
  peek(key: string): Value | undefined {
    return this.suspended ? undefined : this.values.get(key)?.value;
  }

  /** The value kept for `key`, else what `read` answers (kept unless a change came meanwhile). */
  get(key: string, read: () => Promise<Value>): Promise<Value> {
    if (this.suspended) return read();
    const kept = this.values.get(key);
    if (kept) return Promise.resolve(kept.value);
    const shared = this.reads.get(key);
    if (shared) return shared;
    const generation = this.generation;
    const reading = read().then(
      (value) => {
        if (this.generation === generation) {
          this.reads.delete(key);
          this.keep(key, value);
        }
        return value;
      },
      (error: unknown) => {
        if (this.generation === generation) this.reads.delete(key);
        throw error;
      },
    );
    this.reads.set(key, reading);
    return reading;
  }

  /** Drops every value and read under way: what they came from has changed. */
  clear(): void {
    this.generation += 1;
    this.values.clear();
    this.reads.clear();
    this.weight = 0;
  }

  /** Changes may go untold: keep nothing until `resume()`. */
  suspend(): void {
    this.suspended = true;
    this.clear();
  }

  /** Changes are told again; what changed meanwhile was not, so start empty. */
  resume(): void {
    this.clear();
    this.suspended = false;
  }

  get size(): number {
    return this.values.size;
  }

  private keep(key: string, value: Value): void {
    const weight = this.limit.weigh?.(value) ?? 1;
    if (weight > this.limit.capacity) return;
    for (const [oldKey, old] of this.values) {
      if (this.weight + weight <= this.limit.capacity) break;
      this.values.delete(oldKey);
      this.weight -= old.weight;
    }
    this.values.set(key, { value, weight });
    this.weight += weight;
  }
}
