import { randomBytes } from 'node:crypto';
import type { TTelegramStartQuery } from '@betoch/contracts/telegram';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import type { LoginTickets } from '../auth/login-tickets.ts';
import type { TelegramSignIn } from './telegram-sign-in.service.ts';
import { verifyIdToken, verifyWidgetData } from './telegram-login.ts';
import { createTelegramOidcClient, telegramFlowSecrets, TelegramUnavailable } from './telegram-oidc-client.ts';

/** How long a started sign-in may take at Telegram. */
const FLOW_TTL_S = 600;
export const FLOW_COOKIE = 'betoch_tg_login';
export const CALLBACK_PATH = '/api/auth/telegram/callback';
export const WIDGET_CALLBACK_PATH = '/api/auth/telegram/widget';

/** Why a Telegram sign-in ended without one: each has a message on /login in both languages. */
export type TelegramLoginFailure = 'cancelled' | 'failed' | 'expired' | 'unavailable' | 'no_phone' | 'banned';

/** What a browser's flow carries in its cookie (bound to that browser: a callback without it fails). */
interface FlowCookie {
  s: string;
  page: 'login' | 'signup';
  lng: 'en' | 'am';
  from?: string;
}

/** A path inside this app; never another origin ('//evil', '/\\evil'). */
function localPath(value: unknown): string | undefined {
  if (typeof value !== 'string' || !value.startsWith('/') || value.startsWith('//') || value.startsWith('/\\') || value.length > 500) return undefined;
  return value;
}

function readCookie(header: string | undefined): FlowCookie | null {
  const raw = header
    ?.split(';')
    .map((c) => c.trim())
    .find((c) => c.startsWith(`${FLOW_COOKIE}=`))
    ?.slice(FLOW_COOKIE.length + 1);
  if (!raw) return null;
  try {
    const value = JSON.parse(Buffer.from(raw, 'base64url').toString('utf8')) as Partial<FlowCookie>;
    if (typeof value.s !== 'string' || (value.page !== 'login' && value.page !== 'signup') || (value.lng !== 'en' && value.lng !== 'am')) return null;
    return { s: value.s, page: value.page, lng: value.lng, from: localPath(value.from) };
  } catch {
    return null;
  }
}

export interface FlowRedirect {
  location: string;
  /** Set-Cookie values. */
  cookies: string[];
}

/**
 * 'Continue with Telegram' as the browser walks it (docs/telegram.md), links and redirects only, so
 * it works before the app's code has run: the start route redirects to Telegram (OpenID Connect:
 * code + PKCE; or the Login Widget's page), the callback checks the flow, verifies what Telegram
 * signed, and sends the person to /login (a sign-in ticket, or a message) or /signup (a signup
 * ticket: the verified phone filled in, no SMS). No SMS is ever sent here.
 */
