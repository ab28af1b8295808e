/**
 * A local stand-in for Telegram's OpenID Connect login (core.telegram.org/bots/telegram-login): the
 * certified OpenID provider `oidc-provider`, set up as Telegram's is: authorization code with PKCE
 * required, the client id is the bot's id and the client secret BotFather's (client_secret_basic),
 * Telegram's paths (/auth, /token, /.well-known/jwks.json), the claims in the ID token (no userinfo
 * call is needed): `id`, `name`, `preferred_username`, and with the `phone` scope the verified
 * `phone_number`. Its login page lists Telegram accounts to log in as, a box 'Share my phone
 * number', and Cancel (which answers `error=access_denied`).
 *
 * In front of it sits a small proxy that tests steer to misbehave as a faulty or hostile provider
 * would: an ID token with a wrong aud or iss, expired, with an auth_time over a day old, or signed
 * by a key it does not publish. The browser journeys run it as a process:
 *   node --import tsx apps/api/scripts/local-telegram-oidc.ts   (TELEGRAM_OIDC_PORT,
 *   TELEGRAM_CLIENT_ID (the bot's id), TELEGRAM_CLIENT_SECRET, TELEGRAM_REDIRECT_URI)
 */
import { pathToFileURL } from 'node:url';
import { decodeJwt } from 'jose';
import { escapeHtml, signAs, signingKey, startOidcHost, tamperCommon } from './local-oidc-host.ts';

export interface TelegramAccount {
  /** The Telegram user id (also the OpenID subject here). */
  id: number;
  name: string;
  username?: string;
  /** The account's phone; shared only when the person ticks 'Share my phone number'. */
  phone_number?: string;
}

export type TelegramOidcFault = 'none' | 'other_key' | 'wrong_aud' | 'wrong_iss' | 'expired' | 'old_auth_time';

export interface LocalTelegramOidcProvider {
  /** The issuer (TELEGRAM_OIDC_ISSUER). */
  url: string;
  accounts: Map<number, TelegramAccount>;
  /** What the token endpoint does to its answer (tests steer it). */
  fault: { token: TelegramOidcFault };
  /** Token calls received. */
  readonly tokenCalls: number;
  close(): Promise<void>;
}

const ENDPOINTS = { authorization: '/auth', token: '/token', jwks: '/.well-known/jwks.json' };

export async function startLocalTelegramOidc(options: {
  port?: number;
  /** The bot's id (Telegram's client id). */
  clientId: string;
  clientSecret: string;
  redirectUris: string[];
  accounts?: TelegramAccount[];
  logErrors?: boolean;
}): Promise<LocalTelegramOidcProvider> {
  const main = await signingKey('telegram-1');
  const other = await signingKey('attacker-1');
  const accounts = new Map((options.accounts ?? []).map((a) => [a.id, a]));
  const state = { fault: { token: 'none' as TelegramOidcFault } };

  const host = await startOidcHost({
    port: options.port,
    signing: main,
    client: {
      client_id: options.clientId,
      client_secret: options.clientSecret,
      token_endpoint_auth_method: 'client_secret_basic',
      redirect_uris: options.redirectUris,
      require_auth_time: true,
    },
    routes: ENDPOINTS,
    cookieKey: 'local-telegram-oidc-cookie-key',
    config: {
      // Telegram puts the profile and the phone in the ID token itself.
      conformIdTokenClaims: false,
      scopes: ['openid', 'profile', 'phone'],
      claims: {
        openid: ['sub'],
        profile: ['id', 'name', 'preferred_username'],
        phone: ['phone_number', 'phone_number_verified'],
      },
      features: { userinfo: { enabled: false } },
    },
    claimsOf(sub) {
      const person = accounts.get(Number(sub));
      if (!person) return undefined;
      return {
        id: person.id,
        name: person.name,
        ...(person.username ? { preferred_username: person.username } : {}),
        ...(person.phone_number ? { phone_number: person.phone_number, phone_number_verified: true } : {}),
      };
    },
    logErrors: options.logErrors,
    // A Telegram account to log in as, and 'Share my phone number'.
    login: {
      title: 'Local Telegram login',
      intro: (details) => `Log in to the bot ${escapeHtml(String(details.params.client_id))} with Telegram.`,
      fields: () => `<label><input type="checkbox" name="share_phone" value="1" checked> Share my phone number</label>
${[...accounts.values()]
  .map(
    (a) =>
      `<button type="submit" name="telegram_id" value="${a.id}">Log in as ${escapeHtml(a.name)}${a.username ? ` (@${escapeHtml(a.username)})` : ''}</button>`,
  )
  .join('\n')}`,
      async finish(form, details) {
        const person = accounts.get(Number(form.get('telegram_id')));
        if (!person) return undefined;
        const sub = String(person.id);
        const grant = new host.provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
        const asked = String(details.params.scope ?? 'openid').split(' ');
        // The phone only when asked for and shared.
        const share = form.get('share_phone') === '1';
        grant.addOIDCScope(asked.filter((s) => s !== 'phone' || share).join(' '));
        if (!share && asked.includes('phone')) grant.rejectOIDCScope('phone');
        const grantId = await grant.save();
        return { login: { accountId: sub }, consent: { grantId } };
      },
      unknown: 'Unknown Telegram account.',
    },
    tamper: (idToken) => tamper(idToken, state.fault.token),
  });

  async function tamper(idToken: string, fault: TelegramOidcFault): Promise<string> {
    const common = tamperCommon(idToken, fault, { main, other }, { aud: '999999999', iss: 'https://oauth.attacker.example' });
    if (common) return common;
    if (fault !== 'old_auth_time') return idToken;
    return signAs({ ...decodeJwt(idToken), auth_time: Math.floor(Date.now() / 1000) - 25 * 3600 }, main);
  }

  return {
    url: host.issuer,
    accounts,
    get fault() {
      return state.fault;
    },
    get tokenCalls() {
      return host.tokenCalls;
    },
    close: () => host.close(),
  };
}

/** The Telegram accounts of the browser journeys (one with a phone of an account, one new phone, one without). */
export const JOURNEY_TELEGRAM_ACCOUNTS: TelegramAccount[] = [
  { id: 7100001, name: 'Hana Girma', username: 'hana_g', phone_number: '+251911770001' },
  { id: 7100002, name: 'Yonas Alemu', username: 'yonas_a', phone_number: '+251911770002' },
  { id: 7100003, name: 'Selam Tadesse', username: 'selam_t', phone_number: '+251911770003' },
  { id: 7100004, name: 'Meron Bekele', username: 'meron_b', phone_number: '+251911770004' },
  { id: 7100005, name: 'Dawit Haile', username: 'dawit_h' },
];

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = await startLocalTelegramOidc({
    port: Number(process.env.TELEGRAM_OIDC_PORT ?? 8394),
    clientId: process.env.TELEGRAM_CLIENT_ID ?? '123456789',
    clientSecret: process.env.TELEGRAM_CLIENT_SECRET ?? 'local-telegram-client-secret',
    redirectUris: [process.env.TELEGRAM_REDIRECT_URI ?? 'http://127.0.0.1:8193/api/auth/telegram/callback'],
    logErrors: true,
    accounts: JOURNEY_TELEGRAM_ACCOUNTS,
  });
  process.stdout.write(`local Telegram login at ${started.url}\n`);
}
