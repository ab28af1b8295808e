import { and, eq, ne } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
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
