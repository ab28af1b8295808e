import { createPublicKey, generateKeyPairSync } from 'node:crypto';
import os from 'node:os';
import path from 'node:path';
import { defineConfig } from '@playwright/test';
import base from './playwright.config.ts';

/**
 * The 'Verified with Fayda' journey: the server in demo mode with Fayda configured, talking to the
 * local eSignet-like provider (apps/api/scripts/local-fayda-provider.ts) on E2E_PORT + 200, with
 * the server's public key registered as on the partner portal. Run after `npm run build`:
 *   E2E_PORT=8193 npx playwright test -c playwright.fayda.config.ts
 */
const PORT = Number(process.env.E2E_PORT ?? 8181);
const PROVIDER_PORT = PORT + 200;
const BASE_URL = `http://127.0.0.1:${PORT}`;
const ISSUER = `http://127.0.0.1:${PROVIDER_PORT}`;
const DATA_DIR = path.join(os.tmpdir(), `betoch-e2e-fayda-${PORT}`);
const CLIENT_ID = 'betoch-e2e';
// A fresh business key each run: the provider reads its public half from the server.
const { privateKey } = generateKeyPairSync('rsa', { modulusLength: 2048 });
const PRIVATE_JWK = JSON.stringify({ ...privateKey.export({ format: 'jwk' }), kid: 'betoch-e2e', alg: 'RS256' });
const PUBLIC_JWKS = JSON.stringify({ keys: [{ ...createPublicKey(privateKey).export({ format: 'jwk' }), kid: 'betoch-e2e', alg: 'RS256' }] });
const server = Array.isArray(base.webServer) ? base.webServer[0]! : base.webServer!;
const JSON_REPORT = process.env.PLAYWRIGHT_JSON_OUTPUT_NAME?.replace(/(\.json)?$/, '-fayda.json');

export default defineConfig({
  ...base,
  testIgnore: undefined,
  testMatch: ['fayda.spec.ts'],
  reporter: [['list'], ...(JSON_REPORT ? ([['json', { outputFile: JSON_REPORT }]] as const) : [])],
  outputDir: `./test-results/e2e-fayda-${PORT}`,
  webServer: [
    {
      command: 'node --import tsx apps/api/scripts/local-fayda-provider.ts',
      url: `${ISSUER}/healthz`,
      reuseExistingServer: false,
      timeout: 60_000,
      stdout: 'pipe',
      stderr: 'pipe',
      env: {
        FAYDA_PROVIDER_PORT: String(PROVIDER_PORT),
        FAYDA_CLIENT_ID: CLIENT_ID,
        FAYDA_CLIENT_JWKS: PUBLIC_JWKS,
        FAYDA_REDIRECT_URI: `${BASE_URL}/account/fayda`,
      },
    },
    {
      ...server,
      // The demo server seeds its market before it answers: on a loaded machine that takes longer.
      timeout: 300_000,
      command: `rm -rf "${DATA_DIR}" && node apps/api/dist/main.js`,
      env: {
        ...server.env,
        DATA_DIR,
        FAYDA_ISSUER: ISSUER,
        FAYDA_CLIENT_ID: CLIENT_ID,
        FAYDA_PRIVATE_KEY: PRIVATE_JWK,
        FAYDA_REDIRECT_URI: `${BASE_URL}/account/fayda`,
      },
    },
  ],
});
