/**
 * `load`'s answer kept for `ttlMs` and shared by every caller meanwhile (one request in flight);
 * a failed load is not kept, so the next call asks again. For an OpenID provider's discovery.
 */
export function cachedPromise<T>(ttlMs: number, load: () => Promise<T>): () => Promise<T> {
  let cached: { at: number; value: Promise<T> } | undefined;
  return () => {
    const at = Date.now();
    if (!cached || at - cached.at > ttlMs) {
      const value = load();
      cached = { at, value };
      value.catch(() => {
        if (cached?.value === value) cached = undefined;
      });
    }
    return cached.value;
  };
}