export function createTelegramLoginFlow(ctx: AppContext, signIn: TelegramSignIn, tickets: LoginTickets, flowKey: string) {
  const config = ctx.env.telegram;
  const oidc = config ? createTelegramOidcClient(config) : null;

  function enabled() {
    if (!config || !oidc || config.login === 'off' || (config.login === 'oidc' && !config.clientSecret)) throw new AppError('route_not_found');
    return { config, oidc };
  }

  function origin(host: string | undefined, protocol: string): string {
    return ctx.env.publicUrl ?? `${protocol}://${host ?? 'localhost'}`;
  }

  function flowCookie(value: FlowCookie | null, secure: boolean): string {
    const attrs = `Path=/api/auth/telegram; HttpOnly; SameSite=Lax${secure ? '; Secure' : ''}`;
    if (!value) return `${FLOW_COOKIE}=; Max-Age=0; ${attrs}`;
    return `${FLOW_COOKIE}=${Buffer.from(JSON.stringify(value)).toString('base64url')}; Max-Age=${FLOW_TTL_S}; ${attrs}`;
  }

  function pageUrl(page: 'login' | 'signup', params: Record<string, string | undefined>): string {
    const query = new URLSearchParams(Object.entries(params).filter((e): e is [string, string] => typeof e[1] === 'string'));
    return `/${page}?${query.toString()}`;
  }

  function failure(flow: Pick<FlowCookie, 'lng' | 'from'> | null, reason: TelegramLoginFailure, page: 'login' | 'signup' = 'login'): string {
    return pageUrl(page, { telegram_error: reason, lng: flow?.lng, from: flow?.from });
  }

  /** Where the verified Telegram user goes: signed in, signup with the phone, or the phone code. */
  async function land(flow: FlowCookie, telegramId: number, phone: string | null): Promise<string> {
    const outcome = await signIn.outcome(telegramId, phone);
    if (outcome.status === 'phone_code') return failure(flow, 'no_phone', flow.page);
    if (outcome.status === 'banned') return failure(flow, 'banned');
    if (!('phone' in outcome)) return failure(flow, 'failed');
    const { ticket } = tickets.issue(outcome.status === 'signed_in' ? 'session' : 'signup', outcome.phone);
    return pageUrl(outcome.status === 'signed_in' ? 'login' : 'signup', { telegram: ticket, lng: flow.lng, from: flow.from });
  }

  /** The flow of this browser, spent: its cookie must name the state Telegram sent back, once. */
  async function takeFlow(cookieHeader: string | undefined, state: string | undefined): Promise<FlowCookie | 'expired' | null> {
    const flow = readCookie(cookieHeader);
    if (!flow || !state || flow.s !== state) return null;
    if ((await ctx.kv.ttl(`tglogin:used:${state}`)) > 0) return null;
    if ((await ctx.kv.ttl(`tglogin:state:${state}`)) <= 0) return 'expired';
    if (!(await ctx.kv.setIfAbsent(`tglogin:used:${state}`, FLOW_TTL_S))) return null;
    await ctx.kv.delete(`tglogin:state:${state}`);
    return flow;
  }

  function refused(reason: string, detail: string): TelegramLoginFailure {
    ctx.log.warn({ reason: detail }, 'telegram sign-in refused');
    return reason as TelegramLoginFailure;
  }

  return {
    /** GET /auth/telegram/start: the redirect to Telegram, and the flow's cookie. */
    async start(query: TTelegramStartQuery, host: string | undefined, protocol: string): Promise<FlowRedirect> {
      const { config: tg, oidc: client } = enabled();
      const base = origin(host, protocol);
      const secure = base.startsWith('https:');
      const state = randomBytes(24).toString('base64url');
      const flow: FlowCookie = { s: state, page: query.page, lng: query.lng, from: localPath(query.from) };
      await ctx.kv.setIfAbsent(`tglogin:state:${state}`, FLOW_TTL_S);
      if (tg.login === 'widget') {
        // The Login Widget's own page (what its button opens); it sends the signed fields back.
        const url = new URL(`${tg.oidcIssuer}/auth`);
        url.searchParams.set('bot_id', client.clientId);
        url.searchParams.set('origin', base);
        url.searchParams.set('request_access', 'write');
        url.searchParams.set('lang', query.lng);
        url.searchParams.set('return_to', `${base}${WIDGET_CALLBACK_PATH}?state=${state}`);
        return { location: url.toString(), cookies: [flowCookie(flow, secure)] };
      }
      const secrets = telegramFlowSecrets(flowKey, state);
      try {
        const location = await client.authorizationUrl({
          state,
          challenge: secrets.challenge,
          nonce: secrets.nonce,
          redirectUri: `${base}${CALLBACK_PATH}`,
          lng: query.lng,
        });
        return { location, cookies: [flowCookie(flow, secure)] };
      } catch (err) {
        if (!(err instanceof TelegramUnavailable)) throw err;
        refused('unavailable', err.message);
        return { location: failure(flow, 'unavailable'), cookies: [] };
      }
    },

    /** GET /auth/telegram/callback: Telegram's answer to the OpenID Connect flow. */
    async callback(
      query: { code?: string; state?: string; error?: string },
      cookieHeader: string | undefined,
      host: string | undefined,
      protocol: string,
    ): Promise<FlowRedirect> {
      const { oidc: client } = enabled();
      const base = origin(host, protocol);
      const clear = [flowCookie(null, base.startsWith('https:'))];
      const flow = await takeFlow(cookieHeader, query.state);
      const fallback = readCookie(cookieHeader);
      if (flow === null) return { location: failure(fallback, refused('failed', 'unknown, reused or foreign state')), cookies: clear };
      if (flow === 'expired') return { location: failure(fallback, refused('expired', 'state expired')), cookies: clear };
      if (query.error) {
        const cancelled = query.error === 'access_denied' || query.error === 'consent_required' || query.error === 'login_required';
        return { location: failure(flow, cancelled ? 'cancelled' : refused('failed', `provider error ${query.error}`)), cookies: clear };
      }
      if (!query.code) return { location: failure(flow, refused('failed', 'no code')), cookies: clear };
      const secrets = telegramFlowSecrets(flowKey, flow.s);
      try {
        const idToken = await client.idToken(query.code, secrets.verifier, `${base}${CALLBACK_PATH}`);
        const { telegramId, phone } = await verifyIdToken(idToken, {
          issuer: ctx.env.telegram!.oidcIssuer,
          audience: client.clientId,
          now: ctx.now(),
          nonce: secrets.nonce,
        });
        return { location: await land(flow, telegramId, phone), cookies: clear };
      } catch (err) {
        if (err instanceof TelegramUnavailable) return { location: failure(flow, refused('unavailable', err.message)), cookies: clear };
        if (err instanceof AppError && err.code === 'telegram_login_expired')
          return { location: failure(flow, refused('expired', err.message)), cookies: clear };
        if (err instanceof AppError && err.code === 'invalid_signature') return { location: failure(flow, refused('failed', err.message)), cookies: clear };
        throw err;
      }
    },

    /** GET /auth/telegram/widget: the Login Widget's signed fields (TELEGRAM_LOGIN=widget). */
    async widgetCallback(query: Record<string, string>, cookieHeader: string | undefined, host: string | undefined, protocol: string): Promise<FlowRedirect> {
      const { config: tg } = enabled();
      const clear = [flowCookie(null, origin(host, protocol).startsWith('https:'))];
      const { state, ...fields } = query;
      const flow = await takeFlow(cookieHeader, state);
      const fallback = readCookie(cookieHeader);
      if (flow === null) return { location: failure(fallback, refused('failed', 'unknown, reused or foreign state')), cookies: clear };
      if (flow === 'expired') return { location: failure(fallback, refused('expired', 'state expired')), cookies: clear };
      if (!fields.hash) return { location: failure(flow, 'cancelled'), cookies: clear };
      try {
        const { telegramId } = verifyWidgetData(fields, tg.token, ctx.now());
        return { location: await land(flow, telegramId, null), cookies: clear };
      } catch (err) {
        if (err instanceof AppError && err.code === 'telegram_login_expired')
          return { location: failure(flow, refused('expired', err.message)), cookies: clear };
        if (err instanceof AppError && err.code === 'invalid_signature') return { location: failure(flow, refused('failed', err.message)), cookies: clear };
        throw err;
      }
    },
  };
}

export type TelegramLoginFlow = ReturnType<typeof createTelegramLoginFlow>;
