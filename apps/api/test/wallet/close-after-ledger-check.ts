import { expectLedgerConsistent } from '../support/wallet.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * The end of a test file whose calls move credits: every balance must still equal the sum of its
 * ledger entries after all the file's tests, then the app closes.
 */
export async function closeAfterLedgerCheck(t: TestApp): Promise<void> {
  await expectLedgerConsistent(t);
  await t.close();
}
