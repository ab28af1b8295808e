import { defineConfig } from '@playwright/test';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { CHROMIUM_FLAGS } from './scripts/chromium-flags.ts';

/**
 * Browser journeys in Debian's Chromium (never a downloaded browser). The server runs from the
 * built web app (`npm run test:e2e` builds it first) on its own port, with a fresh database
 * folder each run, in demo mode (codes are answered and shown) with the demo data seeded.
 * TRUST_PROXY lets each test present its own client address (see e2e/support/fixtures.ts), so the
 * per-IP code limit applies per test as it would per person.
 */
const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!fs.existsSync(CHROMIUM)) {
  // Fail, never skip: a run without a browser has not tested the journeys.
  throw new Error(`Chromium not found at ${CHROMIUM}. Install it with: apt-get install -y chromium`);
}

const PORT = Number(process.env.E2E_PORT ?? 8181);
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `betoch-e2e-${PORT}`);
const ROOT = path.dirname(fileURLToPath(import.meta.url));
// WEB_DIST lets an engineer test their own build (vite build --outDir /tmp/x) beside another's.
const WEB_DIST = process.env.WEB_DIST ? path.resolve(process.env.WEB_DIST) : path.join(ROOT, 'apps/web/dist');
const WEB_INDEX = path.join(WEB_DIST, 'index.html');
if (!fs.existsSync(WEB_INDEX)) {
  throw new Error('The web app is not built: run `npm run test:e2e` (it builds first) or `npm run build`.');
}

export default defineConfig({
  testDir: './e2e',
  // The hosted-checkout journey needs its own server and gateway: playwright.checkout.config.ts.
  testIgnore: ['**/checkout.spec.ts', '**/telegram.spec.ts', '**/fayda.spec.ts'],
  // Per port, so two engineers' runs (E2E_PORT=8182 ...) never delete each other's results.
  outputDir: `./test-results/e2e-${PORT}`,
  fullyParallel: false,
  workers: 1,
  forbidOnly: Boolean(process.env.CI),
  retries: process.env.CI ? 1 : 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: [
    ['list'],
    ...(process.env.CI ? ([['html', { open: 'never', outputFolder: 'playwright-report' }]] as const) : []),
    // .ci/run adds up the results from this JSON report (scripts/ci-summary.mjs).
    ...(process.env.PLAYWRIGHT_JSON_OUTPUT_NAME ? ([['json']] as const) : []),
  ],
  // Screenshot tours (e2e/screens/) run only when asked: SCREENSHOTS=1 npx playwright test e2e/screens
  grepInvert: process.env.SCREENSHOTS ? undefined : /@screens/,
  use: {
    baseURL: BASE_URL,
    viewport: { width: 360, height: 800 },
    locale: 'en-US',
    timezoneId: 'Africa/Addis_Ababa',
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath: CHROMIUM,
      args: CHROMIUM_FLAGS,
    },
  },
  projects: [{ name: 'chromium-360' }],
  webServer: {
    // A fresh database each run: the folder is removed first.
    command: `rm -rf "${DATA_DIR}" && node apps/api/dist/main.js`,
    url: `${BASE_URL}/api/healthz`,
    reuseExistingServer: false,
    timeout: 120_000,
    stdout: 'pipe',
    stderr: 'pipe',
    env: {
      PORT: String(PORT),
      HOST: '127.0.0.1',
      DATA_DIR,
      APP_MODE: 'demo',
      SEED_DEMO: 'true',
      LOG_LEVEL: 'warn',
      WEB_DIST,
      // The test runner is the proxy in front: each test's X-Forwarded-For is its client address.
      TRUST_PROXY: '127.0.0.1',
      // The demo's built-in Telegram bot off: the journeys of other features see the app without a bot.
      TELEGRAM_DEMO: 'false',
    },
  },
});
