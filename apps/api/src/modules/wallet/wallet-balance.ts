import { eq } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { walletAccounts } from '../../db/schema/wallet.ts';

/** A user's balances as every module reads them (no wallet row yet reads as empty). */
export interface WalletSnapshot {
  credits: number;
  postCredits: number;
  tenantUnlimitedUntil: Date | null;
  delalaUnlimitedUntil: Date | null;
}

/** The balance columns of a wallet row (this read and the ledger's locked read). */
export const BALANCE_COLUMNS = {
  credits: walletAccounts.credits,
  postCredits: walletAccounts.postCredits,
  tenantUnlimitedUntil: walletAccounts.tenantUnlimitedUntil,
  delalaUnlimitedUntil: walletAccounts.delalaUnlimitedUntil,
};

const EMPTY: WalletSnapshot = { credits: 0, postCredits: 0, tenantUnlimitedUntil: null, delalaUnlimitedUntil: null };

export async function ensureWalletAccount(db: DbOrTx, userId: string): Promise<void> {
  await db.insert(walletAccounts).values({ userId }).onConflictDoNothing();
}

export async function getWalletSnapshot(db: DbOrTx, userId: string): Promise<WalletSnapshot> {
  const [row] = await db.select(BALANCE_COLUMNS).from(walletAccounts).where(eq(walletAccounts.userId, userId)).limit(1);
  return row ?? EMPTY;
}
