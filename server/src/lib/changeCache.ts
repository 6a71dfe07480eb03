/**
 * Values read from the database, kept in memory until a change of what they were read from.
 *
 * Never stale after a change this process was told of: `clear()` drops every value and every read
 * under way, and a read that began before a `clear()` answers its caller but is not kept (it may
 * have seen the database before the change). Readers that miss together share one read. While
 * changes may go untold (`suspend()`), nothing is kept and every reader reads the database.
 */
export class ChangeCache<Value> {
  private readonly values = new Map<string, { value: Value }>();
  private readonly reads = new Map<string, Promise<Value>>();
  /** Counts `clear()`s: a read keeps its value only if none happened while it ran. */
  private generation = 0;
  private suspended = false;

  /** `maxEntries`: past it, the oldest kept value goes (keys can come from requests). */
  constructor(private readonly maxEntries: number) {}

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
    if (this.values.size >= this.maxEntries) {
      const oldest = this.values.keys().next();
      if (!oldest.done) this.values.delete(oldest.value);
    }
    this.values.set(key, { value });
  }
}
