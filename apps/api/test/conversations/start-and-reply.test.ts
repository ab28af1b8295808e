import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { MESSAGE_MAX_LENGTH } from '@betoch/contracts/constants';
import { MESSAGE_REQUIRED } from '@betoch/contracts/conversations';
import { appEvents } from '../../src/db/schema/conversations.ts';
import { ledgerEntries } from '../../src/db/schema/wallet.ts';
import { createLiveListing, createListing, hideListing, suspendUser } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { balanceOf, grantCredits, userIdOf } from '../support/wallet.ts';
import type { ChatCalls } from './chat-calls.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { setUpChat } from './chat-setup.ts';

let t: TestApp;
let c: ChatCalls;
let landlord: SignedIn;
let listingId: string;

beforeAll(async () => {
  ({ t, c, owner: landlord, listingId } = await setUpChat('Getachew'));
});
afterAll(() => closeAfterLedgerCheck(t));

async function eventsOf(type: string, conversationId: string) {
  return t.ctx.db
    .select()
    .from(appEvents)
    .where(and(eq(appEvents.type, type), eq(appEvents.subjectId, conversationId)));
}

describe('starting a conversation', () => {
  it('creates one conversation per tenant and listing; starting again adds the message to it', async () => {
    const tenant = await signUp(t, { name: 'Hanna' });
    const first = await c.start(tenant, listingId, 'Hello, is it still available?');
    expect(first.created).toBe(true);
    expect(first.message).toMatchObject({ role: 'tenant', body_text: 'Hello, is it still available?', mine: true, blurred: false });

    const again = await c.start(tenant, listingId, 'Can I visit on Saturday?');
    expect(again.created).toBe(false);
    expect(again.conversation_id).toBe(first.conversation_id);

    const thread = await c.thread(tenant, first.conversation_id);
    expect(thread.messages.map((m) => m.body_text)).toEqual(['Hello, is it still available?', 'Can I visit on Saturday?']);
    expect(await c.inbox(tenant)).toHaveLength(1);
    expect(await eventsOf('conversation_started', first.conversation_id)).toHaveLength(1);
  });

  it('ten parallel starts by one tenant make one conversation with ten messages', async () => {
    const tenant = await signUp(t);
    const answers = await Promise.all(Array.from({ length: 10 }, (_, i) => c.startRaw(tenant, listingId, `Message ${i}`)));
    expect(answers.map((a) => a.statusCode)).toEqual(Array(10).fill(200));
    const ids = new Set(answers.map((a) => a.json().conversation_id as string));
    expect(ids.size).toBe(1);
    expect(answers.filter((a) => a.json().created)).toHaveLength(1);
    const [id] = [...ids];
    expect((await c.thread(tenant, id!)).messages).toHaveLength(10);
    expect(await c.unread(landlord)).toBeGreaterThanOrEqual(10);
  });

  it('is free: the first message and every later tenant message leave the balance and the ledger alone', async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 2);
    const before = await balanceOf(t, tenant);
    const { conversation_id } = await c.start(tenant, listingId, 'First message');
    await c.reply(tenant, conversation_id, 'Second message');
    await c.start(tenant, listingId, 'Third message');
    expect(await balanceOf(t, tenant)).toEqual(before);
    const rows = await t.ctx.db
      .select()
      .from(ledgerEntries)
      .where(eq(ledgerEntries.userId, await userIdOf(t, tenant)));
    expect(rows.every((r) => r.kind !== 'reply_unlock' && r.refType !== 'conversation')).toBe(true);
  });

  it('trims the message and accepts exactly 2000 characters', async () => {
    const tenant = await signUp(t);
    const { message } = await c.start(tenant, listingId, '   Hello there   \n');
    expect(message.body_text).toBe('Hello there');
    const long = 'a'.repeat(MESSAGE_MAX_LENGTH);
    const res = await c.startRaw(tenant, listingId, `  ${long}  `);
    expect(res.statusCode).toBe(200);
    expect(res.json().message.body_text).toBe(long);
  });

  it.each([
    ['empty', ''],
    ['blank', '   \n\t '],
    ['missing', undefined],
    ['not text', 42],
  ])('refuses a %s message with "Please enter a message"', async (_label, text) => {
    const tenant = await signUp(t);
    const res = await c.startRaw(tenant, listingId, text);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ ok: false, error: 'validation_error', fields: { initial_message: MESSAGE_REQUIRED } });
    expect(await c.inbox(tenant)).toEqual([]);
  });

  it('drops control characters, and a NUL (which cannot be stored) is a 400, never a 500', async () => {
    const tenant = await signUp(t);
    const res = await c.startRaw(tenant, listingId, 'Hel\u0007lo\u001b there\nsecond line');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json().message.body_text).toBe('Hello there\nsecond line');
    expect((await c.startRaw(tenant, listingId, '\u0001\u0002')).statusCode).toBe(400);
    expect((await c.startRaw(tenant, listingId, 'a\u0000b')).statusCode).toBe(400);
  });

  it('refuses 2001 characters', async () => {
    const tenant = await signUp(t);
    const res = await c.startRaw(tenant, listingId, 'b'.repeat(MESSAGE_MAX_LENGTH + 1));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('validation_error');
  });

  it('the poster cannot message their own listing (403 own_listing)', async () => {
    const res = await c.startRaw(landlord, listingId, 'Talking to myself');
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('own_listing');
  });

  it('answers 404 for a draft, a hidden listing, a suspended poster, an unknown id and a malformed id', async () => {
    const tenant = await signUp(t);
    const draft = await createListing(t, landlord);
    const hidden = await createLiveListing(t, landlord, { title: 'Hidden one' });
    await hideListing(t, hidden._id);
    const otherLandlord = await signUp(t, { userType: 'landlord' });
    const suspendedListing = await createLiveListing(t, otherLandlord);
    await suspendUser(t, otherLandlord, new Date(Date.now() + 86_400_000));
    for (const id of [draft._id, hidden._id, suspendedListing._id, '3b0e3a5e-7c39-4a57-9c55-2a6f3b1e9d10', 'not-a-uuid', "' OR 1=1 --"]) {
      const res = await c.startRaw(tenant, id, 'Hello');
      expect(res.statusCode, id).toBe(404);
      expect(res.json().error).toBe('not_found');
    }
    expect(await c.inbox(tenant)).toEqual([]);
  });

  it('needs a signed-in user', async () => {
    const res = await c.startRaw(null, listingId, 'Hello');
    expect(res.statusCode).toBe(401);
  });

  it('a suspended user cannot start a conversation nor write in one, but can still read it', async () => {
    const tenant = await signUp(t);
    const { conversation_id } = await c.start(tenant, listingId, 'Before the suspension');
    await suspendUser(t, tenant, new Date(t.clock.now().getTime() + 7 * 86_400_000));
    const start = await c.startRaw(tenant, listingId, 'During the suspension');
    expect(start.statusCode).toBe(403);
    expect(start.json().error).toBe('account_suspended');
    const reply = await c.replyRaw(tenant, conversation_id, 'During the suspension');
    expect(reply.statusCode).toBe(403);
    expect(reply.json().error).toBe('account_suspended');
    const unlock = await c.unlockRaw(tenant, conversation_id);
    expect(unlock.statusCode).toBe(403);
    expect((await c.thread(tenant, conversation_id)).messages.map((m) => m.body_text)).toEqual(['Before the suspension']);
  });

  it("keeps unknown fields out (a tenant cannot start someone else's conversation or set the role)", async () => {
    const tenant = await signUp(t);
    const victim = await signUp(t);
    const res = await t.request({
      method: 'POST',
      url: '/api/conversations',
      headers: tenant.auth,
      payload: { listing_id: listingId, initial_message: 'Hi', tenant_id: await userIdOf(t, victim), role: 'owner' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json().message.role).toBe('tenant');
    expect(await c.inbox(victim)).toEqual([]);
  });
});

