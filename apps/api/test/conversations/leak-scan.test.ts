import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { createListingsTestApp, createLiveListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { grantCredits } from '../support/wallet.ts';
import { AnswerLog, chat, phoneForms } from './chat-calls.ts';
import { listen, openStream, ticketFor, type SseStream } from './sse-client.ts';

const SECRET = 'Garden-flat-owner-words-7Q';

let t: TestApp;
let baseUrl: string;
let owner: SignedIn;
let tenant: SignedIn;
let stream: SseStream;
const tenantLog = new AnswerLog();

/** The owner's number as the owner writes it in chat: spaced, dashed, international. */
function writtenForms(phone: string): string[] {
  const n = phone.replace(/^\+251/, '');
  return [`0${n.slice(0, 3)} ${n.slice(3, 5)} ${n.slice(5, 7)} ${n.slice(7)}`, `+251-${n.slice(0, 3)}-${n.slice(3)}`, `0${n}`];
}

function expectNoOwnerPhone(text: string): void {
  for (const form of [...phoneForms(owner.phone), ...writtenForms(owner.phone)]) expect(text).not.toContain(form);
  // Also with every separator removed: no run of the owner's 9 national digits anywhere.
  expect(text.replace(/\D/g, '')).not.toContain(owner.phone.replace(/^\+251/, ''));
}

beforeAll(async () => {
  t = await createListingsTestApp();
  baseUrl = await listen(t.app);
  owner = await signUp(t, { userType: 'landlord', name: 'Getachew' });
  tenant = await signUp(t, { name: 'Hanna' });
  stream = await openStream(baseUrl, `?ticket=${encodeURIComponent(await ticketFor(baseUrl, tenant))}`);
  expect(stream.status).toBe(200);
});
afterAll(async () => {
  stream.close();
  await t.close();
});

describe("what the tenant receives never holds the owner's locked words or phone", () => {
  it('across start, replies, inbox, thread, unread count, failed unlocks and the event stream', async () => {
    const c = chat(t, tenantLog);
    const ownerCalls = chat(t);
    const listing = await createLiveListing(t, owner, { contact_preference: 'show' });
    tenantLog.add(await t.request({ method: 'GET', url: `/api/listings/${listing._id}`, headers: tenant.auth }));

    const { conversation_id: id } = await c.start(tenant, listing._id, 'Is the flat still free?');
    await ownerCalls.reply(owner, id, `${SECRET}: yes, call me on ${writtenForms(owner.phone)[0]}`);
    await ownerCalls.reply(owner, id, `or ${writtenForms(owner.phone)[1]} / telegram @getachew_homes`);
    await stream.next((e) => e.type === 'message' && (e.data as { conversation_id: string }).conversation_id === id);

    await c.reply(tenant, id, 'Can you tell me more?');
    await c.inbox(tenant);
    await c.inbox(tenant, `?listing_id=${listing._id}`);
    await c.thread(tenant, id);
    await c.unread(tenant);
    expect((await c.unlockRaw(tenant, id)).statusCode).toBe(402);
    await c.start(tenant, listing._id, 'Hello again');

    const locked = tenantLog.all;
    expect(tenantLog.count).toBeGreaterThanOrEqual(9);
    expect(locked).not.toContain(SECRET);
    expect(locked).not.toContain('getachew_homes');
    expectNoOwnerPhone(locked);

    // Unlocked replies: the words arrive, the phone and handle stay masked (the contact is not paid for).
    await grantCredits(t, tenant, 1);
    await c.unlock(tenant, id);
    const thread = await c.thread(tenant, id);
    const ownerTexts = thread.messages.filter((m) => m.role === 'owner').map((m) => m.body_text);
    expect(ownerTexts[0]).toBe(`${SECRET}: yes, call me on ${CONTACT_MASK}`);
    expect(ownerTexts[1]).toBe(`or ${CONTACT_MASK} / telegram ${CONTACT_MASK}`);
    expect(thread.messages.filter((m) => m.role === 'owner').every((m) => m.masked)).toBe(true);
    await c.inbox(tenant);
    expect(tenantLog.all).toContain(SECRET);
    expectNoOwnerPhone(tenantLog.all);
    expect(tenantLog.all).not.toContain('getachew_homes');
  });

  it('the event stream carried ids and counts only', async () => {
    // Let any last event arrive.
    await new Promise((r) => setTimeout(r, 100));
    const raw = stream.raw();
    expect(stream.events.length).toBeGreaterThan(0);
    expect(raw).not.toContain(SECRET);
    expect(raw).not.toContain('getachew');
    expect(raw).not.toContain('Is the flat');
    expectNoOwnerPhone(raw);
    for (const event of stream.events) {
      if (event.type === 'message') expect(Object.keys(event.data as object)).toEqual(['conversation_id']);
      else if (event.type === 'unread') expect(Object.keys(event.data as object)).toEqual(['count']);
      // Saved-search notifications share the stream: their unread count only.
      else if (event.type === 'notifications') expect(Object.keys(event.data as object)).toEqual(['count']);
      else throw new Error(`unexpected event ${event.type}`);
    }
  });
});
