import { and, eq, inArray, notInArray, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { users, type UserRow } from '../../db/schema/users.ts';

/**
 * The users module's surface: reads and writes of the user row that every module shares (find,
 * insert, lock, status, type, posting block, token version).
 */

export type NewUser = Pick<UserRow, 'phone' | 'name' | 'email' | 'userType' | 'agencyName' | 'isAdmin'> &
  Partial<Pick<UserRow, 'termsVersion' | 'termsAcceptedAt'>>;

export async function findUserByPhone(db: DbOrTx, phone: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function findUserById(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).limit(1);
  return row;
}

/** Inserts the user, or returns undefined when the phone is already taken (a racing signup). */
export async function insertUser(db: DbOrTx, user: NewUser): Promise<UserRow | undefined> {
  const [row] = await db.insert(users).values(user).onConflictDoNothing({ target: users.phone }).returning();
  return row;
}

/**
 * Makes the admin role exactly the accounts of these phones: revokes it from every other account,
 * grants it to the listed phones that have one. Returns the phones it was revoked from.
 */
export async function keepOnlyListedAdmins(db: DbOrTx, phones: readonly string[]): Promise<string[]> {
  const others = phones.length ? notInArray(users.phone, [...phones]) : undefined;
  const revoked = await db
    .update(users)
    .set({ isAdmin: false, updatedAt: sql`now()` })
    .where(and(eq(users.isAdmin, true), others))
    .returning({ phone: users.phone });
  if (phones.length) {
    await db
      .update(users)
      .set({ isAdmin: true, updatedAt: sql`now()` })
      .where(and(eq(users.isAdmin, false), inArray(users.phone, [...phones])));
  }
  return revoked.map((r) => r.phone);
}

export async function setUserAdmin(db: DbOrTx, id: string, isAdmin: boolean): Promise<void> {
  await db
    .update(users)
    .set({ isAdmin, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function setUserType(db: DbOrTx, id: string, userType: UserRow['userType']): Promise<void> {
  await db
    .update(users)
    .set({ userType, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/** Every token issued before this call stops working at once. */
export async function bumpTokenVersion(db: DbOrTx, id: string): Promise<void> {
  await db
    .update(users)
    .set({ tokenVersion: sql`${users.tokenVersion} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

/**
 * Moves the user to a status. A ban also bumps the token version, so every token the user holds
 * stops working at once; a suspension keeps its end date, other statuses clear it.
 */
export async function setUserStatus(db: DbOrTx, id: string, status: UserRow['status'], suspendedUntil: Date | null = null): Promise<void> {
  await db
    .update(users)
    .set({
      status,
      suspendedUntil: status === 'suspended' ? suspendedUntil : null,
      ...(status === 'banned' ? { tokenVersion: sql`${users.tokenVersion} + 1` } : {}),
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, id));
}

/** Locks the user row (the same lock publish takes first, so hides and publishes never deadlock). */
export async function lockUser(db: DbOrTx, id: string): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(eq(users.id, id)).for('no key update');
  return row;
}

export async function incrementWarnings(db: DbOrTx, userId: string): Promise<void> {
  await db
    .update(users)
    .set({ warnings: sql`${users.warnings} + 1`, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** Blocks (with a reason) or unblocks (null) a broker's posting. */
export async function setPostingBlock(db: DbOrTx, userId: string, block: { reason: string; at: Date } | null): Promise<void> {
  await db
    .update(users)
    .set(
      block
        ? { postingBlockedReason: block.reason, postingBlockedAt: block.at, updatedAt: sql`now()` }
        : { postingBlockedReason: null, postingBlockedAt: null, updatedAt: sql`now()` },
    )
    .where(eq(users.id, userId));
}
