import { and, desc, eq, sql } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listings } from '../../db/schema/listings.ts';
import { users } from '../../db/schema/users.ts';
import { walletAccounts } from '../../db/schema/wallet.ts';

export interface DelalaAccountRow {
  id: string;
  phone: string;
  name: string | null;
  agencyName: string | null;
  status: 'active' | 'suspended' | 'banned';
  suspendedUntil: Date | null;
  postCredits: number;
  delalaUnlimitedUntil: Date | null;
  postingBlockedReason: string | null;
  postingBlockedAt: Date | null;
  hiddenRecently: number;
}

function accountQuery(db: DbOrTx, hiddenSince: Date) {
  return db
    .select({
      id: users.id,
      phone: users.phone,
      name: users.name,
      agencyName: users.agencyName,
      status: users.status,
      suspendedUntil: users.suspendedUntil,
      postCredits: sql<number>`coalesce(${walletAccounts.postCredits}, 0)`,
      delalaUnlimitedUntil: walletAccounts.delalaUnlimitedUntil,
      postingBlockedReason: users.postingBlockedReason,
      postingBlockedAt: users.postingBlockedAt,
      hiddenRecently: sql<number>`(SELECT count(*) FROM ${listings} WHERE ${listings.posterId} = ${users.id} AND ${listings.adminHidden} AND ${listings.hiddenAt} >= ${hiddenSince.toISOString()}::timestamptz)`,
    })
    .from(users)
    .leftJoin(walletAccounts, eq(walletAccounts.userId, users.id));
}

function normalise(row: DelalaAccountRow): DelalaAccountRow {
  return { ...row, postCredits: Number(row.postCredits), hiddenRecently: Number(row.hiddenRecently) };
}

/** Broker accounts, blocked ones first, then newest. */
export async function listDelalaAccounts(db: DbOrTx, limit: number, hiddenSince: Date): Promise<DelalaAccountRow[]> {
  const rows = await accountQuery(db, hiddenSince)
    .where(eq(users.userType, 'delala'))
    .orderBy(sql`${users.postingBlockedAt} IS NULL`, desc(users.postingBlockedAt), desc(users.createdAt), desc(users.id))
    .limit(limit);
  return rows.map(normalise);
}

export async function findDelalaAccount(db: DbOrTx, userId: string, hiddenSince: Date): Promise<DelalaAccountRow | undefined> {
  const [row] = await accountQuery(db, hiddenSince)
    .where(and(eq(users.id, userId), eq(users.userType, 'delala')))
    .limit(1);
  return row ? normalise(row) : undefined;
}
