import { beforeAll, describe, expect, it } from 'vitest';
import { createListingsTestApp, createLiveListing, signUpAdmin } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { chat, type ChatCalls } from './chat-calls.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createListingsTestApp);
let c: ChatCalls;
let owner: SignedIn;
let otherOwner: SignedIn;
let listingA: { _id: string; title: string; price_etb: number };
let listingB: { _id: string; title: string };

beforeAll(async () => {
  c = chat(t);
  owner = await signUp(t, { userType: 'landlord', name: 'Getachew' });
  otherOwner = await signUp(t, { userType: 'landlord', name: 'Other Owner' });
  listingA = await createLiveListing(t, owner, { title: 'Apartment in Bole', price_etb: 18000 });
  listingB = await createLiveListing(t, owner, { title: 'Villa in Yeka', type: 'villa', subcity: 'Yeka' });
});

describe('the inbox', () => {
  it('lists the conversations of both sides, latest activity first, with listing, names and unread counts', async () => {
    const hanna = await signUp(t, { name: 'Hanna' });
    const dawit = await signUp(t, { name: 'Dawit' });
    const a = await c.start(hanna, listingA._id, 'Hanna about Bole');
    t.clock.advance(1000);
    const b = await c.start(dawit, listingB._id, 'Dawit about Yeka');
    t.clock.advance(1000);

    let rows = await c.inbox(owner);
    expect(rows.map((r) => r._id)).toEqual([b.conversation_id, a.conversation_id]);
    expect(rows[1]).toMatchObject({
      _id: a.conversation_id,
      conversation_id: a.conversation_id,
      viewer_role: 'owner',
      is_reply_unlocked: false,
      owner_has_replied: false,
      unread_count: 1,
      participants: { tenant_phone: null, tenant_name: 'Hanna', owner_name: 'Getachew' },
      last_message: { body_text: 'Hanna about Bole', role: 'tenant', mine: false, blurred: false },
    });
    expect(rows[1]!.listing_id).toMatchObject({ _id: listingA._id, title: 'Apartment in Bole', price_etb: 18000 });
    expect(rows[1]!.listing_id!.photos).toHaveLength(1);
    expect(rows[1]!.listing_id!.photos[0]!.url).toMatch(/^\/(api\/)?/);

    // New activity moves a conversation to the top.
    await c.reply(hanna, a.conversation_id, 'Hanna again');
    rows = await c.inbox(owner);
    expect(rows.map((r) => r._id)).toEqual([a.conversation_id, b.conversation_id]);
    expect(rows[0]!.unread_count).toBe(2);

    const tenantRows = await c.inbox(hanna);
    expect(tenantRows).toHaveLength(1);
    expect(tenantRows[0]).toMatchObject({
      viewer_role: 'tenant',
      unread_count: 0,
      participants: { tenant_phone: hanna.phone, tenant_name: 'Hanna', owner_name: 'Getachew' },
      last_message: { body_text: 'Hanna again', mine: true },
    });
  });

  it("the viewer is the tenant exactly when the viewer's sub equals participants.tenant_phone", async () => {
    const tenant = await signUp(t);
    await c.start(tenant, listingA._id, 'Hello');
    const [mine] = await c.inbox(tenant);
    expect(mine!.participants.tenant_phone).toBe(tenant.user.sub);
    const theirs = (await c.inbox(owner)).find((r) => r._id === mine!._id)!;
    expect(theirs.participants.tenant_phone).not.toBe(owner.user.sub);
    expect(JSON.stringify(theirs)).not.toContain(tenant.phone);
  });

  it('filters to one listing (the owner\'s "view messages"); an unknown listing gives an empty list', async () => {
    const tenant = await signUp(t);
    await c.start(tenant, listingB._id, 'Yeka question');
    const onlyB = await c.inbox(owner, `?listing_id=${listingB._id}`);
    expect(onlyB.length).toBeGreaterThan(0);
    expect(onlyB.every((r) => r.listing_id?._id === listingB._id)).toBe(true);
    expect(await c.inbox(owner, '?listing_id=3b0e3a5e-7c39-4a57-9c55-2a6f3b1e9d10')).toEqual([]);
    expect(await c.inbox(owner, '?listing_id=nonsense')).toEqual([]);
  });

  it('a new user has an empty inbox and no unread messages', async () => {
    const nobody = await signUp(t);
    expect(await c.inbox(nobody)).toEqual([]);
    expect(await c.unread(nobody)).toBe(0);
  });

  it('needs a signed-in user', async () => {
    expect((await c.inboxRaw(null)).statusCode).toBe(401);
    expect((await t.request({ method: 'GET', url: '/api/conversations/unread-count' })).statusCode).toBe(401);
  });
});

