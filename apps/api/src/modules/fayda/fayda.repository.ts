import { and, asc, desc, eq, gte, ne, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { faydaRevocations, type FaydaRevocationRow } from '../../db/schema/fayda.ts';
import { users } from '../../db/schema/users.ts';

/** What is kept of a verification (docs/fayda.md): never the ID number, photo or birthdate. */
export interface KeptVerification {
  verifiedAt: Date;
  name: string;
  phoneMatch: boolean;
  subjectHash: string;
}

export async function findVerification(db: DbOrTx, userId: string) {
  const [row] = await db
    .select({ verifiedAt: users.faydaVerifiedAt, name: users.faydaName, phoneMatch: users.faydaPhoneMatch })
    .from(users)
    .where(eq(users.id, userId))
    .limit(1);
  return row?.verifiedAt && row.name ? { verifiedAt: row.verifiedAt, name: row.name, phoneMatch: row.phoneMatch ?? false } : null;
}

/** Another account already verified with this identity (its id and standing), if any. */
export async function findOtherHolder(db: DbOrTx, subjectHash: string, userId: string) {
  const [row] = await db
    .select({ id: users.id, status: users.status })
    .from(users)
    .where(and(eq(users.faydaSubjectHash, subjectHash), ne(users.id, userId)))
    .limit(1);
  return row;
}

export async function keepVerification(db: DbOrTx, userId: string, v: KeptVerification): Promise<void> {
  await db
    .update(users)
    .set({ faydaVerifiedAt: v.verifiedAt, faydaName: v.name, faydaPhoneMatch: v.phoneMatch, faydaSubjectHash: v.subjectHash, updatedAt: v.verifiedAt })
    .where(eq(users.id, userId));
}

/** The account of a phone, with its verification (a revocation's subject). */
export async function findUserByPhone(db: DbOrTx, phone: string) {
  const [row] = await db.select({ id: users.id, phone: users.phone, verifiedAt: users.faydaVerifiedAt }).from(users).where(eq(users.phone, phone)).limit(1);
  return row;
}

export async function insertRevocation(db: DbOrTx, row: { userId: string; reason: string; createdBy: string; at: Date }): Promise<FaydaRevocationRow> {
  const [inserted] = await db
    .insert(faydaRevocations)
    .values({ userId: row.userId, reason: row.reason, createdBy: row.createdBy, createdAt: row.at })
    .returning();
  return inserted!;
}

export async function lockRevocation(db: DbOrTx, id: string): Promise<FaydaRevocationRow | undefined> {
  const [row] = await db.select().from(faydaRevocations).where(eq(faydaRevocations.id, id)).for('update').limit(1);
  return row;
}

export async function markRevocationReviewed(
  db: DbOrTx,
  id: string,
  review: { status: 'approved' | 'rejected'; reviewerId: string; notes: string | null; at: Date },
): Promise<FaydaRevocationRow> {
  const [row] = await db
    .update(faydaRevocations)
    .set({ status: review.status, reviewedBy: review.reviewerId, reviewNotes: review.notes, reviewedAt: review.at })
    .where(eq(faydaRevocations.id, id))
    .returning();
  return row!;
}

/**
 * Removes the verification (date, name, phone match): the badge goes from the poster's listings.
 * The subject hash stays on the account, so the identity still cannot verify another one.
 */
export async function removeVerification(db: DbOrTx, userId: string, at: Date): Promise<void> {
  await db.update(users).set({ faydaVerifiedAt: null, faydaName: null, faydaPhoneMatch: null, updatedAt: at }).where(eq(users.id, userId));
}

/** Whether a second admin approved revoking this account's verification: it cannot verify again. */
export async function wasRevoked(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: faydaRevocations.id })
    .from(faydaRevocations)
    .where(and(eq(faydaRevocations.userId, userId), eq(faydaRevocations.status, 'approved')))
    .limit(1);
  return Boolean(row);
}

/** A revocation with the people around it: the account (phone, verified name) and both admins' phones. */
export interface RevocationWithPeople {
  revocation: FaydaRevocationRow;
  phone: string;
  name: string | null;
  createdByPhone: string | null;
  reviewedByPhone: string | null;
}

function withPeople(db: DbOrTx) {
  return db
    .select({
      revocation: faydaRevocations,
      phone: users.phone,
      name: users.faydaName,
      createdByPhone: sql<string | null>`(SELECT phone FROM users WHERE id = ${faydaRevocations.createdBy})`,
      reviewedByPhone: sql<string | null>`(SELECT phone FROM users WHERE id = ${faydaRevocations.reviewedBy})`,
    })
    .from(faydaRevocations)
    .innerJoin(users, eq(users.id, faydaRevocations.userId));
}

export async function findRevocationWithPeople(db: DbOrTx, id: string): Promise<RevocationWithPeople | undefined> {
  const [row] = await withPeople(db).where(eq(faydaRevocations.id, id)).limit(1);
  return row;
}

/** Whether a revocation of this account waits for a second admin (one at a time; a unique index holds it too). */
export async function hasPendingRevocation(db: DbOrTx, userId: string): Promise<boolean> {
  const [row] = await db
    .select({ id: faydaRevocations.id })
    .from(faydaRevocations)
    .where(and(eq(faydaRevocations.userId, userId), eq(faydaRevocations.status, 'pending')))
    .limit(1);
  return row !== undefined;
}

/** Pending revocations, oldest first (the longest waiting on top). */
export async function listPendingRevocations(db: DbOrTx, limit: number): Promise<RevocationWithPeople[]> {
  return withPeople(db).where(eq(faydaRevocations.status, 'pending')).orderBy(asc(faydaRevocations.createdAt), asc(faydaRevocations.id)).limit(limit);
}

/** Revocations decided since `since`, most recently decided first. */
export async function listDecidedRevocations(db: DbOrTx, since: Date, limit: number): Promise<RevocationWithPeople[]> {
  return withPeople(db)
    .where(and(ne(faydaRevocations.status, 'pending'), gte(faydaRevocations.reviewedAt, since)))
    .orderBy(desc(faydaRevocations.reviewedAt), desc(faydaRevocations.id))
    .limit(limit);
}
