import { createHash, createHmac } from 'node:crypto';
import { compactDecrypt, createRemoteJWKSet, decodeProtectedHeader, errors as joseErrors, jwtVerify, type JWTPayload } from 'jose';
import type { FaydaEnv } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import type { FaydaKeys } from './fayda-keys.ts';
import { cachedPromise } from '../../lib/cached-promise.ts';

/** The signing algorithms accepted from the provider: never 'none', never a symmetric one. */
const SIGNING_ALGS = ['RS256', 'PS256', 'ES256'];
/** The key-management algorithms accepted for an encrypted userinfo answer. */
const ENCRYPTION_ALGS = ['RSA-OAEP-256', 'RSA-OAEP', 'ECDH-ES', 'ECDH-ES+A128KW', 'ECDH-ES+A256KW'];
/** Clock skew allowed between us and the provider; a token issued further in the future is refused. */
const CLOCK_TOLERANCE_S = 60;
/** An ID token older than this (by its iat) is refused. */
const MAX_TOKEN_AGE_S = 600;
/** Discovery is read again after this long. */
const DISCOVERY_TTL_MS = 3_600_000;

interface Discovery {
  issuer: string;
  authorization_endpoint: string;
  token_endpoint: string;
  userinfo_endpoint: string;
  jwks_uri: string;
}

/** The claims kept from the provider's answers; every other claim is dropped as it is read. */
export interface FaydaClaims {
  subject: string;
  name: string;
  phone?: string;
}

/** A failure of the provider itself (timeout, 5xx, unreadable answer): 503 fayda_unavailable. */
function unavailable(reason: string): AppError {
  return new AppError('fayda_unavailable', undefined, { reason });
}

/** Anything that does not check out: 400 fayda_failed; the detail goes to the log only. */
export class FaydaRefusal extends Error {}

function required(value: unknown, what: string): string {
  if (typeof value !== 'string' || value === '') throw unavailable(`discovery has no ${what}`);
  return value;
}

/** PKCE verifier and nonce of a flow, derived from its state with a server key: nothing to store. */
export function flowSecrets(key: string, state: string): { verifier: string; challenge: string; nonce: string } {
  const verifier = createHmac('sha256', key).update(`verifier:${state}`).digest('base64url');
  const nonce = createHmac('sha256', key).update(`nonce:${state}`).digest('base64url');
  const challenge = createHash('sha256').update(verifier).digest('base64url');
  return { verifier, challenge, nonce };
}

/**
 * The OpenID Connect relying party of Fayda's eSignet (docs/fayda.md): discovery, the
 * authorization URL (code + PKCE + state + nonce, acr_values, claims, claims_locales), the token
 * call authenticated by private_key_jwt, and the ID token and userinfo verified against the
 * provider's JWKS (issuer, audience, expiry, issued-at, nonce; a key missing from the set reads the
 * set again once: the provider rotated its keys).
 */
