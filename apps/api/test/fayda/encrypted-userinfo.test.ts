import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../src/app.ts';
import { loadEnv } from '../../src/config/env.ts';
import { startLocalFaydaProvider, type LocalFaydaProvider } from '../../scripts/local-fayda-provider.ts';
import { addIdentity, businessKey, FAYDA_CLIENT_ID, FAYDA_REDIRECT_URI, verifyWithFayda, type FaydaTestApp } from '../support/fayda.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { openTestDatabase, RecordingSmsSender, TestClock, type TestApp } from '../support/test-app.ts';
import { MemoryKvStore } from '../../src/lib/kv-store.ts';

/**
 * Userinfo signed by the provider and then encrypted to the business's public key (a JWE around
 * the JWS), as eSignet answers a client registered with userinfo_encrypted_response_alg: the app
 * decrypts it with FAYDA_PRIVATE_KEY and verifies the signature inside. Built with its log
 * captured, so the reason of a refusal can be read as an operator would.
 */
interface LoggedFaydaApp extends FaydaTestApp {
  log: string[];
}

async function openLoggedFaydaApp(alg: 'RS256' | 'ES256'): Promise<LoggedFaydaApp> {
  const key = await businessKey(alg);
  const provider: LocalFaydaProvider = await startLocalFaydaProvider({
    clientId: FAYDA_CLIENT_ID,
    clientJwks: { keys: [key.publicJwk] },
    redirectUris: [FAYDA_REDIRECT_URI],
    userinfo: 'encrypted',
  });
  const opened = await openTestDatabase();
  const log: string[] = [];
  const clock = new TestClock();
  const kv = new MemoryKvStore(() => clock.now().getTime());
  const env = loadEnv({
    NODE_ENV: 'test',
    APP_MODE: 'demo',
    LOG_LEVEL: 'warn',
    SEED_DEMO: 'false',
    WEB_DIST: '/nonexistent-web-dist',
    FAYDA_ISSUER: provider.url,
    FAYDA_CLIENT_ID,
    FAYDA_PRIVATE_KEY: JSON.stringify(key.privateJwk),
    FAYDA_REDIRECT_URI,
    FAYDA_TIMEOUT_MS: '4000',
  });
  const built = await buildApp(env, {
    database: opened.database,
    sms: new RecordingSmsSender(),
    kv,
    now: clock.now,
    logStream: { write: (line) => void log.push(line) },
  });
  await built.app.ready();
  const t = {
    ...built,
    kv,
    clock,
    database: opened.database,
    env,
    request: (o: Parameters<TestApp['request']>[0]) => built.app.inject(o),
  } as unknown as TestApp;
  return {
    t,
    provider,
    log,
    close: async () => {
      await built.app.close();
      await opened.database.close();
      await opened.drop();
      await provider.close();
    },
  };
}

async function expectNotVerified(f: FaydaTestApp, user: SignedIn) {
  const status = await f.t.request({ method: 'GET', url: '/api/fayda', headers: user.auth });
  expect(status.statusCode).toBe(200);
  expect(status.json().verification).toBeNull();
}

for (const alg of ['RS256', 'ES256'] as const) {
  describe(`encrypted userinfo, business key ${alg} (${alg === 'RS256' ? 'RSA-OAEP-256' : 'ECDH-ES'} + A256GCM)`, () => {
    let f: LoggedFaydaApp;
    beforeAll(async () => {
      f = await openLoggedFaydaApp(alg);
    });
    afterAll(async () => f?.close());
    afterEach(() => {
      f.provider.fault.userinfo = 'encrypted';
    });

    it('is decrypted with FAYDA_PRIVATE_KEY and its signature verified: the phone, asked in userinfo only, is read from it', async () => {
      const landlord = await signUp(f.t, { userType: 'landlord' });
      const person = addIdentity(f.provider, { name: 'Selam Girma', phone_number: landlord.phone });
      const before = f.provider.userinfoAnswers.encrypted;
      const { res } = await verifyWithFayda(f, landlord, person);
      expect(res.statusCode, res.body).toBe(200);
      expect(res.json().verification).toMatchObject({ name: 'Selam Girma', phone_match: true });
      // The provider answered userinfo as a JWE, and nothing in plain.
      expect(f.provider.userinfoAnswers.encrypted).toBe(before + 1);
      expect(f.provider.userinfoAnswers.signed).toBe(0);
    });

    it('encrypted to another key is refused: the person sees fayda_failed, the log says which key is wrong', async () => {
      const landlord = await signUp(f.t, { userType: 'landlord' });
      f.provider.fault.userinfo = 'encrypted_to_other_key';
      const from = f.log.length;
      const { res } = await verifyWithFayda(f, landlord, addIdentity(f.provider));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json()).toMatchObject({
        ok: false,
        error: 'fayda_failed',
        message: 'Fayda verification could not be completed. Nothing was changed; please try again.',
      });
      await expectNotVerified(f, landlord);
      const line = f.log.slice(from).find((l) => l.includes('fayda verification refused'));
      expect(line).toContain('userinfo: encrypted to a key that is not FAYDA_PRIVATE_KEY');
    });

    it("decrypted but signed inside by another key than the provider's: refused", async () => {
      const landlord = await signUp(f.t, { userType: 'landlord' });
      f.provider.fault.userinfo = 'encrypted_signed_by_other_key';
      const from = f.log.length;
      const { res } = await verifyWithFayda(f, landlord, addIdentity(f.provider));
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().error).toBe('fayda_failed');
      await expectNotVerified(f, landlord);
      const line = f.log.slice(from).find((l) => l.includes('fayda verification refused'));
      expect(line).toContain('userinfo: ERR_JWS_SIGNATURE_VERIFICATION_FAILED');
    });
  });
}
