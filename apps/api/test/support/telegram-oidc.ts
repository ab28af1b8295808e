import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { exportJWK, generateKeyPair, SignJWT, type CryptoKey, type JWK } from 'jose';

export interface LocalTelegramOidc {
  issuer: string;
  /** An ID token as Telegram's OpenID Connect login issues it, signed with the published key unless told otherwise. */
  idToken(
    claims: Record<string, unknown>,
    options?: { audience?: string; issuer?: string; expiresInS?: number; issuedAgoS?: number; key?: CryptoKey; kid?: string },
  ): Promise<string>;
  /** A key the issuer does not publish. */
  strangerKey: CryptoKey;
  close(): Promise<void>;
}

/** A local stand-in for Telegram's OpenID Connect issuer: its keys at /.well-known/jwks.json, and ID tokens signed with them. */
export async function startLocalTelegramOidc(audience: string): Promise<LocalTelegramOidc> {
  const { publicKey, privateKey } = await generateKeyPair('RS256');
  const stranger = await generateKeyPair('RS256');
  const jwk: JWK = { ...(await exportJWK(publicKey)), kid: 'tg-1', alg: 'RS256', use: 'sig' };
  const server = http.createServer((req, res) => {
    if (req.url === '/.well-known/jwks.json') {
      res.writeHead(200, { 'content-type': 'application/json' });
      res.end(JSON.stringify({ keys: [jwk] }));
      return;
    }
    res.writeHead(404).end();
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    issuer,
    strangerKey: stranger.privateKey,
    async idToken(claims, options = {}) {
      const now = Math.floor(Date.now() / 1000) - (options.issuedAgoS ?? 0);
      return new SignJWT(claims)
        .setProtectedHeader({ alg: 'RS256', kid: options.kid ?? 'tg-1' })
        .setIssuer(options.issuer ?? issuer)
        .setAudience(options.audience ?? audience)
        .setIssuedAt(now)
        .setExpirationTime(now + (options.expiresInS ?? 600))
        .sign(options.key ?? privateKey);
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}
