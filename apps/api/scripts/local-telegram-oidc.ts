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
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT } from 'jose';
import Provider from 'oidc-provider';

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

async function signingKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const pub = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const priv = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateKey, pub, priv };
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

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
  const state = { fault: { token: 'none' as TelegramOidcFault }, tokenCalls: 0 };

  const outer = http.createServer();
  const sockets = new Set<Socket>();
  outer.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => outer.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(outer.address() as AddressInfo).port}`;

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: options.clientId,
        client_secret: options.clientSecret,
        token_endpoint_auth_method: 'client_secret_basic',
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        id_token_signed_response_alg: 'RS256',
        require_auth_time: true,
      },
    ],
    jwks: { keys: [main.priv] },
    clientAuthMethods: ['client_secret_basic'],
    pkce: { required: () => true },
    // Telegram puts the profile and the phone in the ID token itself.
    conformIdTokenClaims: false,
    scopes: ['openid', 'profile', 'phone'],
    claims: {
      openid: ['sub'],
      profile: ['id', 'name', 'preferred_username'],
      phone: ['phone_number', 'phone_number_verified'],
    },
    features: { devInteractions: { enabled: false }, userinfo: { enabled: false } },
    routes: ENDPOINTS,
    cookies: { keys: ['local-telegram-oidc-cookie-key'] },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const person = accounts.get(Number(sub));
      if (!person) return undefined;
      return {
        accountId: sub,
        async claims() {
          return {
            sub,
            id: person.id,
            name: person.name,
            ...(person.username ? { preferred_username: person.username } : {}),
            ...(person.phone_number ? { phone_number: person.phone_number, phone_number_verified: true } : {}),
          };
        },
      };
    },
  });
  const inner = provider.callback();
  if (options.logErrors) {
    (provider as unknown as { on(event: string, fn: (ctx: unknown, err: Error & { error_description?: string }) => void): void }).on('grant.error', (_ctx, err) =>
      process.stderr.write(`token error: ${err.message} ${err.error_description ?? ''}\n`),
    );
  }

  /** The login page: a Telegram account to log in as, 'Share my phone number', and Cancel. */
  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    if (!action) {
      const choices = [...accounts.values()]
        .map(
          (a) =>
            `<button type="submit" name="telegram_id" value="${a.id}">Log in as ${escapeHtml(a.name)}${a.username ? ` (@${escapeHtml(a.username)})` : ''}</button>`,
        )
        .join('\n');
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Local Telegram login</title></head>
<body><main><h1>Local Telegram login</h1><p>Log in to the bot ${escapeHtml(String(details.params.client_id))} with Telegram.</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login"><label><input type="checkbox" name="share_phone" value="1" checked> Share my phone number</label>
${choices}</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form></main></body></html>`);
      return;
    }
    const form = new URLSearchParams((await readBody(req)).toString());
    if (action === 'abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled.' }, { mergeWithLastSubmission: false });
      return;
    }
    const person = accounts.get(Number(form.get('telegram_id')));
    if (!person) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end('<!doctype html><p>Unknown Telegram account.</p>');
      return;
    }
    const sub = String(person.id);
    const grant = new provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
    const asked = String(details.params.scope ?? 'openid').split(' ');
    // The phone only when asked for and shared.
    const share = form.get('share_phone') === '1';
    grant.addOIDCScope(asked.filter((s) => s !== 'phone' || share).join(' '));
    if (!share && asked.includes('phone')) grant.rejectOIDCScope('phone');
    const grantId = await grant.save();
    await provider.interactionFinished(req, res, { login: { accountId: sub }, consent: { grantId } }, { mergeWithLastSubmission: false });
  }

  /** The token endpoint, through the steering: the real answer, then tampered as asked. */
  async function token(req: http.IncomingMessage, res: http.ServerResponse) {
    state.tokenCalls += 1;
    const fault = state.fault.token;
    const body = await readBody(req);
    const answer = await fetch(`${issuer}${ENDPOINTS.token}?__inner=1`, {
      method: 'POST',
      headers: {
        'content-type': String(req.headers['content-type']),
        accept: 'application/json',
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      },
      body,
    });
    const json = (await answer.json()) as Record<string, unknown>;
    if (answer.ok && typeof json.id_token === 'string' && fault !== 'none') json.id_token = await tamper(json.id_token, fault);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(json));
  }

  async function tamper(idToken: string, fault: TelegramOidcFault): Promise<string> {
    const claims = decodeJwt(idToken);
    const nowS = Math.floor(Date.now() / 1000);
    const sign = (payload: Record<string, unknown>) => new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid: main.pub.kid }).sign(main.privateKey);
    switch (fault) {
      case 'other_key':
        return new SignJWT(claims).setProtectedHeader({ alg: 'RS256', kid: main.pub.kid }).sign(other.privateKey);
      case 'wrong_aud':
        return sign({ ...claims, aud: '999999999' });
      case 'wrong_iss':
        return sign({ ...claims, iss: 'https://oauth.attacker.example' });
      case 'expired':
        return sign({ ...claims, iat: nowS - 7200, exp: nowS - 3600 });
      case 'old_auth_time':
        return sign({ ...claims, auth_time: nowS - 25 * 3600 });
      default:
        return idToken;
    }
  }

  outer.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const run = async () => {
      const m = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
      if (m) return interaction(req, res, m[1]!, m[2]);
      if (url.pathname === '/healthz') {
        res.writeHead(200).end('ok');
        return;
      }
      if (url.pathname === ENDPOINTS.token && req.method === 'POST' && !url.searchParams.has('__inner')) return token(req, res);
      if (url.searchParams.has('__inner')) {
        url.searchParams.delete('__inner');
        req.url = `${url.pathname}${url.search}`;
      }
      return inner(req, res);
    };
    run().catch((err: unknown) => {
      if (!res.headersSent) res.writeHead(500, { 'content-type': 'text/plain' });
      res.end(String(err));
    });
  });

  return {
    url: issuer,
    accounts,
    get fault() {
      return state.fault;
    },
    get tokenCalls() {
      return state.tokenCalls;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => outer.close(() => resolve()));
    },
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
