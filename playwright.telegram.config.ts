import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The Telegram journeys: the server in demo mode with a bot, talking to the local Bot API
 * (apps/api/scripts/local-telegram-bot-api.ts) on E2E_PORT + 100, which delivers updates to the
 * server's webhook as Telegram does. Run after `npm run build`:
 *   E2E_PORT=8194 npx playwright test -c playwright.telegram.config.ts
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const STUB_PORT = PORT + 100;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `betoch-e2e-telegram-${PORT}`);
const BOT = {
  TELEGRAM_BOT_TOKEN: '123456789:AAe2e-betoch-bot-token-for-journeys',
  TELEGRAM_WEBHOOK_SECRET: 'e2e-telegram-webhook-secret-0000',
};
const server = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;
const JSON_REPORT = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME?.replace(/(\.json)?$/, '-telegram.json');

export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: ['telegram.spec.ts'],
  reporter: [['list'], ...(JSON_REPORT ? ([['json', { outputFile: JSON_REPORT }]] as const) : [])],
  outputDir: `./test-results/e2e-telegram-${PORT}`,
  webServer: [
    {
      command: 'node --import tsx apps/api/scripts/local-telegram-bot-api.ts',
      url: `http://127.0.0.1:${STUB_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: { ...BOT, TELEGRAM_STUB_PORT: String(STUB_PORT), TELEGRAM_WEBHOOK_URL: `${BASE_URL}/api/telegram/webhook` },
    },
    {
      ...server,
      command: `rm -rf "${DATA_DIR}" && node apps/api/dist/main.js`,
      env: {
        ...server.env,
        DATA_DIR,
        ...BOT,
        TELEGRAM_BOT_USERNAME: 'betoch_e2e_bot',
        TELEGRAM_API_BASE: `http://127.0.0.1:${STUB_PORT}`,
        PUBLIC_URL: BASE_URL,
        // Retries and other servers' rows are looked for every second regardless; jobs as in production.
      },
    },
  ],
});
