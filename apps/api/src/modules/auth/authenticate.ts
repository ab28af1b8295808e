import type { FastifyRequest } from 'fastify';
import type { Role } from '@betoch/contracts/constants';
import type { AppContext } from '../../app-context.ts';
import type { UserRow } from '../../db/schema/users.ts';
import { AppError } from '../../lib/app-error.ts';
import { findUserById } from '../users/user-rows.ts';
import { effectiveStatus, rolesOf } from '../users/user-view.ts';
import { isTokenRevoked } from './auth.repository.ts';

export interface AuthUser {
  id: string;
  phone: string;
  userType: UserRow['userType'];
  roles: Role[];
  isAdmin: boolean;
  status: 'active' | 'suspended' | 'banned';
  suspendedUntil: Date | null;
  jti: string;
  /** The token's version (users.token_version when it was signed). */
  tokenVersion: number;
  tokenExpiresAt: Date;
}

const BEARER = /^Bearer ([A-Za-z0-9._~+/-]+=*)$/;

/**
 * Reads the bearer token: no header is anonymous (null); a header that does not hold a live token
 * of an existing, unbanned user at its current token version is 401 invalid_token.
 */
export async function authenticate(ctx: AppContext, req: FastifyRequest): Promise<AuthUser | null> {
  const header = req.headers.authorization;
  if (!header) return null;
  const match = BEARER.exec(header);
  if (!match?.[1]) throw new AppError('invalid_token');
  let claims;
  try {
    claims = await ctx.tokens.verify(match[1]);
  } catch {
    throw new AppError('invalid_token');
  }
  const user = await liveTokenUser(ctx, { userId: claims.uid, tokenVersion: claims.tv, jti: claims.jti });
  if (!user || user.phone !== claims.sub) throw new AppError('invalid_token');
  return authUserOf(user, ctx.now(), { jti: claims.jti, expiresAt: new Date(claims.exp * 1000) });
}

/**
 * The user a token names while the token still holds: the account exists, is neither deleted nor
 * banned, is still at the token's version (sign out everywhere, a phone change, a ban and a
 * deletion move it on), and this token was not signed out. Otherwise undefined.
 */
export async function liveTokenUser(ctx: AppContext, token: { userId: string; tokenVersion: number; jti: string }): Promise<UserRow | undefined> {
  const user = await findUserById(ctx.db, token.userId);
  if (!user || user.tokenVersion !== token.tokenVersion || user.status === 'banned' || user.deletedAt !== null) return undefined;
  if (await isTokenRevoked(ctx.db, token.jti)) return undefined;
  return user;
}

/** The user as services see them (they check permissions against this), with the token that carries them. */
export function authUserOf(user: UserRow, now: Date, token: { jti: string; expiresAt: Date }): AuthUser {
  return {
    id: user.id,
    phone: user.phone,
    userType: user.userType,
    roles: rolesOf(user),
    isAdmin: user.isAdmin,
    status: effectiveStatus(user, now),
    suspendedUntil: user.suspendedUntil,
    jti: token.jti,
    tokenVersion: user.tokenVersion,
    tokenExpiresAt: token.expiresAt,
  };
}

/** Posting, messaging and unlocking are closed to a suspended user until the date passes. */
export function assertNotSuspended(user: AuthUser): void {
  if (user.status === 'suspended') {
    throw new AppError('account_suspended', undefined, {
      reason: user.suspendedUntil ? `until ${user.suspendedUntil.toISOString()}` : undefined,
    });
  }
}
