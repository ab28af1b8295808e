import { randomUUID } from 'node:crypto';
import { SignJWT, jwtVerify } from 'jose';
import { TOKEN_TTL_DAYS } from '@betoch/contracts/constants';

const ALGORITHM = 'HS256';
const ISSUER = 'betoch';

export interface TokenClaims {
  sub: string;
  uid: string;
  tv: number;
  jti: string;
  exp: number;
}

export interface TokenService {
  sign(user: { id: string; phone: string; tokenVersion: number }): Promise<{ token: string; jti: string; expiresAt: Date }>;
  /** Throws on a bad signature, another algorithm, a missing claim or an expired token. */
  verify(token: string): Promise<TokenClaims>;
}

/** Signed JWTs with the algorithm pinned; revocation is checked by the caller (token version, jti). */
export function createTokenService(secret: string, now: () => Date): TokenService {
  const key = new TextEncoder().encode(secret);
  return {
    async sign(user) {
      const jti = randomUUID();
      const issuedAt = Math.floor(now().getTime() / 1000);
      const exp = issuedAt + TOKEN_TTL_DAYS * 24 * 3600;
      const token = await new SignJWT({ uid: user.id, tv: user.tokenVersion })
        .setProtectedHeader({ alg: ALGORITHM, typ: 'JWT' })
        .setSubject(user.phone)
        .setIssuer(ISSUER)
        .setJti(jti)
        .setIssuedAt(issuedAt)
        .setExpirationTime(exp)
        .sign(key);
      return { token, jti, expiresAt: new Date(exp * 1000) };
    },
    async verify(token) {
      const { payload } = await jwtVerify(token, key, {
        algorithms: [ALGORITHM],
        issuer: ISSUER,
        currentDate: now(),
      });
      const { sub, uid, tv, jti, exp } = payload as Partial<TokenClaims>;
      if (typeof sub !== 'string' || typeof uid !== 'string' || typeof tv !== 'number' || typeof jti !== 'string' || typeof exp !== 'number') {
        throw new Error('missing claims');
      }
      return { sub, uid, tv, jti, exp };
    },
  };
}
