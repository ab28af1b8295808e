import { test as base, expect } from '@playwright/test';

/** 10.x.y.z, different for every test. */
function randomClientAddress(): string {
  const part = () => Math.floor(Math.random() * 254) + 1;
  return `10.${part()}.${part()}.${part()}`;
}

/**
 * Journeys import `test` and `expect` from here. Each test presents its own client address
 * (X-Forwarded-For; the e2e server runs with TRUST_PROXY=true), so the server's per-IP limit of
 * 30 codes an hour applies per test, as it would per person, and a long run never trips it.
 */
export const test = base.extend({
  extraHTTPHeaders: async ({ extraHTTPHeaders }, use) => {
    await use({ ...extraHTTPHeaders, 'x-forwarded-for': randomClientAddress() });
  },
});

export { expect };
