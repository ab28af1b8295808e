import { and, eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { ledgerEntries } from '../../src/db/schema/wallet.ts';
import { createTestApp } from '../support/test-app.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { activatePlan, balanceOf, grantPostCredits, userIdOf } from '../support/wallet.ts';
import { insertListing, insertListings } from '../unlocks/listing-rows.ts';
import { closeAfterLedgerCheck } from './close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp, closeAfterLedgerCheck);

const publish = (user: SignedIn, id: string) => t.request({ method: 'POST', url: `/api/listings/${id}/publish`, headers: user.auth });
const draft = { visibility: 'draft' as const, publishedAt: null };

describe('broker publish spends a post credit through the ledger', () => {
  it('takes the bought post credit, then answers 402 insufficient_post_credits', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantPostCredits(t, broker, 1);
    const [first, second] = await insertListings(t, broker, 2, draft);

    const res = await publish(broker, first!);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ post_credits: 0, covered_by_plan: false });
    expect((await balanceOf(t, broker)).post_credits).toBe(0);
    const rows = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(and(eq(ledgerEntries.userId, await userIdOf(t, broker)), eq(ledgerEntries.kind, 'publish')));
    expect(rows.map((r) => ({ account: r.account, delta: r.delta, refId: r.refId }))).toEqual([{ account: 'post_credits', delta: -1, refId: first }]);

    const refused = await publish(broker, second!);
    expect(refused.statusCode).toBe(402);
    expect(refused.json().error).toBe('insufficient_post_credits');
  });

  it('publishes free while the unlimited posting plan runs', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await activatePlan(t, broker);
    const id = await insertListing(t, broker, draft);
    const res = await publish(broker, id);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toMatchObject({ post_credits: 0, covered_by_plan: true });
  });

  it('10 parallel publishes against 3 post credits: exactly 3 go live', async () => {
    const broker = await signUp(t, { userType: 'delala' });
    await grantPostCredits(t, broker, 3);
    const ids = await insertListings(t, broker, 10, draft);
    const answers = await Promise.all(ids.map((id) => publish(broker, id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(3);
    expect(answers.filter((a) => a.statusCode === 402)).toHaveLength(7);
    expect((await balanceOf(t, broker)).post_credits).toBe(0);
  });
});
