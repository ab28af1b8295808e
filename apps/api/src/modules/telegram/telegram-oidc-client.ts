import { createHash, createHmac } from 'node:crypto';
import type { TelegramEnv } from '../../config/env.ts';
import { AppError } from '../../lib/app-error.ts';
import { cachedPromise } from '../../lib/cached-promise.ts';

/** Discovery is read again after this long. */
const DISCOVERY_TTL_MS = 3_600_000;

interface Endpoints {
  authorization_endpoint: string;
  token_endpoint: string;
}

/** The provider could not be reached or answered nonsense: the person is told to try again later. */
export class TelegramUnavailable extends Error {}

/** PKCE verifier and nonce of a flow, derived from its state with a server key (so nothing else is kept). */
export function telegramFlowSecrets(key: string, state: string): { verifier: string; challenge: string; nonce: string } {
  const verifier = createHmac('sha256', key).update(`tg-verifier:${state}`).digest('base64url');
  const nonce = createHmac('sha256', key).update(`tg-nonce:${state}`).digest('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), nonce };
}

/**
 * The relying party of Telegram's OpenID Connect login: the endpoints from the issuer's discovery
 * document, the authorization URL (code + PKCE S256 + state + nonce, scopes openid profile phone),
 * and the code traded at the token endpoint with the client id (the bot's id) and BotFather's
 * client secret (HTTP Basic). The ID token is verified by telegram-login.ts.
 */
export function createTelegramOidcClient(config: TelegramEnv) {
  const clientId = config.token.split(':')[0]!;

  async function call(url: string, init: RequestInit): Promise<Response> {
    try {
      const res = await fetch(url, { ...init, signal: AbortSignal.timeout(config.timeoutMs), redirect: 'error' });
      if (res.status >= 500) throw new TelegramUnavailable(`${url} answered ${res.status}`);
      return res;
    } catch (err) {
      if (err instanceof TelegramUnavailable) throw err;
      throw new TelegramUnavailable(`${url}: ${(err as Error).name}`);
    }
  }

  async function readDiscovery(): Promise<Endpoints> {
    const res = await call(`${config.oidcIssuer}/.well-known/openid-configuration`, { headers: { accept: 'application/json' } });
    const body = (await res.json().catch(() => null)) as Record<string, unknown> | null;
    if (!res.ok || !body || typeof body.authorization_endpoint !== 'string' || typeof body.token_endpoint !== 'string') {
      throw new TelegramUnavailable('discovery unreadable');
    }
    if (typeof body.issuer === 'string' && body.issuer.replace(/\/+$/, '') !== config.oidcIssuer)
      throw new TelegramUnavailable('discovery names another issuer');
    return { authorization_endpoint: body.authorization_endpoint, token_endpoint: body.token_endpoint };
  }

  const endpoints = cachedPromise(DISCOVERY_TTL_MS, readDiscovery);

  return {
    clientId,

    async authorizationUrl(input: { state: string; challenge: string; nonce: string; redirectUri: string; lng: 'en' | 'am' }): Promise<string> {
      const url = new URL((await endpoints()).authorization_endpoint);
      for (const [k, v] of Object.entries({
        response_type: 'code',
        client_id: clientId,
        redirect_uri: input.redirectUri,
        scope: 'openid profile phone',
        state: input.state,
        nonce: input.nonce,
        code_challenge: input.challenge,
        code_challenge_method: 'S256',
        ui_locales: input.lng,
      })) {
        url.searchParams.set(k, v);
      }
      return url.toString();
    },

    /** The ID token for a code (not yet verified). A refused code is invalid_signature. */
    async idToken(code: string, verifier: string, redirectUri: string): Promise<string> {
      if (!config.clientSecret) throw new AppError('route_not_found');
      const res = await call((await endpoints()).token_endpoint, {
        method: 'POST',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
          authorization: `Basic ${Buffer.from(`${encodeURIComponent(clientId)}:${encodeURIComponent(config.clientSecret)}`).toString('base64')}`,
        },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, redirect_uri: redirectUri, client_id: clientId, code_verifier: verifier }),
      });
      const tokens = (await res.json().catch(() => null)) as Record<string, unknown> | null;
      if (!res.ok || typeof tokens?.id_token !== 'string') {
        throw new AppError('invalid_signature', `The Telegram code was refused (${res.status} ${String(tokens?.error ?? '')}).`);
      }
      return tokens.id_token;
    },
  };
}
