import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type BuiltApp } from '../../src/app.ts';
import { MemoryKvStore } from '../../src/lib/kv-store.ts';
import { RedisKvStore } from '../../src/lib/redis-kv-store.ts';
import type { RealtimeEvent } from '../../src/modules/realtime/event-bus.ts';
import { MemoryEventBus } from '../../src/modules/realtime/memory-event-bus.ts';
import { RedisEventBus } from '../../src/modules/realtime/redis-event-bus.ts';
import { issueStreamTicket, redeemStreamTicket } from '../../src/modules/realtime/stream-tickets.ts';
import { createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { REDIS_URL } from '../support/redis.ts';
import type { TestApp } from '../support/test-app.ts';
import { chat } from './chat-calls.ts';
import { listen, openStream, ticketFor, type SseEvent, type SseStream } from './sse-client.ts';

const prefix = () => `test:${randomUUID().slice(0, 8)}:`;
const USER_A = '11111111-1111-4111-8111-111111111111';
const USER_B = '22222222-2222-4222-8222-222222222222';
const TOKEN_A = { userId: USER_A, tokenVersion: 3, jti: '33333333-3333-4333-8333-333333333333' };
const hello: RealtimeEvent = { type: 'message', data: { conversation_id: 'c1' } };

function collector() {
  const got: RealtimeEvent[] = [];
  return { got, listener: (e: RealtimeEvent) => got.push(e) };
}

describe('event buses', () => {
  it("in-process: delivers to the user's listeners only, and stops after unsubscribe", async () => {
    const bus = new MemoryEventBus();
    const a = collector();
    const b = collector();
    const offA = await bus.subscribe(USER_A, a.listener);
    await bus.subscribe(USER_B, b.listener);
    await bus.publish(USER_A, hello);
    offA();
    await bus.publish(USER_A, hello);
    expect(a.got).toEqual([hello]);
    expect(b.got).toEqual([]);
    await bus.close();
  });

  it('Redis: a publish in one process reaches the subscriber in another, for that user only', async () => {
    const keyPrefix = prefix();
    const one = new RedisEventBus(REDIS_URL, keyPrefix);
    const two = new RedisEventBus(REDIS_URL, keyPrefix);
    try {
      const a = collector();
      const b = collector();
      const offA = await two.subscribe(USER_A, a.listener);
      const offA2 = await two.subscribe(USER_A, a.listener.bind(null));
      await two.subscribe(USER_B, b.listener);
      await one.publish(USER_A, hello);
      await expect.poll(() => a.got.length, { timeout: 1000 }).toBe(2);
      expect(b.got).toEqual([]);

      // One of two listeners leaves: the other still hears; both gone: nothing arrives.
      offA();
      await one.publish(USER_A, hello);
      await expect.poll(() => a.got.length, { timeout: 1000 }).toBe(3);
      offA2();
      await new Promise((r) => setTimeout(r, 50));
      await one.publish(USER_A, hello);
      await new Promise((r) => setTimeout(r, 150));
      expect(a.got).toHaveLength(3);
    } finally {
      await one.close();
      await two.close();
    }
  });

  it('Redis: buses with other key prefixes (other deployments) do not hear each other', async () => {
    const one = new RedisEventBus(REDIS_URL, prefix());
    const two = new RedisEventBus(REDIS_URL, prefix());
    try {
      const a = collector();
      await two.subscribe(USER_A, a.listener);
      await one.publish(USER_A, hello);
      await new Promise((r) => setTimeout(r, 150));
      expect(a.got).toEqual([]);
    } finally {
      await one.close();
      await two.close();
    }
  });
});

describe('stream tickets across processes', () => {
  it('a ticket issued by one process is redeemed once by another (shared Redis KvStore)', async () => {
    const keyPrefix = prefix();
    const kv1 = new RedisKvStore(REDIS_URL, keyPrefix);
    const kv2 = new RedisKvStore(REDIS_URL, keyPrefix);
    try {
      const ticket = await issueStreamTicket(kv1, TOKEN_A);
      const [first, second] = await Promise.all([redeemStreamTicket(kv2, ticket), redeemStreamTicket(kv1, ticket)]);
      expect([first, second].filter(Boolean)).toEqual([TOKEN_A]);
      expect(await redeemStreamTicket(kv2, ticket)).toBeUndefined();
      // The names in a ticket cannot be changed: another user, or an older token version, is refused.
      const [, version, jti, random] = ticket.split('.');
      const other = await issueStreamTicket(kv1, TOKEN_A);
      const [, , , otherRandom] = other.split('.');
      expect(await redeemStreamTicket(kv2, `${USER_B}.${version}.${jti}.${otherRandom}`)).toBeUndefined();
      expect(await redeemStreamTicket(kv2, `${USER_A}.2.${jti}.${otherRandom}`)).toBeUndefined();
      expect(random).toHaveLength(32);
      expect(await redeemStreamTicket(kv2, other)).toEqual(TOKEN_A);
    } finally {
      await kv1.close();
      await kv2.close();
    }
  });

  it('in memory: once, and not after 60 s', async () => {
    let now = 0;
    const kv = new MemoryKvStore(() => now);
    const ticket = await issueStreamTicket(kv, TOKEN_A);
    expect(await redeemStreamTicket(kv, ticket)).toEqual(TOKEN_A);
    expect(await redeemStreamTicket(kv, ticket)).toBeUndefined();
    const late = await issueStreamTicket(kv, TOKEN_A);
    now += 60_001;
    expect(await redeemStreamTicket(kv, late)).toBeUndefined();
    expect(await redeemStreamTicket(kv, 'not a ticket')).toBeUndefined();
  });
});

describe('two app processes sharing one database and one Redis', () => {
  let t: TestApp;
  let processes: BuiltApp[];
  let urls: string[];
  let owner: SignedIn;
  let tenant: SignedIn;
  let listingId: string;
  const streams: SseStream[] = [];

  beforeAll(async () => {
    const keyPrefix = prefix();
    t = await createListingsTestApp({ REDIS_URL, REDIS_KEY_PREFIX: keyPrefix });
    // Two more "processes": the same database, the same Redis (key-value store and pub/sub).
    processes = [];
    for (let i = 0; i < 2; i++) {
      const built = await buildApp(t.env, { database: t.database, kv: new RedisKvStore(REDIS_URL, keyPrefix), now: t.clock.now, logger: false });
      await built.app.ready();
      processes.push(built);
    }
    urls = await Promise.all(processes.map((p) => listen(p.app)));
    owner = await signUp(t, { userType: 'landlord' });
    tenant = await signUp(t);
    listingId = (await createLiveListing(t, owner))._id;
  });
  afterAll(async () => {
    for (const s of streams) s.close();
    for (const p of processes) await p.app.close();
    await t.close();
  });

  const messageFor = (id: string) => (e: SseEvent) => e.type === 'message' && (e.data as { conversation_id: string }).conversation_id === id;

  it("a message written through process 1 reaches the tenant's stream on process 2 within a second", async () => {
    // Ticket from process 1, stream on process 2: the ticket lives in the shared store.
    const ticket = await ticketFor(urls[0]!, tenant);
    const tenantStream = await openStream(urls[1]!, `?ticket=${encodeURIComponent(ticket)}`);
    streams.push(tenantStream);
    expect(tenantStream.status).toBe(200);
    await tenantStream.next((e) => e.type === 'unread');

    const ownerStream = await openStream(urls[0]!, `?ticket=${encodeURIComponent(await ticketFor(urls[0]!, owner))}`);
    streams.push(ownerStream);
    await ownerStream.next((e) => e.type === 'unread');

    // The tenant writes through process 2; the owner listens on process 1.
    const sentAt = Date.now();
    const started = await processes[1]!.app.inject({
      method: 'POST',
      url: '/api/conversations',
      headers: tenant.auth,
      payload: { listing_id: listingId, initial_message: 'Across processes' },
    });
    expect(started.statusCode).toBe(200);
    const id = started.json().conversation_id as string;
    const toOwner = await ownerStream.next(messageFor(id), 1000);
    expect(toOwner.at - sentAt).toBeLessThan(1000);
    await ownerStream.next((e) => e.type === 'unread' && (e.data as { count: number }).count === 1, 1000);

    const repliedAt = Date.now();
    const reply = await processes[0]!.app.inject({
      method: 'POST',
      url: `/api/conversations/${id}/reply`,
      headers: owner.auth,
      payload: { body: 'Reply from process 1' },
    });
    expect(reply.statusCode).toBe(200);
    const got = await tenantStream.next(messageFor(id), 1000);
    expect(got.at - repliedAt).toBeLessThan(1000);

    // And through the third process (the test app) too.
    await chat(t).reply(owner, id, 'Reply from process 3');
    await expect.poll(() => tenantStream.events.filter(messageFor(id)).length, { timeout: 1000 }).toBeGreaterThanOrEqual(2);
    expect(tenantStream.raw()).not.toContain('Reply from process');
  });

  it("'sign out on every device' through process 1 ends the stream held by process 2 within a second", async () => {
    const who = await signUp(t);
    const stream = await openStream(urls[1]!, `?ticket=${encodeURIComponent(await ticketFor(urls[1]!, who))}`);
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.next((e) => e.type === 'unread');
    const ticket = await ticketFor(urls[1]!, who);

    const at = Date.now();
    const res = await processes[0]!.app.inject({ method: 'POST', url: '/api/account/sign-out-everywhere', headers: who.auth });
    expect(res.statusCode, res.body).toBe(200);
    await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open')), 1000))]);
    expect(Date.now() - at).toBeLessThan(1000);
    // The ticket taken before is refused by either process.
    const late = await openStream(urls[0]!, `?ticket=${encodeURIComponent(ticket)}`);
    streams.push(late);
    expect(late.status).toBe(401);
  });
});
