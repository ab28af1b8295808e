import { calculateJwkThumbprint, importJWK, SignJWT, type CryptoKey, type JWK } from 'jose';
import { randomUUID } from 'node:crypto';
import type { FaydaPrivateJwk } from '../../config/env.ts';

/** The fields of a private JWK that must never be published. */
const PRIVATE_FIELDS = new Set(['d', 'p', 'q', 'dp', 'dq', 'qi', 'oth', 'k']);

/**
 * The business's key (FAYDA_PRIVATE_KEY): it signs the client assertion (private_key_jwt) and,
 * when the provider encrypts userinfo to it, decrypts that answer. Its public part is published at
 * /.well-known/jwks.json.
 */
export interface FaydaKeys {
  /** The public JWK set, as served at /.well-known/jwks.json. */
  jwks: { keys: JWK[] };
  /** A client assertion for the token endpoint: iss = sub = client id, aud, exp, jti. */
  clientAssertion(audience: string, now: Date): Promise<string>;
  /** The private key as the given JWE algorithm needs it (decrypting an encrypted userinfo answer). */
  decryptionKey(alg: string): Promise<CryptoKey | Uint8Array>;
}

export async function loadFaydaKeys(jwk: FaydaPrivateJwk, clientId: string): Promise<FaydaKeys> {
  const publicJwk: JWK = Object.fromEntries(Object.entries(jwk).filter(([field]) => !PRIVATE_FIELDS.has(field)));
  const kid = jwk.kid ?? (await calculateJwkThumbprint(publicJwk));
  const published: JWK = { ...publicJwk, kid, alg: jwk.alg };
  const signingKey = await importJWK({ ...jwk, kid }, jwk.alg);
  return {
    jwks: { keys: [published] },
    async clientAssertion(audience, now) {
      const iat = Math.floor(now.getTime() / 1000);
      return new SignJWT({})
        .setProtectedHeader({ alg: jwk.alg, kid, typ: 'JWT' })
        .setIssuer(clientId)
        .setSubject(clientId)
        .setAudience(audience)
        .setIssuedAt(iat)
        .setExpirationTime(iat + 120)
        .setJti(randomUUID())
        .sign(signingKey);
    },
    async decryptionKey(alg) {
      // The key as published has its signing alg; JWE needs it imported for the key-management alg.
      const { alg: _signing, ...rest } = jwk;
      return importJWK({ ...rest, kid }, alg);
    },
  };
}
