/**
 * Debian's Chromium in a closed network: without these it waits on Google hosts (updates, sync,
 * QUIC) and on a GPU the machine does not have. The e2e journeys (playwright.config.ts) and the
 * Lighthouse bench (scripts/bench/parts/lighthouse.ts) both start it with them.
 */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];