describe('unread counts', () => {
  it('count per participant; opening the thread marks it read for the reader only', async () => {
    const tenant = await signUp(t);
    const landlord = await signUp(t, { userType: 'landlord' });
    const listing = await createLiveListing(t, landlord);
    const { conversation_id } = await c.start(tenant, listing._id, 'one');
    await c.reply(tenant, conversation_id, 'two');
    await c.reply(tenant, conversation_id, 'three');
    expect(await c.unread(landlord)).toBe(3);
    expect(await c.unread(tenant)).toBe(0);

    await c.reply(landlord, conversation_id, 'answer');
    expect(await c.unread(tenant)).toBe(1);
    expect(await c.unread(landlord)).toBe(3);

    const opened = await c.thread(landlord, conversation_id);
    expect(opened.conversation.unread_count).toBe(0);
    expect(await c.unread(landlord)).toBe(0);
    expect(await c.unread(tenant)).toBe(1);
    expect((await c.inbox(landlord))[0]!.unread_count).toBe(0);

    await c.thread(tenant, conversation_id);
    expect(await c.unread(tenant)).toBe(0);
  });

  it('adds up over all conversations, as tenant and as owner', async () => {
    const both = await signUp(t, { userType: 'landlord' });
    const ownListing = await createLiveListing(t, both);
    const tenant1 = await signUp(t);
    const tenant2 = await signUp(t);
    await c.start(tenant1, ownListing._id, 'a');
    await c.start(tenant2, ownListing._id, 'b');
    const asTenant = await c.start(both, listingA._id, 'I rent too');
    await c.reply(owner, asTenant.conversation_id, 'reply 1');
    await c.reply(owner, asTenant.conversation_id, 'reply 2');
    expect(await c.unread(both)).toBe(4);
    const rows = await c.inbox(both);
    expect(rows.map((r) => r.viewer_role).sort()).toEqual(['owner', 'owner', 'tenant']);
    expect(rows.reduce((sum, r) => sum + r.unread_count, 0)).toBe(4);
  });
});

describe('the thread', () => {
  it('answers the messages oldest first with role, text, time, and the conversation', async () => {
    const tenant = await signUp(t, { name: 'Selam' });
    const { conversation_id } = await c.start(tenant, listingA._id, 'first');
    t.clock.advance(1000);
    await c.reply(owner, conversation_id, 'second');
    t.clock.advance(1000);
    await c.reply(tenant, conversation_id, 'third');
    const thread = await c.thread(owner, conversation_id);
    expect(thread.messages.map((m) => m.body_text)).toEqual(['first', 'second', 'third']);
    expect(thread.messages.map((m) => m.role)).toEqual(['tenant', 'owner', 'tenant']);
    const times = thread.messages.map((m) => Date.parse(m.createdAt));
    expect(times[0]! < times[1]! && times[1]! < times[2]!).toBe(true);
    expect(thread.conversation).toMatchObject({ _id: conversation_id, viewer_role: 'owner', owner_has_replied: true });
    expect(thread.truncated).toBe(false);
  });
});