export function createFaydaProvider(env: FaydaEnv, keys: FaydaKeys, now: () => Date) {
  let jwks: ReturnType<typeof createRemoteJWKSet> | undefined;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(env.timeoutMs), redirect: 'error' });
      if (res.status >= 500) throw unavailable(`${url} answered ${res.status}`);
      return res;
    } catch (err) {
      if (err instanceof AppError) throw err;
      throw unavailable(`${url}: ${(err as Error).name}`);
    }
  }

  async function readDiscovery(): Promise<Discovery> {
    const res = await call(`${env.issuer.replace(/\/+$/, '')}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
    if (!res.ok) throw unavailable(`discovery answered ${res.status}`);
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!body) throw unavailable('discovery is not JSON');
    const found: Discovery = {
      issuer: required(body.issuer, 'issuer'),
      authorization_endpoint: required(body.authorization_endpoint, 'authorization_endpoint'),
      token_endpoint: required(body.token_endpoint, 'token_endpoint'),
      userinfo_endpoint: required(body.userinfo_endpoint, 'userinfo_endpoint'),
      jwks_uri: required(body.jwks_uri, 'jwks_uri'),
    };
    // OpenID Connect Discovery 1.0, section 4.3: the issuer it names must be the one asked.
    if (found.issuer.replace(/\/+$/, '') !== env.issuer.replace(/\/+$/, '')) throw unavailable('discovery names another issuer');
    return found;
  }

  const metadata = cachedPromise(DISCOVERY_TTL_MS, readDiscovery);

  async function keySet() {
    const meta = await metadata();
    jwks ??= createRemoteJWKSet(new URL(meta.jwks_uri), { timeoutDuration: env.timeoutMs });
    return jwks;
  }

  /** Verifies a signed JWT from the provider; an unknown key reads the provider's set again, once. */
  async function verifySigned(jwt: string, meta: Discovery, what: string): Promise<JWTPayload> {
    const set = await keySet();
    const options = {
      issuer: meta.issuer,
      audience: env.clientId,
      algorithms: SIGNING_ALGS,
      clockTolerance: CLOCK_TOLERANCE_S,
      currentDate: now(),
      ...(what === 'id_token' ? { maxTokenAge: MAX_TOKEN_AGE_S, requiredClaims: ['exp', 'iat', 'sub', 'nonce'] } : {}),
    };
    try {
      try {
        return (await jwtVerify(jwt, set, options)).payload;
      } catch (err) {
        if (!(err instanceof joseErrors.JWKSNoMatchingKey)) throw err;
        await set.reload();
        return (await jwtVerify(jwt, set, options)).payload;
      }
    } catch (err) {
      if (err instanceof joseErrors.JWKSTimeout) throw unavailable('jwks timed out');
      if (err instanceof joseErrors.JOSEError) throw new FaydaRefusal(`${what}: ${err.code} ${err.message}`);
      if (err instanceof AppError) throw err;
      throw unavailable(`${what}: jwks unreadable`);
    }
  }

  return {
    /** The provider's authorization page for a flow of this state. */
    async authorizationUrl(state: string, secrets: { challenge: string; nonce: string }, lng: 'en' | 'am'): Promise<string> {
      const meta = await metadata();
      const url = new URL(meta.authorization_endpoint);
      const claims = { userinfo: { name: { essential: true }, phone_number: { essential: true } }, id_token: {} };
      for (const [k, v] of Object.entries({
        response_type: 'code',
        client_id: env.clientId,
        redirect_uri: env.redirectUri,
        scope: 'openid profile phone',
        state,
        nonce: secrets.nonce,
        code_challenge: secrets.challenge,
        code_challenge_method: 'S256',
        acr_values: env.acrValues,
        claims: JSON.stringify(claims),
        claims_locales: env.claimsLocales,
        ui_locales: lng,
      })) {
        url.searchParams.set(k, v);
      }
      return url.toString();
    },

    /** Trades the code for tokens and reads the verified claims; throws FaydaRefusal or 503. */
    async claims(code: string, secrets: { verifier: string; nonce: string }): Promise<FaydaClaims> {
      const meta = await metadata();
      const form = new URLSearchParams({
        grant_type: 'authorization_code',
        code,
        redirect_uri: env.redirectUri,
        client_id: env.clientId,
        code_verifier: secrets.verifier,
        client_assertion_type: 'urn:ietf:params:oauth:client-assertion-type:jwt-bearer',
        client_assertion: await keys.clientAssertion(meta.token_endpoint, now()),
      });
      const res = await call(meta.token_endpoint, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: form,
      });
      const tokens = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (!res.ok) throw new FaydaRefusal(`token endpoint answered ${res.status} ${String(tokens?.error ?? '')}`);
      if (!tokens || typeof tokens.id_token !== 'string' || typeof tokens.access_token !== 'string') {
        throw new FaydaRefusal('token answer has no id_token or access_token');
      }
      const idToken = await verifySigned(tokens.id_token, meta, 'id_token');
      if (idToken.nonce !== secrets.nonce) throw new FaydaRefusal('id_token: nonce mismatch');
      const userinfo = await readUserinfo(meta, tokens.access_token);
      if (userinfo.sub !== idToken.sub) throw new FaydaRefusal('userinfo: another subject');
      const name = firstText(userinfo.name, userinfo['name#en'], userinfo['name#am'], idToken.name);
      if (!idToken.sub || !name) throw new FaydaRefusal('no subject or no name');
      const phone = firstText(userinfo.phone_number, idToken.phone_number);
      return { subject: idToken.sub, name, ...(phone ? { phone } : {}) };
    },
  };

  /** The userinfo answer: a signed JWT, possibly encrypted to our key (JWE around the JWS). */
  async function readUserinfo(meta: Discovery, accessToken: string): Promise<JWTPayload> {
    const res = await call(meta.userinfo_endpoint, { headers: { authorization: `Bearer ${accessToken}`, accept: 'application/jwt' } });
    if (!res.ok) throw new FaydaRefusal(`userinfo answered ${res.status}`);
    let jwt = (await res.text()).trim();
    if (jwt.split('.').length === 5) {
      let alg: string | undefined;
      try {
        alg = decodeProtectedHeader(jwt).alg;
      } catch {
        throw new FaydaRefusal('userinfo: unreadable JWE header');
      }
      if (!alg || !ENCRYPTION_ALGS.includes(alg)) throw new FaydaRefusal(`userinfo: JWE alg ${String(alg)} refused`);
      try {
        const { plaintext } = await compactDecrypt(jwt, await keys.decryptionKey(alg), { keyManagementAlgorithms: ENCRYPTION_ALGS });
        jwt = new TextDecoder().decode(plaintext);
      } catch (err) {
        // Encrypted to another key: the public key registered with Fayda is not FAYDA_PRIVATE_KEY's.
        const why = err instanceof joseErrors.JWEDecryptionFailed ? 'encrypted to a key that is not FAYDA_PRIVATE_KEY' : 'cannot decrypt';
        throw new FaydaRefusal(`userinfo: ${why} (${(err as Error).message})`);
      }
    }
    if (jwt.split('.').length !== 3) throw new FaydaRefusal('userinfo is not a signed JWT');
    return verifySigned(jwt, meta, 'userinfo');
  }
}

export type FaydaProvider = ReturnType<typeof createFaydaProvider>;

function firstText(...values: unknown[]): string | undefined {
  for (const v of values) if (typeof v === 'string' && v.trim()) return v.trim().slice(0, 200);
  return undefined;
}
