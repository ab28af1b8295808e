import { count, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { contactUnlocks } from '../../src/db/schema/unlocks.ts';
import { createTestApp } from '../support/test-app.ts';
import { signUp } from '../support/login.ts';
import { balanceOf, expectLedgerConsistent, grantCredits, userIdOf } from '../support/wallet.ts';
import { insertListing, insertListings } from './listing-rows.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp, closeAfterLedgerCheck);

async function unlockCount(userId: string): Promise<number> {
  const [row] = await t.ctx.db.select({ n: count() }).from(contactUnlocks).where(eq(contactUnlocks.userId, userId));
  return row!.n;
}

describe('parallel spends', () => {
  it('100 parallel unlocks of 100 listings against a balance of 1: exactly one succeeds, 99 get 402', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const ids = await insertListings(t, landlord, 100);

    const answers = await Promise.all(ids.map((id) => t.request({ method: 'POST', url: `/api/listings/${id}/unlock-contact`, headers: tenant.auth })));
    const codes = answers.map((a) => a.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(1);
    expect(codes.filter((c) => c === 402)).toHaveLength(99);
    expect(answers.filter((a) => a.statusCode === 402).every((a) => a.json().error === 'insufficient_credits')).toBe(true);
    expect((await balanceOf(t, tenant)).credits).toBe(0);
    expect(await unlockCount(await userIdOf(t, tenant))).toBe(1);
    await expectLedgerConsistent(t);
  });

  it('20 parallel unlocks of one listing take one credit and all answer the phone', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 5);
    const id = await insertListing(t, landlord);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => t.request({ method: 'POST', url: `/api/listings/${id}/unlock-contact`, headers: tenant.auth })),
    );
    expect(answers.map((a) => a.statusCode)).toEqual(Array(20).fill(200));
    expect(answers.every((a) => a.json().contact.phone === landlord.phone)).toBe(true);
    expect(answers.filter((a) => a.json().used_credit)).toHaveLength(1);
    expect((await balanceOf(t, tenant)).credits).toBe(4);
    expect(await unlockCount(await userIdOf(t, tenant))).toBe(1);
  });
});