describe('who may read and write', () => {
  let tenant: SignedIn;
  let conversationId: string;

  beforeAll(async () => {
    tenant = await signUp(t);
    conversationId = (await c.start(tenant, listingA._id, 'Private words')).conversation_id;
    await c.reply(owner, conversationId, 'Private answer');
  });

  it('a stranger and another owner get 404 for the thread, a reply and the unlock, and never see it listed', async () => {
    const stranger = await signUp(t);
    for (const who of [stranger, otherOwner]) {
      for (const res of [await c.threadRaw(who, conversationId), await c.replyRaw(who, conversationId, 'hi'), await c.unlockRaw(who, conversationId)]) {
        expect(res.statusCode).toBe(404);
        expect(res.json().error).toBe('not_found');
        expect(res.body).not.toContain('Private');
      }
      expect((await c.inbox(who)).map((r) => r._id)).not.toContain(conversationId);
    }
    // Nothing was written by them.
    expect((await c.thread(owner, conversationId)).messages).toHaveLength(2);
  });

  it('unknown and malformed ids are 404 as well', async () => {
    for (const id of ['3b0e3a5e-7c39-4a57-9c55-2a6f3b1e9d10', 'abc', '..%2F..%2Fetc']) {
      expect((await c.threadRaw(tenant, id)).statusCode).toBe(404);
      expect((await c.replyRaw(tenant, id, 'x')).statusCode).toBe(404);
      expect((await c.unlockRaw(tenant, id)).statusCode).toBe(404);
    }
  });

  it('anonymous calls are 401', async () => {
    expect((await c.threadRaw(null, conversationId)).statusCode).toBe(401);
    expect((await c.replyRaw(null, conversationId, 'x')).statusCode).toBe(401);
    expect((await c.unlockRaw(null, conversationId)).statusCode).toBe(401);
  });

  it('an admin reads any conversation as written (moderation), without marking it read, and cannot write in it', async () => {
    const admin = await signUpAdmin(t);
    const unreadBefore = await c.unread(tenant);
    const thread = await c.thread(admin, conversationId);
    expect(thread.conversation.viewer_role).toBe('admin');
    expect(thread.messages.map((m) => [m.body_text, m.blurred])).toEqual([
      ['Private words', false],
      ['Private answer', false],
    ]);
    expect(thread.conversation.participants.tenant_phone).toBe(tenant.phone);
    expect(await c.unread(tenant)).toBe(unreadBefore);
    const reply = await c.replyRaw(admin, conversationId, 'Moderator here');
    expect(reply.statusCode).toBe(403);
    expect((await c.unlockRaw(admin, conversationId)).statusCode).toBe(404);
    // Not a participant: the admin's own inbox does not list it.
    expect((await c.inbox(admin)).map((r) => r._id)).not.toContain(conversationId);
  });

  it('only the tenant unlocks replies: the owner gets 403', async () => {
    const res = await c.unlockRaw(owner, conversationId);
    expect(res.statusCode).toBe(403);
    expect(res.json().error).toBe('forbidden');
  });
});

describe('a deleted listing', () => {
  it('keeps its conversations readable for both sides, with listing_id null', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const listing = await createLiveListing(t, landlord);
    const tenant = await signUp(t);
    const { conversation_id } = await c.start(tenant, listing._id, 'Still there?');
    await c.reply(landlord, conversation_id, 'Rented, sorry');
    const del = await t.request({ method: 'DELETE', url: `/api/listings/${listing._id}`, headers: landlord.auth });
    expect(del.statusCode).toBe(200);
    const [row] = await c.inbox(tenant);
    expect(row).toMatchObject({ _id: conversation_id, listing_id: null });
    expect((await c.thread(landlord, conversation_id)).messages).toHaveLength(2);
    // Starting about the deleted listing is a 404; the thread still takes replies.
    expect((await c.startRaw(tenant, listing._id, 'Hello?')).statusCode).toBe(404);
    expect((await c.replyRaw(tenant, conversation_id, 'OK, thanks')).statusCode).toBe(200);
  });
});

describe('the API document', () => {
  it('/api/docs lists the conversation and realtime calls with their answers', async () => {
    const doc = (await t.request({ method: 'GET', url: '/api/docs' })).json();
    for (const [path, method] of [
      ['/api/conversations', 'post'],
      ['/api/conversations', 'get'],
      ['/api/conversations/unread-count', 'get'],
      ['/api/conversations/{id}/messages', 'get'],
      ['/api/conversations/{id}/reply', 'post'],
      ['/api/conversations/{id}/unlock-first-reply', 'post'],
      ['/api/realtime/ticket', 'post'],
    ] as const) {
      expect(doc.paths[path]?.[method], `${method} ${path}`).toBeDefined();
    }
    const start = doc.paths['/api/conversations'].post;
    expect(Object.keys(start.requestBody.content['application/json'].schema.properties).sort()).toEqual(['initial_message', 'listing_id']);
    expect(Object.keys(doc.paths['/api/conversations/{id}/unlock-first-reply'].post.responses)).toEqual(expect.arrayContaining(['200', '402', '404', '409']));
  });
});
