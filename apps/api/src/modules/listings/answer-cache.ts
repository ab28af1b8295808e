/**
 * Answers kept in memory by key, each valid for one listings version (./listings-version.ts) and
 * at most `ttlMs` by the app's clock (given per answer when a function): the version covers every
 * write; the time limit covers what changes without a write (a poster's suspension that ends). At
 * most `max` keys; the least recently used go first. Callers asking for the same key and version
 * while it is being built share that one build (one query for ten phones opening the first page
 * at once).
 */
export class AnswerCache<T> {
  private readonly entries = new Map<string, { version: string; expiresAt: number; value: T }>();
  private readonly building = new Map<string, { version: string; promise: Promise<T> }>();

  constructor(
    private readonly max: number,
    private readonly ttlMs: number | ((value: T) => number),
  ) {}

  async get(key: string, version: string | null, now: number, build: () => Promise<T>): Promise<T> {
    if (version === null) return build();
    const entry = this.entries.get(key);
    if (entry && entry.version === version && now < entry.expiresAt) {
      // Most recently used last: Map keeps insertion order.
      this.entries.delete(key);
      this.entries.set(key, entry);
      return entry.value;
    }
    const pending = this.building.get(key);
    if (pending && pending.version === version) return pending.promise;
    const promise = build();
    this.building.set(key, { version, promise });
    try {
      const value = await promise;
      this.entries.delete(key);
      if (this.entries.size >= this.max) this.entries.delete(this.entries.keys().next().value as string);
      const ttl = typeof this.ttlMs === 'function' ? this.ttlMs(value) : this.ttlMs;
      this.entries.set(key, { version, expiresAt: now + ttl, value });
      return value;
    } finally {
      if (this.building.get(key)?.promise === promise) this.building.delete(key);
    }
  }

  /** Every answer kept now, valid or not. */
  values(): IterableIterator<T> {
    return [...this.entries.values()].map((entry) => entry.value).values();
  }

  clear(): void {
    this.entries.clear();
  }
}
