/**
 * A local stand-in for Fayda's eSignet: the certified OpenID provider `oidc-provider`, set up as
 * eSignet is (docs/fayda.md): authorization code with PKCE required, client authentication by
 * private_key_jwt only, the claims request parameter, signed (RS256) userinfo, eSignet's endpoint
 * paths and acr values. Its login page asks for an individual ID (a UIN, as eSignet's OTP page
 * does) and has a Cancel button. In front of it sits a small proxy that tests steer to misbehave
 * as a faulty or hostile provider would: an ID token signed by another key, with a wrong aud or
 * iss, expired, dated in the future, without or with another nonce, `alg: none`, keys rotated
 * mid-flow, a slow or failing token endpoint; and userinfo signed then encrypted to the client's key
 * (or to another key). The browser journey runs it as a process:
 *   node --import tsx apps/api/scripts/local-fayda-provider.ts   (FAYDA_PROVIDER_PORT,
 *   FAYDA_CLIENT_ID, FAYDA_CLIENT_JWKS (the client's public JWK set), FAYDA_REDIRECT_URI,
 *   FAYDA_USERINFO: signed (default) or encrypted)
 */
import type http from 'node:http';
import { pathToFileURL } from 'node:url';
import { CompactEncrypt, decodeJwt, exportJWK, generateKeyPair, importJWK, type JWK } from 'jose';
import { escapeHtml, signAs, signingKey, startOidcHost, tamperCommon } from './local-oidc-host.ts';

export interface FaydaIdentity {
  name: string;
  /** eSignet's localized name (claims_locales=en am). */
  nameAm?: string;
  phone_number?: string;
  birthdate?: string;
  picture?: string;
  gender?: string;
  /** The national ID number: eSignet never puts it in a claim; it is how the person logs in. */
  individualId: string;
}

export type FaydaFault =
  'none' | 'other_key' | 'wrong_aud' | 'wrong_iss' | 'expired' | 'future' | 'no_nonce' | 'wrong_nonce' | 'alg_none' | 'rotated' | 'slow' | '5xx';

/**
 * How the userinfo endpoint answers: signed (RS256, the default), or signed then encrypted to the
 * client's registered public key (a JWE, as eSignet does for a client that registers
 * userinfo_encrypted_response_alg), or encrypted to a key that is not the client's, or encrypted
 * to the client with a signature inside made by another key than the provider's.
 */
export type FaydaUserinfoMode = 'signed' | 'encrypted' | 'encrypted_to_other_key' | 'encrypted_signed_by_other_key';

export interface LocalFaydaProvider {
  /** The issuer (FAYDA_ISSUER). */
  url: string;
  /** Individual IDs that can log in, and the claims of each (sub is the map's key). */
  identities: Map<string, FaydaIdentity>;
  /** What the token endpoint does to its answer, and how userinfo answers (tests steer them). */
  fault: { token: FaydaFault; userinfo: FaydaUserinfoMode };
  /** Token calls received. */
  tokenCalls: number;
  /** Userinfo answers given, by form. */
  userinfoAnswers: { signed: number; encrypted: number };
  close(): Promise<void>;
}

const ENDPOINTS = {
  authorization: '/authorize',
  token: '/v1/esignet/oauth/v2/token',
  userinfo: '/v1/esignet/oidc/userinfo',
  jwks: '/v1/esignet/oauth/.well-known/jwks.json',
};

/** A public key of the client's type that is not the client's (someone else's key). */
async function otherPublicKey(alg: 'RS256' | 'ES256'): Promise<JWK> {
  const { publicKey } = await generateKeyPair(alg, { extractable: true });
  return exportJWK(publicKey);
}