describe('replying', () => {
  it('either participant writes; the owner replies for free; roles follow who wrote', async () => {
    const tenant = await signUp(t);
    const { conversation_id } = await c.start(tenant, listingId, 'Is it available?');
    const ownerBalance = await balanceOf(t, landlord);
    const answer = await c.reply(landlord, conversation_id, 'Yes, come on Saturday.');
    expect(answer.message).toMatchObject({ role: 'owner', body_text: 'Yes, come on Saturday.', mine: true });
    await c.reply(tenant, conversation_id, 'Great, thanks!');
    expect(await balanceOf(t, landlord)).toEqual(ownerBalance);
    const owner = await c.thread(landlord, conversation_id);
    expect(owner.messages.map((m) => [m.role, m.body_text, m.mine])).toEqual([
      ['tenant', 'Is it available?', false],
      ['owner', 'Yes, come on Saturday.', true],
      ['tenant', 'Great, thanks!', false],
    ]);
    expect(await eventsOf('owner_replied', conversation_id)).toHaveLength(1);
    await c.reply(landlord, conversation_id, 'See you.');
    expect(await eventsOf('owner_replied', conversation_id)).toHaveLength(1);
  });

  it('validates the body like the first message', async () => {
    const tenant = await signUp(t);
    const { conversation_id } = await c.start(tenant, listingId, 'Hi');
    for (const body of ['', '    ', 'x'.repeat(MESSAGE_MAX_LENGTH + 1)]) {
      const res = await c.replyRaw(landlord, conversation_id, body);
      expect(res.statusCode).toBe(400);
    }
    expect((await c.reply(landlord, conversation_id, '  trimmed  ')).message.body_text).toBe('trimmed');
  });

  it('too many messages in a minute answer 429 rate_limited with retry_after', async () => {
    const tenant = await signUp(t);
    const { conversation_id } = await c.start(tenant, listingId, 'Message 1');
    let last = await c.replyRaw(tenant, conversation_id, 'again');
    for (let i = 0; i < 40 && last.statusCode === 200; i++) last = await c.replyRaw(tenant, conversation_id, `again ${i}`);
    expect(last.statusCode).toBe(429);
    expect(last.json().error).toBe('rate_limited');
    expect(last.json().retry_after).toBeGreaterThan(0);
    t.clock.advance(61_000);
    expect((await c.replyRaw(tenant, conversation_id, 'after a minute')).statusCode).toBe(200);
  });
});
