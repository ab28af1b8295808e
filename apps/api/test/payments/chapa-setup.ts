import { beforeAll } from 'vitest';
import { createChapaTestApp, type ChapaTestApp } from '../support/chapa.ts';
import { TEST_ADMIN_PHONE } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { lateBound, useTestApp } from '../support/use-test-app.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';

/** A payments test file's start: the API on a local Chapa gateway, and an admin signed up. */
export interface ChapaSetup {
  c: ChapaTestApp;
  t: TestApp;
  admin: SignedIn;
}

/** The end of the file: every balance must still equal the sum of its ledger entries, then all closes. */
async function closeChapa(c: ChapaTestApp): Promise<void> {
  await expectLedgerConsistent(c.t);
  await c.close();
}

/** Builds the file's setup in beforeAll and checks the ledger and closes it in afterAll. */
export function useChapa(): ChapaSetup {
  const c = useTestApp(createChapaTestApp, closeChapa);
  let admin: SignedIn | undefined;
  beforeAll(async () => {
    admin = await signUp(c.t, { phone: TEST_ADMIN_PHONE });
  });
  return { c, t: lateBound(() => c.t), admin: lateBound(() => admin) };
}