export async function startLocalFaydaProvider(options: {
  port?: number;
  clientId: string;
  /** The client's public keys, as registered on the partner portal. */
  clientJwks?: { keys: JWK[] };
  redirectUris: string[];
  identities?: Array<[string, FaydaIdentity]>;
  /** Writes why the token endpoint refused a call (the browser journey's process). */
  logErrors?: boolean;
  /** How userinfo answers at first (default: signed). */
  userinfo?: FaydaUserinfoMode;
}): Promise<LocalFaydaProvider> {
  const main = await signingKey('esignet-1');
  const other = await signingKey('attacker-1');
  const rotated = await signingKey('esignet-2');
  const identities = new Map(options.identities ?? []);
  const state = {
    fault: { token: 'none' as FaydaFault, userinfo: options.userinfo ?? ('signed' as FaydaUserinfoMode) },
    userinfoAnswers: { signed: 0, encrypted: 0 },
    rotatedOut: false,
  };

  const host = await startOidcHost({
    port: options.port,
    signing: main,
    client: {
      client_id: options.clientId,
      token_endpoint_auth_method: 'private_key_jwt',
      jwks: options.clientJwks,
      redirect_uris: options.redirectUris,
      userinfo_signed_response_alg: 'RS256',
    },
    routes: ENDPOINTS,
    cookieKey: 'local-fayda-provider-cookie-key',
    config: {
      acrValues: ['mosip:idp:acr:generated-code', 'mosip:idp:acr:biometrics', 'mosip:idp:acr:linked-wallet'],
      claims: {
        openid: ['sub'],
        profile: ['name', 'name#en', 'name#am', 'birthdate', 'gender', 'picture'],
        phone: ['phone_number'],
      },
      features: { claimsParameter: { enabled: true }, jwtUserinfo: { enabled: true }, userinfo: { enabled: true } },
    },
    claimsOf(sub) {
      const person = identities.get(sub);
      if (!person) return undefined;
      return {
        name: person.name,
        'name#en': person.name,
        ...(person.nameAm ? { 'name#am': person.nameAm } : {}),
        ...(person.phone_number ? { phone_number: person.phone_number } : {}),
        birthdate: person.birthdate ?? '1990-01-01',
        gender: person.gender ?? 'Female',
        picture: person.picture ?? 'data:image/jpeg;base64,AAAA',
      };
    },
    logErrors: options.logErrors,
    // An individual ID (as eSignet's OTP page asks).
    login: {
      title: 'Local Fayda (eSignet)',
      intro: (details) => `Log in to share your name and phone with ${escapeHtml(String(details.params.client_id))}.`,
      fields: () => `<label>Fayda individual ID (FIN/UIN) <input name="individual_id" autocomplete="off"></label>
<label>OTP <input name="otp" value="111111"></label><button type="submit">Verify and share</button>`,
      async finish(form, details) {
        const individualId = form.get('individual_id') ?? '';
        const sub = [...identities.entries()].find(([, p]) => p.individualId === individualId)?.[0];
        if (!sub) return undefined;
        const grant = new host.provider.Grant({ accountId: sub, clientId: String(details.params.client_id) });
        grant.addOIDCScope(String(details.params.scope ?? 'openid'));
        const asked = details.params.claims ? (JSON.parse(String(details.params.claims)) as Record<string, Record<string, unknown> | null>) : {};
        const claimNames = [...new Set(Object.values(asked).flatMap((group) => Object.keys(group ?? {})))];
        if (claimNames.length) grant.addOIDCClaims(claimNames);
        const grantId = await grant.save();
        return { login: { accountId: sub, acr: 'mosip:idp:acr:generated-code', amr: ['otp'] }, consent: { grantId } };
      },
      unknown: 'Unknown individual ID.',
    },
    async beforeToken(res) {
      if (state.fault.token === '5xx') {
        res.writeHead(502, { 'content-type': 'text/html' });
        res.end('<html>bad gateway</html>');
        return true;
      }
      if (state.fault.token === 'slow') await new Promise((r) => setTimeout(r, 8000));
      return false;
    },
    tamper: (idToken) => tamper(idToken, state.fault.token),
    extraRoute(url, req, res) {
      if (url.pathname === ENDPOINTS.userinfo && !url.searchParams.has('__inner')) return userinfo(req, res);
      if (url.pathname === ENDPOINTS.jwks && state.rotatedOut) {
        res.writeHead(200, { 'content-type': 'application/json' });
        res.end(JSON.stringify({ keys: [main.pub, rotated.pub] }));
        return Promise.resolve();
      }
      return undefined;
    },
  });
  const issuer = host.issuer;

  /**
   * The userinfo endpoint, through the steering: the provider's signed answer, encrypted when asked
   * (JWE compact: RSA-OAEP-256 to an RSA key, ECDH-ES to an EC key, content A256GCM, cty JWT).
   */
  async function userinfo(req: http.IncomingMessage, res: http.ServerResponse) {
    const answer = await fetch(`${issuer}${ENDPOINTS.userinfo}?__inner=1`, {
      headers: { authorization: String(req.headers.authorization ?? ''), accept: 'application/jwt' },
    });
    let body = await answer.text();
    const mode = state.fault.userinfo;
    if (answer.ok) state.userinfoAnswers[mode === 'signed' ? 'signed' : 'encrypted'] += 1;
    if (answer.ok && mode === 'encrypted_signed_by_other_key') body = await signAs(decodeJwt(body), other, main.pub.kid);
    if (!answer.ok || mode === 'signed') {
      res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/jwt', 'cache-control': 'no-store' });
      res.end(body);
      return;
    }
    const registered = options.clientJwks?.keys[0];
    if (!registered) throw new Error('no client key registered to encrypt userinfo to');
    const alg = registered.kty === 'EC' ? 'ECDH-ES' : 'RSA-OAEP-256';
    const to = mode !== 'encrypted_to_other_key' ? { ...registered, alg } : { ...(await otherPublicKey(registered.kty === 'EC' ? 'ES256' : 'RS256')), alg };
    const jwe = await new CompactEncrypt(new TextEncoder().encode(body))
      .setProtectedHeader({ alg, enc: 'A256GCM', cty: 'JWT', ...(registered.kid ? { kid: registered.kid } : {}) })
      .encrypt(await importJWK(to, alg));
    res.writeHead(200, { 'content-type': 'application/jwt', 'cache-control': 'no-store' });
    res.end(jwe);
  }

  async function tamper(idToken: string, fault: FaydaFault): Promise<string> {
    const common = tamperCommon(idToken, fault, { main, other }, { aud: 'another-client', iss: 'https://esignet.attacker.example' });
    if (common) return common;
    const claims = decodeJwt(idToken);
    const nowS = Math.floor(Date.now() / 1000);
    switch (fault) {
      case 'future':
        return signAs({ ...claims, iat: nowS + 3600, exp: nowS + 7200 }, main);
      case 'no_nonce': {
        const { nonce: _nonce, ...rest } = claims;
        return signAs(rest, main);
      }
      case 'wrong_nonce':
        return signAs({ ...claims, nonce: 'another-flow-nonce' }, main);
      case 'alg_none':
        return `${Buffer.from(JSON.stringify({ alg: 'none', typ: 'JWT' })).toString('base64url')}.${Buffer.from(JSON.stringify(claims)).toString('base64url')}.`;
      case 'rotated':
        // The provider moved to a new key after the flow started: the JWKS now carries it.
        state.rotatedOut = true;
        return signAs(claims, rotated);
      default:
        return idToken;
    }
  }

  return {
    url: issuer,
    identities,
    get fault() {
      return state.fault;
    },
    get tokenCalls() {
      return host.tokenCalls;
    },
    get userinfoAnswers() {
      return state.userinfoAnswers;
    },
    close: () => host.close(),
  };
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const started = await startLocalFaydaProvider({
    port: Number(process.env.FAYDA_PROVIDER_PORT ?? 8393),
    clientId: process.env.FAYDA_CLIENT_ID ?? 'betoch-local',
    // The client's keys as registered on the partner portal (oidc-provider will not read a
    // jwks_uri on a loopback address: its guard against server-side request forgery).
    clientJwks: process.env.FAYDA_CLIENT_JWKS ? (JSON.parse(process.env.FAYDA_CLIENT_JWKS) as { keys: JWK[] }) : undefined,
    redirectUris: [process.env.FAYDA_REDIRECT_URI ?? 'http://127.0.0.1:8193/account/fayda'],
    logErrors: true,
    userinfo: (process.env.FAYDA_USERINFO as FaydaUserinfoMode | undefined) ?? 'signed',
    // One identity per journey (one identity verifies one account).
    identities: [
      ['fayda-sub-local-1', { individualId: '1234567890123401', name: 'Abebe Kebede', nameAm: 'አበበ ከበደ', phone_number: '+251911223344' }],
      ['fayda-sub-local-2', { individualId: '1234567890123402', name: 'Almaz Tesfaye', nameAm: 'አልማዝ ተስፋዬ', phone_number: '+251911223355' }],
      ['fayda-sub-local-3', { individualId: '1234567890123403', name: 'Dawit Bekele', nameAm: 'ዳዊት በቀለ' }],
    ],
  });
  process.stdout.write(`local Fayda provider at ${started.url}\n`);
}
