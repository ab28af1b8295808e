import { and, eq, gt, isNull, lt, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { otpCodes, revokedTokens } from '../../db/schema/auth.ts';

/** Replaces any earlier code of this phone; `sentAt` starts its retention period. */
export async function saveCode(db: DbOrTx, phone: string, codeHash: string, sentAt: Date, expiresAt: Date): Promise<void> {
  await db
    .insert(otpCodes)
    .values({ phone, codeHash, expiresAt, attempts: 0, createdAt: sentAt })
    .onConflictDoUpdate({
      target: otpCodes.phone,
      set: { codeHash, expiresAt, attempts: 0, consumedAt: null, createdAt: sentAt },
    });
}

/**
 * Takes one try of the phone's live code atomically, so parallel guesses cannot exceed the limit.
 * Returns the stored hash and the number of tries used, or undefined when no live code is left.
 */
export async function takeAttempt(db: DbOrTx, phone: string, now: Date, maxAttempts: number): Promise<{ codeHash: string; attempts: number } | undefined> {
  const [row] = await db
    .update(otpCodes)
    .set({ attempts: sql`${otpCodes.attempts} + 1` })
    .where(and(eq(otpCodes.phone, phone), isNull(otpCodes.consumedAt), gt(otpCodes.expiresAt, now), lt(otpCodes.attempts, maxAttempts)))
    .returning({ codeHash: otpCodes.codeHash, attempts: otpCodes.attempts });
  return row;
}

/**
 * A right code does not count as a wrong try (verify answers user_not_found and signup follows).
 * Only the try on that same code is given back, never one on a newer code sent meanwhile.
 */
export async function giveBackAttempt(db: DbOrTx, phone: string, codeHash: string): Promise<void> {
  await db
    .update(otpCodes)
    .set({ attempts: sql`greatest(${otpCodes.attempts} - 1, 0)` })
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.codeHash, codeHash)));
}

/** Marks the code used; false when another request used it first. */
export async function consumeCode(db: DbOrTx, phone: string, codeHash: string, now: Date): Promise<boolean> {
  const rows = await db
    .update(otpCodes)
    .set({ consumedAt: now })
    .where(and(eq(otpCodes.phone, phone), eq(otpCodes.codeHash, codeHash), isNull(otpCodes.consumedAt)))
    .returning({ phone: otpCodes.phone });
  return rows.length === 1;
}

export async function revokeToken(db: DbOrTx, jti: string, expiresAt: Date): Promise<void> {
  await db.insert(revokedTokens).values({ jti, expiresAt }).onConflictDoNothing();
}

export async function isTokenRevoked(db: DbOrTx, jti: string): Promise<boolean> {
  const rows = await db.select({ jti: revokedTokens.jti }).from(revokedTokens).where(eq(revokedTokens.jti, jti)).limit(1);
  return rows.length > 0;
}

/** Revoked tokens past their own expiry (a token that old is refused anyway). Sign-in codes are the retention job's. */
export async function deleteExpiredAuthRows(db: DbOrTx, now: Date): Promise<void> {
  await db.delete(revokedTokens).where(lt(revokedTokens.expiresAt, now));
}
