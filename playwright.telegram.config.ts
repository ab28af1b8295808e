import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The Telegram journeys: the server in demo mode with a bot, talking to the local Bot API
 * (apps/api/scripts/local-telegram-bot-api.ts) on E2E_PORT + 100, which delivers updates to the
 * server's webhook as Telegram does, and to the local stand-in for Telegram's OpenID Connect login
 * (apps/api/scripts/local-telegram-oidc.ts) on E2E_PORT + 101 (TELEGRAM_LOGIN=oidc). Run after `npm run build`:
 *   E2E_PORT=8194 npx playwright test -c playwright.telegram.config.ts
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const STUB_PORT = PORT + 100;
const OIDC_PORT = PORT + 101;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `betoch-e2e-telegram-${PORT}`);
const BOT = {
  TELEGRAM_BOT_TOKEN: '123456789:AAe2e-betoch-bot-token-for-journeys',
  TELEGRAM_WEBHOOK_SECRET: 'e2e-telegram-webhook-secret-0000',
};
const LOGIN = { TELEGRAM_CLIENT_SECRET: 'e2e-telegram-oidc-client-secret' };
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
      command: 'node --import tsx apps/api/scripts/local-telegram-oidc.ts',
      url: `http://127.0.0.1:${OIDC_PORT}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        ...LOGIN,
        TELEGRAM_OIDC_PORT: String(OIDC_PORT),
        TELEGRAM_CLIENT_ID: BOT.TELEGRAM_BOT_TOKEN.split(':')[0]!,
        TELEGRAM_REDIRECT_URI: `${BASE_URL}/api/auth/telegram/callback`,
      },
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
        ...LOGIN,
        TELEGRAM_LOGIN: 'oidc',
        TELEGRAM_OIDC_ISSUER: `http://127.0.0.1:${OIDC_PORT}`,
        // Retries and other servers' rows are looked for every second regardless; jobs as in production.
      },
    },
  ],
});
