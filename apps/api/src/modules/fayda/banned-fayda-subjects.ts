import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { bannedFaydaSubjects } from '../../db/schema/account.ts';

/**
 * The keyed hashes of banned people's Fayda subjects: the fayda module refuses them a new
 * verification; the account module keeps one when a banned verified account is deleted.
 */

export async function isSubjectBanned(db: DbOrTx, subjectHash: string): Promise<boolean> {
  const [row] = await db
    .select({ h: bannedFaydaSubjects.subjectHash })
    .from(bannedFaydaSubjects)
    .where(eq(bannedFaydaSubjects.subjectHash, subjectHash))
    .limit(1);
  return Boolean(row);
}

export async function keepBannedFaydaSubject(db: DbOrTx, subjectHash: string, at: Date): Promise<void> {
  await db.insert(bannedFaydaSubjects).values({ subjectHash, createdAt: at }).onConflictDoNothing();
}
