import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { codeFor } from '../account/account-calls.ts';
import { createLiveListing } from '../support/factories.ts';
import { logIn, signUp, uniquePhone, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { act, admin, caseOf, createTrustTestApp, report } from '../trust/trust-calls.ts';
import { listen, openStream, ticketFor, type SseStream } from './sse-client.ts';

// When a token stops holding, the streams opened with it end at once, and a ticket taken with it
// before is refused. (Across servers: realtime-redis.test.ts and the cluster test.)
let t: TestApp;
let baseUrl: string;
let moderator: SignedIn;
const streams: SseStream[] = [];

beforeAll(async () => {
  t = await createTrustTestApp();
  baseUrl = await listen(t.app);
  moderator = await admin(t);
});
afterAll(async () => {
  for (const s of streams) s.close();
  await t.close();
});

async function streamOf(who: SignedIn): Promise<SseStream> {
  const stream = await openStream(baseUrl, `?ticket=${encodeURIComponent(await ticketFor(baseUrl, who))}`);
  streams.push(stream);
  expect(stream.status).toBe(200);
  await stream.next((e) => e.type === 'unread');
  return stream;
}

/** Resolves with the milliseconds until the stream ended, or rejects after timeoutMs. */
async function endsWithin(stream: SseStream, since: number, timeoutMs = 1000): Promise<number> {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`stream still open after ${timeoutMs} ms`)), timeoutMs);
  });
  try {
    await Promise.race([stream.ended, late]);
  } finally {
    clearTimeout(timer);
  }
  return Date.now() - since;
}

async function stillOpen(stream: SseStream): Promise<boolean> {
  const ended = await Promise.race([stream.ended.then(() => true), new Promise<false>((r) => setTimeout(() => r(false), 200))]);
  return !ended;
}

async function refused(ticket: string): Promise<void> {
  const res = await openStream(baseUrl, `?ticket=${encodeURIComponent(ticket)}`);
  streams.push(res);
  expect(res.status).toBe(401);
}

async function post(who: SignedIn, url: string, payload?: Record<string, unknown>): Promise<void> {
  const res = await t.request({ method: 'POST', url, headers: who.auth, ...(payload ? { payload } : {}) });
  expect(res.statusCode, res.body).toBe(200);
}

/** A landlord with a reported live listing, and the open case on it. */
async function reportedLandlord(): Promise<{ poster: SignedIn; caseId: string }> {
  const poster = await signUp(t, { userType: 'landlord' });
  const listing = await createLiveListing(t, poster);
  await report(t, await signUp(t), 'listing', listing._id);
  const found = await caseOf(t, moderator, listing._id);
  if (!found) throw new Error('no case');
  return { poster, caseId: found._id };
}

describe('revocation reaches open streams', () => {
  it('signing out ends the streams of that token only; its earlier ticket is refused', async () => {
    const phone = (await signUp(t)).phone;
    const laptop = await logIn(t, phone);
    const phoneDevice = await logIn(t, phone);
    const laptopStream = await streamOf(laptop);
    const phoneStream = await streamOf(phoneDevice);
    const laptopTicket = await ticketFor(baseUrl, laptop);

    const at = Date.now();
    await post(laptop, '/api/auth/logout');
    expect(await endsWithin(laptopStream, at)).toBeLessThan(1000);
    expect(await stillOpen(phoneStream)).toBe(true);
    await refused(laptopTicket);
  });

  it("'sign out on every device' ends every stream of the user, not another user's; earlier tickets are refused", async () => {
    const phone = (await signUp(t)).phone;
    const one = await logIn(t, phone);
    const two = await logIn(t, phone);
    const other = await signUp(t);
    const streamsOfUser = [await streamOf(one), await streamOf(two)];
    const otherStream = await streamOf(other);
    const ticket = await ticketFor(baseUrl, two);

    const at = Date.now();
    await post(one, '/api/account/sign-out-everywhere');
    for (const stream of streamsOfUser) expect(await endsWithin(stream, at)).toBeLessThan(1000);
    await refused(ticket);
    expect(await stillOpen(otherStream)).toBe(true);
    // Signed in again: a new token opens a new stream.
    await streamOf(await logIn(t, phone));
  });

  it("a phone change ends the earlier token's streams; the device that changed it opens a new one", async () => {
    const who = await signUp(t);
    const stream = await streamOf(who);
    const ticket = await ticketFor(baseUrl, who);
    const fresh = uniquePhone();
    const code = await codeFor(t, who, '/api/account/phone/request-code', { phone: fresh });
    const at = Date.now();
    const moved = await t.request({ method: 'POST', url: '/api/account/phone', headers: who.auth, payload: { phone: fresh, code } });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(await endsWithin(stream, at)).toBeLessThan(1000);
    await refused(ticket);
    const token = moved.json().token as string;
    await streamOf({ ...who, token, phone: fresh, auth: { authorization: `Bearer ${token}` } });
  });

  it('deleting the account ends its stream; an earlier ticket is refused', async () => {
    const who = await signUp(t);
    const stream = await streamOf(who);
    const ticket = await ticketFor(baseUrl, who);
    const code = await codeFor(t, who, '/api/account/delete/request-code');
    const at = Date.now();
    await post(who, '/api/account/delete', { code });
    expect(await endsWithin(stream, at)).toBeLessThan(1000);
    await refused(ticket);
  });

  it('a ban ends the stream; an earlier ticket is refused', async () => {
    const { poster, caseId } = await reportedLandlord();
    const stream = await streamOf(poster);
    const ticket = await ticketFor(baseUrl, poster);
    const at = Date.now();
    await act(t, moderator, caseId, 'ban');
    expect(await endsWithin(stream, at)).toBeLessThan(1000);
    await refused(ticket);
  });

  it('a suspension ends the stream and no new one opens while it lasts; the moderator keeps theirs', async () => {
    const { poster, caseId } = await reportedLandlord();
    const stream = await streamOf(poster);
    const moderatorStream = await streamOf(moderator);
    const ticket = await ticketFor(baseUrl, poster);
    const at = Date.now();
    await act(t, moderator, caseId, 'suspend');
    expect(await endsWithin(stream, at)).toBeLessThan(1000);
    await refused(ticket);
    await refused(await ticketFor(baseUrl, poster));
    expect(await stillOpen(moderatorStream)).toBe(true);
  });

  it('a warning ends nothing', async () => {
    const { poster, caseId } = await reportedLandlord();
    const stream = await streamOf(poster);
    await act(t, moderator, caseId, 'warn');
    expect(await stillOpen(stream)).toBe(true);
  });
});
