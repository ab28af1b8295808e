/**
 * Counters and short-lived keys for rate limits and code cooldowns. In memory for one process;
 * Redis (REDIS_URL) when several processes must share them.
 */
export interface KvStore {
  /** Adds 1 and returns the new count; the key expires ttlSeconds after its first increment. */
  increment(key: string, ttlSeconds: number): Promise<{ count: number; ttl: number }>;
  /** Sets the key when absent; true if this call set it. */
  setIfAbsent(key: string, ttlSeconds: number): Promise<boolean>;
  /** Seconds left, or 0 when absent. */
  ttl(key: string): Promise<number>;
  delete(key: string): Promise<void>;
  close(): Promise<void>;
}

interface Entry {
  value: number;
  expiresAt: number;
}

export class MemoryKvStore implements KvStore {
  private readonly entries = new Map<string, Entry>();

  constructor(private readonly now: () => number = Date.now) {}

  private live(key: string): Entry | undefined {
    const entry = this.entries.get(key);
    if (entry && entry.expiresAt <= this.now()) {
      this.entries.delete(key);
      return undefined;
    }
    return entry;
  }

  private secondsLeft(entry: Entry): number {
    return Math.max(1, Math.ceil((entry.expiresAt - this.now()) / 1000));
  }

  async increment(key: string, ttlSeconds: number) {
    let entry = this.live(key);
    if (!entry) {
      entry = { value: 0, expiresAt: this.now() + ttlSeconds * 1000 };
      this.entries.set(key, entry);
      if (this.entries.size > 100_000) this.sweep();
    }
    entry.value += 1;
    return { count: entry.value, ttl: this.secondsLeft(entry) };
  }

  async setIfAbsent(key: string, ttlSeconds: number) {
    if (this.live(key)) return false;
    this.entries.set(key, { value: 1, expiresAt: this.now() + ttlSeconds * 1000 });
    return true;
  }

  async ttl(key: string) {
    const entry = this.live(key);
    return entry ? this.secondsLeft(entry) : 0;
  }

  async delete(key: string) {
    this.entries.delete(key);
  }

  async close() {
    this.entries.clear();
  }

  private sweep() {
    const now = this.now();
    for (const [key, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(key);
  }
}
