import { and, asc, desc, eq, isNotNull, lt, or, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { accountRequests, signIns, type AccountRequestRow } from '../../db/schema/account.ts';
import { otpCodes } from '../../db/schema/auth.ts';
import { favourites } from '../../db/schema/favourites.ts';
import { listings, uploads } from '../../db/schema/listings.ts';
import { notifications, savedSearches, smsDigests } from '../../db/schema/alerts.ts';
import { purchases } from '../../db/schema/purchases.ts';
import { reports } from '../../db/schema/trust.ts';
import { users, type UserRow } from '../../db/schema/users.ts';
import { ledgerEntries } from '../../db/schema/wallet.ts';

export type NewAccountRequest = Pick<AccountRequestRow, 'userId' | 'kind' | 'status' | 'via' | 'adminId' | 'reason' | 'createdAt'> &
  Partial<Pick<AccountRequestRow, 'completedAt'>>;

export async function insertAccountRequest(db: DbOrTx, row: NewAccountRequest): Promise<AccountRequestRow> {
  const [created] = await db.insert(accountRequests).values(row).returning();
  return created!;
}

export async function latestExport(db: DbOrTx, userId: string): Promise<AccountRequestRow | undefined> {
  const [row] = await db
    .select()
    .from(accountRequests)
    .where(and(eq(accountRequests.userId, userId), eq(accountRequests.kind, 'export')))
    .orderBy(desc(accountRequests.createdAt))
    .limit(1);
  return row;
}

/** The oldest export still to build. */
export async function oldestPendingExport(db: DbOrTx): Promise<AccountRequestRow | undefined> {
  const [row] = await db.select().from(accountRequests).where(eq(accountRequests.status, 'requested')).orderBy(asc(accountRequests.createdAt)).limit(1);
  return row;
}

export async function lockAccountRequest(db: DbOrTx, id: string): Promise<AccountRequestRow | undefined> {
  const [row] = await db.select().from(accountRequests).where(eq(accountRequests.id, id)).for('update');
  return row;
}

export async function updateAccountRequest(db: DbOrTx, id: string, patch: Partial<AccountRequestRow>): Promise<void> {
  await db.update(accountRequests).set(patch).where(eq(accountRequests.id, id));
}

/** The ready export this token opens, locked; undefined for an unknown token. */
export async function lockExportByToken(db: DbOrTx, tokenHash: string): Promise<AccountRequestRow | undefined> {
  const [row] = await db.select().from(accountRequests).where(eq(accountRequests.tokenHash, tokenHash)).limit(1).for('update');
  return row;
}

/** Ready exports past their link's life lose their content; the row stays as the log. */
export async function expireExports(db: DbOrTx, now: Date): Promise<number> {
  const rows = await db
    .update(accountRequests)
    .set({ status: 'expired', content: null, tokenHash: null, completedAt: now })
    .where(and(eq(accountRequests.kind, 'export'), eq(accountRequests.status, 'ready'), lt(accountRequests.expiresAt, now)))
    .returning({ id: accountRequests.id });
  return rows.length;
}

export async function listAccountRequests(db: DbOrTx, limit: number): Promise<AccountRequestRow[]> {
  return db.select().from(accountRequests).orderBy(desc(accountRequests.createdAt)).limit(limit);
}

export async function lockUserRow(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

export async function updateProfile(db: DbOrTx, id: string, patch: Pick<UserRow, 'name' | 'email' | 'agencyName'>): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ ...patch, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

/** Moves the account to a new phone; every token issued before stops working. */
export async function changePhone(db: DbOrTx, id: string, phone: string): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({ phone, tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row;
}

export async function purchasesOf(db: DbOrTx, userId: string) {
  return db.select().from(purchases).where(eq(purchases.userId, userId)).orderBy(asc(purchases.createdAt));
}

export async function ledgerOf(db: DbOrTx, userId: string) {
  return db.select().from(ledgerEntries).where(eq(ledgerEntries.userId, userId)).orderBy(asc(ledgerEntries.seq));
}

export async function reportsBy(db: DbOrTx, userId: string) {
  return db.select().from(reports).where(eq(reports.reporterId, userId)).orderBy(asc(reports.createdAt));
}

export async function uploadKeysOf(db: DbOrTx, userId: string): Promise<string[]> {
  const rows = await db.select({ key: uploads.key }).from(uploads).where(eq(uploads.ownerId, userId)).for('update');
  return rows.map((r) => r.key);
}

/**
 * Removes what the account holds for itself: listings (conversations about them stay, without the
 * listing), stored photos' rows, favourites, saved searches and their notifications and digests,
 * sign-in history, a live sign-in code, and exports not yet downloaded.
 */
export async function removeOwnData(db: DbOrTx, user: Pick<UserRow, 'id' | 'phone'>): Promise<void> {
  await db.delete(listings).where(eq(listings.posterId, user.id));
  await db.delete(uploads).where(eq(uploads.ownerId, user.id));
  await db.delete(favourites).where(eq(favourites.userId, user.id));
  await db.delete(notifications).where(eq(notifications.userId, user.id));
  await db.delete(smsDigests).where(eq(smsDigests.userId, user.id));
  await db.delete(savedSearches).where(eq(savedSearches.userId, user.id));
  await db.delete(signIns).where(eq(signIns.userId, user.id));
  await db.delete(otpCodes).where(eq(otpCodes.phone, user.phone));
  await db
    .update(accountRequests)
    .set({ content: null, tokenHash: null, status: 'expired' })
    .where(
      and(
        eq(accountRequests.userId, user.id),
        eq(accountRequests.kind, 'export'),
        or(eq(accountRequests.status, 'requested'), eq(accountRequests.status, 'ready')),
      ),
    );
  await db
    .update(accountRequests)
    .set({ content: null })
    .where(and(eq(accountRequests.userId, user.id), isNotNull(accountRequests.content)));
}

/** Erases what names the person; the row stays for purchases, the ledger and moderation. */
export async function eraseIdentity(db: DbOrTx, id: string, at: Date): Promise<void> {
  await db
    .update(users)
    .set({
      name: null,
      email: null,
      agencyName: null,
      phone: `deleted:${id}`,
      isAdmin: false,
      postingBlockedReason: null,
      faydaVerifiedAt: null,
      faydaName: null,
      faydaPhoneMatch: null,
      faydaSubjectHash: null,
      deletedAt: at,
      tokenVersion: sql`${users.tokenVersion} + 1`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}
