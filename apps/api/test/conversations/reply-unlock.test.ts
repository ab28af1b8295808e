import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appEvents } from '../../src/db/schema/conversations.ts';
import { ledgerEntries } from '../../src/db/schema/wallet.ts';
import { createLiveListing } from '../support/factories.ts';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { activatePlan, balanceOf, expectLedgerConsistent, grantByLedger, grantCredits, userIdOf } from '../support/wallet.ts';
import type { ChatCalls } from './chat-calls.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { setUpChat } from './chat-setup.ts';

let t: TestApp;
let c: ChatCalls;
let owner: SignedIn;
let listingId: string;

beforeAll(async () => {
  ({ t, c, owner, listingId } = await setUpChat('Getachew'));
});
afterAll(() => closeAfterLedgerCheck(t));

/** Moves the clock by days; sessions last 30 days, so the owner and the given tenant sign in again. */
async function advanceDays(days: number, tenant: SignedIn): Promise<SignedIn> {
  t.clock.advance(days * 86_400_000);
  owner = await logIn(t, owner.phone);
  return logIn(t, tenant.phone);
}

async function replyUnlockRows(user: SignedIn) {
  return t.ctx.db
    .select()
    .from(ledgerEntries)
    .where(and(eq(ledgerEntries.userId, await userIdOf(t, user)), eq(ledgerEntries.kind, 'reply_unlock')));
}

async function unlockEvents(conversationId: string) {
  return t.ctx.db
    .select()
    .from(appEvents)
    .where(and(eq(appEvents.type, 'reply_unlocked'), eq(appEvents.subjectId, conversationId)));
}

/** A tenant with `credits`, a conversation about the listing, and (optionally) owner replies. */
async function conversationWith(credits: number, ownerReplies: string[] = []) {
  const tenant = await signUp(t);
  if (credits > 0) await grantCredits(t, tenant, credits);
  const { conversation_id } = await c.start(tenant, listingId, 'Is it available?');
  for (const text of ownerReplies) await c.reply(owner, conversation_id, text);
  return { tenant, id: conversation_id };
}

describe('locked replies', () => {
  it("the tenant's copy of every owner message is blurred with no text, in the thread and in the inbox", async () => {
    const { tenant, id } = await conversationWith(0, ['Yes it is, the price is firm', 'Come at 3']);
    const thread = await c.thread(tenant, id);
    expect(thread.is_reply_unlocked).toBe(false);
    expect(thread.messages.map((m) => [m.role, m.blurred, m.body_text])).toEqual([
      ['tenant', false, 'Is it available?'],
      ['owner', true, ''],
      ['owner', true, ''],
    ]);
    const [row] = await c.inbox(tenant);
    expect(row).toMatchObject({ is_reply_unlocked: false, owner_has_replied: true, last_message: { role: 'owner', blurred: true, body_text: '' } });

    // The owner reads their own words.
    const ownerView = await c.thread(owner, id);
    expect(ownerView.messages.map((m) => m.body_text)).toEqual(['Is it available?', 'Yes it is, the price is firm', 'Come at 3']);
    expect(ownerView.messages.every((m) => !m.blurred)).toBe(true);
    expect(ownerView.is_reply_unlocked).toBe(false);
  });
});

