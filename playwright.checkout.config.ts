import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The hosted-checkout journey: the server in demo mode with PAYMENT_PROVIDER=chapa, talking to the
 * local Chapa gateway (apps/api/scripts/local-chapa-gateway.ts) on E2E_PORT + 100. Run after
 * `npm run build`: E2E_PORT=8203 npx playwright test -c playwright.checkout.config.ts
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const GATEWAY_PORT = PORT + 100;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `betoch-e2e-checkout-${PORT}`);
const KEYS = { CHAPA_SECRET_KEY: 'CHASECK_TEST-e2e-local', CHAPA_WEBHOOK_SECRET: 'e2e-local-webhook-secret' };
const server = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;
// CI adds up one JSON report per run: this one is written beside the main run's, never over it.
const JSON_REPORT = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME?.replace(/(\.json)?$/, '-checkout.json');

export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: ['checkout.spec.ts'],
  reporter: [['list'], ...(JSON_REPORT ? ([['json', { outputFile: JSON_REPORT }]] as const) : [])],
  outputDir: `./test-results/e2e-checkout-${PORT}`,
  webServer: [
    {
      command: 'node --import tsx apps/api/scripts/local-chapa-gateway.ts',
      url: `http://127.0.0.1:${GATEWAY_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...KEYS, CHAPA_GATEWAY_PORT: String(GATEWAY_PORT), CHAPA_WEBHOOK_URL: `${BASE_URL}/api/payments/chapa/webhook` },
    },
    {
      ...server,
      command: `rm -rf "${DATA_DIR}" && node apps/api/dist/main.js`,
      env: {
        ...server.env,
        DATA_DIR,
        ...KEYS,
        PAYMENT_PROVIDER: 'chapa',
        CHAPA_BASE_URL: `http://127.0.0.1:${GATEWAY_PORT}`,
        PUBLIC_URL: BASE_URL,
      },
    },
  ],
});
