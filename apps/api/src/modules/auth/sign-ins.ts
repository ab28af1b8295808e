import { desc, eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bannedPhoneHashes, signIns } from '../../db/schema/account.ts';

/**
 * The sign-in log and the hashes of banned phones: the auth module writes and checks them at
 * sign-in; the account module lists them and keeps a banned phone's hash.
 */

export async function recordSignIn(db: DbOrTx, userId: string, device: string, at: Date): Promise<void> {
  await db.insert(signIns).values({ userId, device, createdAt: at });
}

export async function listSignIns(db: DbOrTx, userId: string, limit?: number): Promise<Array<{ at: Date; device: string }>> {
  const query = db.select({ at: signIns.createdAt, device: signIns.device }).from(signIns).where(eq(signIns.userId, userId)).orderBy(desc(signIns.createdAt));
  return limit ? query.limit(limit) : query;
}

export async function isPhoneHashBanned(db: DbOrTx, hash: string): Promise<boolean> {
  const rows = await db.select({ h: bannedPhoneHashes.phoneHash }).from(bannedPhoneHashes).where(eq(bannedPhoneHashes.phoneHash, hash)).limit(1);
  return rows.length > 0;
}

export async function keepBannedPhoneHash(db: DbOrTx, hash: string, at: Date): Promise<void> {
  await db.insert(bannedPhoneHashes).values({ phoneHash: hash, createdAt: at }).onConflictDoNothing();
}