describe('unlocking the first reply', () => {
  it('before the owner has written: 409 nothing_to_unlock and nothing is charged', async () => {
    const { tenant, id } = await conversationWith(3);
    const res = await c.unlockRaw(tenant, id);
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toBe('nothing_to_unlock');
    expect((await balanceOf(t, tenant)).credits).toBe(3);
    expect(await replyUnlockRows(tenant)).toHaveLength(0);
    expect((await c.thread(tenant, id)).is_reply_unlocked).toBe(false);
  });

  it('with no credit: 402 insufficient_credits, still locked', async () => {
    const { tenant, id } = await conversationWith(0, ['Secret reply']);
    const res = await c.unlockRaw(tenant, id);
    expect(res.statusCode).toBe(402);
    expect(res.json().error).toBe('insufficient_credits');
    expect(res.body).not.toContain('Secret reply');
    const thread = await c.thread(tenant, id);
    expect(thread.is_reply_unlocked).toBe(false);
    expect(thread.messages[1]).toMatchObject({ blurred: true, body_text: '' });
  });

  it('takes 1 credit through the ledger; every past and future owner message is readable afterwards', async () => {
    const { tenant, id } = await conversationWith(2, ['Yes it is available', 'The rent is 15,000 birr']);
    const answer = await c.unlock(tenant, id);
    expect(answer).toEqual({ ok: true, is_reply_unlocked: true, used_credit: true, already_unlocked: false, balance: { credits: 1 } });
    expect((await balanceOf(t, tenant)).credits).toBe(1);
    const rows = await replyUnlockRows(tenant);
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ delta: -1, account: 'credits', refType: 'conversation', refId: id, balanceAfter: 1 });

    await c.reply(owner, id, 'Come on Saturday at 3');
    const thread = await c.thread(tenant, id);
    expect(thread.is_reply_unlocked).toBe(true);
    expect(thread.messages.map((m) => [m.body_text, m.blurred])).toEqual([
      ['Is it available?', false],
      ['Yes it is available', false],
      ['The rent is 15,000 birr', false],
      ['Come on Saturday at 3', false],
    ]);
    expect((await c.inbox(tenant))[0]).toMatchObject({ is_reply_unlocked: true, last_message: { body_text: 'Come on Saturday at 3', blurred: false } });
    expect((await c.inbox(owner)).find((r) => r._id === id)!.is_reply_unlocked).toBe(true);
    expect(await unlockEvents(id)).toHaveLength(1);
  });

  it('unlocking again answers unlocked and charges nothing', async () => {
    const { tenant, id } = await conversationWith(3, ['Hello']);
    await c.unlock(tenant, id);
    const again = await c.unlock(tenant, id);
    expect(again).toMatchObject({ is_reply_unlocked: true, used_credit: false, already_unlocked: true, balance: { credits: 2 } });
    expect(await replyUnlockRows(tenant)).toHaveLength(1);
  });

  it('2 parallel unlocks charge once', async () => {
    const { tenant, id } = await conversationWith(5, ['Reply']);
    const answers = await Promise.all([c.unlockRaw(tenant, id), c.unlockRaw(tenant, id)]);
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200]);
    expect(answers.filter((a) => a.json().used_credit)).toHaveLength(1);
    expect((await balanceOf(t, tenant)).credits).toBe(4);
    expect(await replyUnlockRows(tenant)).toHaveLength(1);
    expect(await unlockEvents(id)).toHaveLength(1);
  });

  it('10 parallel unlocks of 10 conversations against 1 credit: exactly one succeeds', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const ids: string[] = [];
    for (let i = 0; i < 10; i++) {
      const landlord = await signUp(t, { userType: 'landlord' });
      const listing = await createLiveListing(t, landlord);
      const { conversation_id } = await c.start(tenant, listing._id, 'Hi');
      await c.reply(landlord, conversation_id, `Reply ${i}`);
      ids.push(conversation_id);
    }
    const answers = await Promise.all(ids.map((id) => c.unlockRaw(tenant, id)));
    expect(answers.filter((a) => a.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.statusCode === 402)).toHaveLength(9);
    expect((await balanceOf(t, tenant)).credits).toBe(0);
    await expectLedgerConsistent(t);
  });

  it('is free with an active tenant plan (used_credit false) and stays unlocked after the plan ends', async () => {
    const { tenant, id } = await conversationWith(1, ['Owner words']);
    await activatePlan(t, tenant);
    const answer = await c.unlock(tenant, id);
    expect(answer).toMatchObject({ used_credit: false, already_unlocked: false, balance: { credits: 1 } });
    expect(await replyUnlockRows(tenant)).toHaveLength(0);
    expect((await unlockEvents(id))[0]!.data).toMatchObject({ used_credit: false, via: 'plan' });

    const later = await advanceDays(31, tenant);
    await c.reply(owner, id, 'After the plan');
    const thread = await c.thread(later, id);
    expect(thread.is_reply_unlocked).toBe(true);
    expect(thread.messages.map((m) => m.body_text)).toEqual(['Is it available?', 'Owner words', 'After the plan']);
  });

  it('while the plan is active, reading unlocks at no cost; unlocked conversations stay so after it ends', async () => {
    const tenant = await signUp(t);
    await grantByLedger(t, tenant, 'tenant_unlimited_days', 30);
    const { conversation_id: id } = await c.start(tenant, listingId, 'Plan holder here');
    expect((await c.thread(tenant, id)).is_reply_unlocked).toBe(false); // nothing written yet
    await c.reply(owner, id, 'Plan holders read me');
    const [row] = await c.inbox(tenant);
    expect(row).toMatchObject({ is_reply_unlocked: true, last_message: { body_text: 'Plan holders read me', blurred: false } });
    expect((await balanceOf(t, tenant)).credits).toBe(0);

    const later = await advanceDays(31, tenant);
    await c.reply(owner, id, 'Still readable');
    expect((await c.thread(later, id)).messages.map((m) => m.blurred)).toEqual([false, false, false]);
  });

  it('after the plan ends, a conversation the owner answered later is locked again until paid', async () => {
    const tenant = await signUp(t);
    await grantByLedger(t, tenant, 'tenant_unlimited_days', 1);
    const { conversation_id: id } = await c.start(tenant, listingId, 'Hello');
    t.clock.advance(2 * 86_400_000);
    await c.reply(owner, id, 'Late answer');
    const thread = await c.thread(tenant, id);
    expect(thread.is_reply_unlocked).toBe(false);
    expect(thread.messages[1]).toMatchObject({ blurred: true, body_text: '' });
  });
});
