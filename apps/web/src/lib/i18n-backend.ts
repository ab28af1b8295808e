import type { BackendModule, ReadCallback } from 'i18next';

/** How long one text file may take before the ask counts as failed (and i18next asks again). */
const TIMEOUT_MS = 20_000;

/**
 * Loads /locales/{lng}/{ns}.json for i18next with fetch: the same request the page's preload
 * names (apps/api/src/plugins/server-render.ts), so a file named there is not asked
 * for twice. A network failure or a server error is worth asking again (i18next retries a few
 * times, spaced); a missing file is not.
 */
export function textFilesBackend(baseUrl: string): BackendModule {
  return {
    type: 'backend',
    init() {},
    read(lng: string, ns: string, callback: ReadCallback) {
      const url = `${baseUrl}locales/${encodeURIComponent(lng)}/${encodeURIComponent(ns)}.json`;
      fetch(url, { signal: AbortSignal.timeout(TIMEOUT_MS) })
        .then(async (response) => {
          if (!response.ok) {
            callback(new Error(`${url}: ${response.status}`), response.status >= 500 || response.status === 408 || response.status === 429);
            return;
          }
          callback(null, (await response.json()) as Record<string, unknown>);
        })
        .catch((error: unknown) => callback(error instanceof Error ? error : new Error(String(error)), true));
    },
  };
}
