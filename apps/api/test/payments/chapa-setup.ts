import { createChapaTestApp, type ChapaTestApp } from '../support/chapa.ts';
import { TEST_ADMIN_PHONE } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';

/** A payments test file's start: the API on a local Chapa gateway, and an admin signed up. */
export interface ChapaSetup {
  c: ChapaTestApp;
  t: TestApp;
  admin: SignedIn;
}

export async function setUpChapa(): Promise<ChapaSetup> {
  const c = await createChapaTestApp();
  const admin = await signUp(c.t, { phone: TEST_ADMIN_PHONE });
  return { c, t: c.t, admin };
}

/** The end of the file: every balance must still equal the sum of its ledger entries, then all closes. */
export async function closeChapa(c: ChapaTestApp): Promise<void> {
  await expectLedgerConsistent(c.t);
  await c.close();
}
