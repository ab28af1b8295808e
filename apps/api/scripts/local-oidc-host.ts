/**
 * What the local OpenID providers (local-fayda-provider.ts, local-telegram-oidc.ts) share: the
 * certified `oidc-provider` behind a small proxy on 127.0.0.1, with one client, one signing key,
 * a login page of the provider's own (with Cancel, which answers `error=access_denied`), and a
 * token endpoint that tests steer to tamper with the ID token. Each provider says what differs:
 * its client, claims, paths, login page and faults.
 */
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { decodeJwt, exportJWK, generateKeyPair, SignJWT, type JWTPayload } from 'jose';
import Provider from 'oidc-provider';

export async function signingKey(kid: string) {
  const { privateKey, publicKey } = await generateKeyPair('RS256', { extractable: true });
  const pub = { ...(await exportJWK(publicKey)), kid, alg: 'RS256', use: 'sig' };
  const priv = { ...(await exportJWK(privateKey)), kid, alg: 'RS256', use: 'sig' };
  return { privateKey, pub, priv };
}

export type SigningKey = Awaited<ReturnType<typeof signingKey>>;

/** Signs `payload` with `key`'s private key under `kid` (a key's own kid, or another's to forge). */
export function signAs(payload: JWTPayload, key: SigningKey, kid: string = key.pub.kid): Promise<string> {
  return new SignJWT(payload).setProtectedHeader({ alg: 'RS256', kid }).sign(key.privateKey);
}

/** The ID token faults both providers play: another key under the provider's kid, a wrong aud or iss, expired. */
export type CommonIdTokenFault = 'other_key' | 'wrong_aud' | 'wrong_iss' | 'expired';

/**
 * The ID token re-signed with one of the common faults (`wrongAud`/`wrongIss`: what this provider
 * puts there), or undefined for a fault this does not play (the provider's own).
 */
export function tamperCommon(
  idToken: string,
  fault: string,
  keys: { main: SigningKey; other: SigningKey },
  wrong: { aud: string; iss: string },
): Promise<string> | undefined {
  const claims = decodeJwt(idToken);
  const nowS = Math.floor(Date.now() / 1000);
  switch (fault) {
    case 'other_key':
      // The attacker's key, under the provider's own kid.
      return signAs(claims, keys.other, keys.main.pub.kid);
    case 'wrong_aud':
      return signAs({ ...claims, aud: wrong.aud }, keys.main);
    case 'wrong_iss':
      return signAs({ ...claims, iss: wrong.iss }, keys.main);
    case 'expired':
      return signAs({ ...claims, iat: nowS - 7200, exp: nowS - 3600 }, keys.main);
    default:
      return undefined;
  }
}

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function readBody(req: http.IncomingMessage): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks);
}

type Handler = (req: http.IncomingMessage, res: http.ServerResponse) => Promise<void>;
type InteractionDetails = Awaited<ReturnType<Provider['interactionDetails']>>;

export interface OidcHostOptions {
  port?: number;
  signing: SigningKey;
  /** The one registered client, with its authentication method. */
  client: Record<string, unknown> & { token_endpoint_auth_method: string };
  /** Paths of the provider's endpoints; `token` is the one the steering sits in front of. */
  routes: Record<string, string> & { token: string };
  cookieKey: string;
  /** The rest of oidc-provider's configuration (claims, features, scopes, acr values…). */
  config: Record<string, unknown>;
  /** The claims of an account, or undefined for no such account. */
  claimsOf(sub: string): Record<string, unknown> | undefined;
  /** Writes why the token endpoint refused a call (the browser journeys' processes). */
  logErrors?: boolean;
  login: {
    title: string;
    /** The line above the form, and the form's fields and buttons. */
    intro(details: InteractionDetails): string;
    fields(): string;
    /** What the form's answer grants, or undefined when it names nobody (answered 400 with `unknown`). */
    finish(form: URLSearchParams, details: InteractionDetails): Promise<Record<string, unknown> | undefined>;
    unknown: string;
  };
  /** Answers the token call itself (a fault before the provider is asked) when it returns true. */
  beforeToken?(res: http.ServerResponse): Promise<boolean>;
  /** The ID token as tests steer it. */
  tamper(idToken: string): Promise<string>;
  /** More paths the proxy answers itself; undefined when it does not. */
  extraRoute?(url: URL, req: http.IncomingMessage, res: http.ServerResponse): Promise<void> | undefined;
}

export interface OidcHost {
  issuer: string;
  provider: Provider;
  readonly tokenCalls: number;
  close(): Promise<void>;
}

