import { exportJWK, generateKeyPair, type JWK } from 'jose';
import { startLocalFaydaProvider, type FaydaIdentity, type LocalFaydaProvider } from '../../scripts/local-fayda-provider.ts';
import type { SignedIn } from './login.ts';
import { createTestApp, type TestApp } from './test-app.ts';

export const FAYDA_CLIENT_ID = 'betoch-tests';
export const FAYDA_REDIRECT_URI = 'https://betoch.example/account/fayda';

export interface FaydaTestApp {
  t: TestApp;
  provider: LocalFaydaProvider;
  close(): Promise<void>;
}

/** A private JWK for the business: RSA (RS256) or EC P-256 (ES256). */
export async function businessKey(alg: 'RS256' | 'ES256' = 'RS256'): Promise<{ privateJwk: JWK; publicJwk: JWK }> {
  const { privateKey, publicKey } = await generateKeyPair(alg, { extractable: true });
  return { privateJwk: { ...(await exportJWK(privateKey)), kid: `betoch-${alg}` }, publicJwk: { ...(await exportJWK(publicKey)), kid: `betoch-${alg}` } };
}

/** The API with Fayda configured, talking to a local eSignet-like provider started for the test file. */
export async function createFaydaTestApp(options: { alg?: 'RS256' | 'ES256'; env?: Record<string, string> } = {}): Promise<FaydaTestApp> {
  const key = await businessKey(options.alg);
  const provider = await startLocalFaydaProvider({
    clientId: FAYDA_CLIENT_ID,
    clientJwks: { keys: [key.publicJwk] },
    redirectUris: [FAYDA_REDIRECT_URI],
  });
  const t = await createTestApp({
    FAYDA_ISSUER: provider.url,
    FAYDA_CLIENT_ID,
    FAYDA_PRIVATE_KEY: JSON.stringify(key.privateJwk),
    FAYDA_REDIRECT_URI,
    FAYDA_TIMEOUT_MS: '4000',
    ...options.env,
  });
  return {
    t,
    provider,
    close: async () => {
      await t.close();
      await provider.close();
    },
  };
}

let identityCount = 0;

/** A new person known to the provider: their sub and how they log in. */
export function addIdentity(provider: LocalFaydaProvider, person: Partial<FaydaIdentity> = {}): { sub: string; individualId: string } {
  identityCount += 1;
  const sub = `sub-${process.pid}-${identityCount}`;
  const individualId = String(1_000_000_000_000_000 + process.pid * 1000 + identityCount).slice(0, 16);
  provider.identities.set(sub, { individualId, name: `Verified Person ${identityCount}`, ...person });
  return { sub, individualId };
}

/** A browser at the provider: follows redirects with its cookies, logs in or cancels. */
export async function atProvider(authorizationUrl: string, action: { individualId: string } | 'cancel'): Promise<URLSearchParams> {
  const cookies = new Map<string, string>();
  const send = async (url: string, init: RequestInit = {}) => {
    const res = await fetch(url, {
      ...init,
      redirect: 'manual',
      headers: { ...(init.headers as Record<string, string>), cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const c of res.headers.getSetCookie()) {
      const [pair] = c.split(';');
      const i = pair!.indexOf('=');
      cookies.set(pair!.slice(0, i), pair!.slice(i + 1));
    }
    return res;
  };
  let res = await send(authorizationUrl);
  for (let hop = 0; hop < 10; hop += 1) {
    const location = res.headers.get('location');
    if (!location) {
      throw new Error(`provider stopped at ${res.status}: ${(await res.text()).slice(0, 300)}`);
    }
    const next = new URL(location, authorizationUrl);
    if (next.href.startsWith(FAYDA_REDIRECT_URI)) return next.searchParams;
    if (/^\/interaction\/[\w-]+$/.test(next.pathname)) {
      const page = await send(next.href);
      if (page.status !== 200) throw new Error(`login page answered ${page.status}`);
      const form = action === 'cancel' ? '' : new URLSearchParams({ individual_id: action.individualId, otp: '111111' }).toString();
      res = await send(`${next.href}/${action === 'cancel' ? 'abort' : 'login'}`, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded' },
        body: form,
      });
      continue;
    }
    res = await send(next.href);
  }
  throw new Error('too many redirects at the provider');
}

/** POST /fayda/start as this user: the provider URL (throws on anything else). */
export async function startFayda(t: TestApp, user: SignedIn): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/fayda/start', headers: user.auth, payload: {} });
  if (res.statusCode !== 200) throw new Error(`start failed: ${res.statusCode} ${res.body}`);
  return res.json().url as string;
}

/** Sends the provider's return to POST /fayda/callback. */
export function finishFayda(t: TestApp, user: SignedIn, back: URLSearchParams | Record<string, string>) {
  const payload = back instanceof URLSearchParams ? Object.fromEntries(back) : back;
  return t.request({ method: 'POST', url: '/api/fayda/callback', headers: user.auth, payload });
}

/** The whole flow for a user and an identity: the callback's answer. */
export async function verifyWithFayda(f: FaydaTestApp, user: SignedIn, identity: { individualId: string } | 'cancel') {
  const url = await startFayda(f.t, user);
  const back = await atProvider(url, identity);
  return { back, res: await finishFayda(f.t, user, back) };
}