export async function startOidcHost(options: OidcHostOptions): Promise<OidcHost> {
  const outer = http.createServer();
  const sockets = new Set<Socket>();
  outer.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => outer.listen(options.port ?? 0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(outer.address() as AddressInfo).port}`;
  let tokenCalls = 0;

  const provider = new Provider(issuer, {
    ...options.config,
    clients: [{ ...options.client, response_types: ['code'], grant_types: ['authorization_code'], id_token_signed_response_alg: 'RS256' }],
    jwks: { keys: [options.signing.priv] },
    clientAuthMethods: [options.client.token_endpoint_auth_method],
    pkce: { required: () => true },
    features: { devInteractions: { enabled: false }, ...(options.config.features as Record<string, unknown> | undefined) },
    routes: options.routes,
    cookies: { keys: [options.cookieKey] },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    async findAccount(_ctx: unknown, sub: string) {
      const claims = options.claimsOf(sub);
      if (!claims) return undefined;
      return { accountId: sub, claims: async () => ({ sub, ...claims }) };
    },
  });
  const inner = provider.callback();
  if (options.logErrors) {
    (provider as unknown as { on(event: string, fn: (ctx: unknown, err: Error & { cause?: unknown; error_description?: string }) => void): void }).on(
      'grant.error',
      (_ctx, err) => process.stderr.write(`token error: ${err.message} ${err.error_description ?? ''} ${String(err.cause ?? '')}\n`),
    );
  }

  /** The login page: the provider's own fields, and Cancel. */
  async function interaction(req: http.IncomingMessage, res: http.ServerResponse, uid: string, action: string | undefined) {
    const details = await provider.interactionDetails(req, res);
    if (details.uid !== uid) throw new Error('interaction mismatch');
    const { title, intro, fields, finish, unknown } = options.login;
    if (!action) {
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>${title}</title></head>
<body><main><h1>${title}</h1><p>${intro(details)}</p>
<form method="post" action="/interaction/${escapeHtml(uid)}/login">${fields()}</form>
<form method="post" action="/interaction/${escapeHtml(uid)}/abort"><button type="submit">Cancel</button></form></main></body></html>`);
      return;
    }
    const form = new URLSearchParams((await readBody(req)).toString());
    if (action === 'abort') {
      await provider.interactionFinished(req, res, { error: 'access_denied', error_description: 'The user cancelled.' }, { mergeWithLastSubmission: false });
      return;
    }
    const result = await finish(form, details);
    if (!result) {
      res.writeHead(400, { 'content-type': 'text/html; charset=utf-8' });
      res.end(`<!doctype html><p>${unknown}</p>`);
      return;
    }
    await provider.interactionFinished(req, res, result, { mergeWithLastSubmission: false });
  }

  /** The token endpoint, through the steering: the real answer, then tampered as asked. */
  const token: Handler = async (req, res) => {
    tokenCalls += 1;
    if (await options.beforeToken?.(res)) return;
    const body = await readBody(req);
    // The real provider answers on the same server: call it with the body read here.
    const answer = await fetch(`${issuer}${options.routes.token}?__inner=1`, {
      method: 'POST',
      headers: {
        'content-type': String(req.headers['content-type']),
        accept: 'application/json',
        ...(req.headers.authorization ? { authorization: req.headers.authorization } : {}),
      },
      body,
    });
    const json = (await answer.json()) as Record<string, unknown>;
    if (answer.ok && typeof json.id_token === 'string') json.id_token = await options.tamper(json.id_token);
    res.writeHead(answer.status, { 'content-type': 'application/json', 'cache-control': 'no-store' });
    res.end(JSON.stringify(json));
  };

  outer.on('request', (req, res) => {
    const url = new URL(req.url ?? '/', issuer);
    const run = async () => {
      const m = /^\/interaction\/([\w-]+)(?:\/(login|abort))?$/.exec(url.pathname);
      if (m) return interaction(req, res, m[1]!, m[2]);
      if (url.pathname === '/healthz') {
        res.writeHead(200).end('ok');
        return;
      }
      if (url.pathname === options.routes.token && req.method === 'POST' && !url.searchParams.has('__inner')) return token(req, res);
      const answered = options.extraRoute?.(url, req, res);
      if (answered) return answered;
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
    issuer,
    provider,
    get tokenCalls() {
      return tokenCalls;
    },
    async close() {
      for (const s of sockets) s.destroy();
      await new Promise<void>((resolve) => outer.close(() => resolve()));
    },
  };
}
