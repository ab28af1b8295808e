import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { THREAD_MAX } from '@betoch/contracts/conversations';
import { readerView } from '../../src/modules/contact-masking/reader-view.ts';
import { appendMessage, lockConversation } from '../../src/modules/conversations/conversations.repository.ts';
import { signUp, uniquePhone, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { grantCredits } from '../support/wallet.ts';
import type { ChatCalls } from './chat-calls.ts';
import { setUpChat } from './chat-setup.ts';

/**
 * Numbers disguised with characters a reader does not see get no further in chat than written
 * plainly: an owner's reply the tenant unlocked (1 credit) still hides the owner's number until
 * the contact is paid for, and a tenant's number reaches the owner masked. Masking happens when a
 * message is written, so reading a full thread costs no masking at all.
 */

let t: TestApp;
let c: ChatCalls;
let owner: SignedIn;
let listingId: string;

beforeAll(async () => {
  ({ t, c, owner, listingId } = await setUpChat('Chat evasion owner', { contact_preference: 'show' }));
}, 60_000);
afterAll(async () => {
  await t.close();
});

function zeroWidth(national: string): string {
  return [national.slice(0, 4), national.slice(4, 6), national.slice(6, 8), national.slice(8)].join('\u200B');
}

function expectHidden(text: string, national: string): void {
  const shown = readerView(text).text;
  expect(shown).toContain(CONTACT_MASK);
  expect(shown.replace(/[^0-9]/g, '')).not.toContain(national.slice(1));
}

describe('disguised numbers in chat', () => {
  it("an owner's reply unlocked for 1 credit keeps a zero-width-spaced number masked", async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const { conversation_id: id } = await c.start(tenant, listingId, 'Hello, is it free?');
    const national = `0${owner.phone.slice(4)}`;
    const text = `Yes. Call me ${zeroWidth(national)} or my telegram abebekebede`;
    await c.reply(owner, id, text);
    await c.unlock(tenant, id);
    const reply = (await c.thread(tenant, id)).messages[1]!;
    expect(reply).toMatchObject({ blurred: false, masked: true, body_text: `Yes. Call me ${CONTACT_MASK} or my telegram ${CONTACT_MASK}` });
    expectHidden((await c.inbox(tenant)).find((r) => r._id === id)!.last_message!.body_text, national);
  });

  it("a tenant's zero-width-spaced number reaches the owner masked; the tenant reads their own text", async () => {
    const phone = uniquePhone();
    const tenant = await signUp(t, { phone });
    const national = `0${phone.slice(4)}`;
    const text = `My number: ${zeroWidth(national)}, also ${[...national].map((d) => String.fromCodePoint(0x0660 + Number(d))).join('')}`;
    const { conversation_id: id } = await c.start(tenant, listingId, text);
    const seenByOwner = (await c.thread(owner, id)).messages[0]!;
    expect(seenByOwner).toMatchObject({ masked: true, body_text: `My number: ${CONTACT_MASK}, also ${CONTACT_MASK}` });
    expect((await c.thread(tenant, id)).messages[0]).toMatchObject({ masked: false, body_text: text });
  });
});

describe('reading a full thread', () => {
  it(`answers a thread of ${THREAD_MAX} messages with numbers in them without masking them again (well under 200 ms of CPU)`, async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 1);
    const { conversation_id: id } = await c.start(tenant, listingId, 'Hello');
    await c.reply(owner, id, 'Hi');
    await c.unlock(tenant, id);
    // Messages of a chat's usual length in both languages, each with a number the tenant must not
    // read. Written through the repository's append (the masking happens there), not the call,
    // which is rate limited.
    const ownerRow = await t.database.sql.query<{ id: string }>('SELECT owner_id AS id FROM conversations WHERE id = $1', [id]);
    const body = 'ቤቱ ባለ 3 መኝታ ነው፣ ኪራዩ 25,000 ብር። Call me on 0911\u200B22\u200B33\u200B44 or telegram abebekebede, I am free after 5 pm on weekdays.';
    for (let i = 0; i < THREAD_MAX - 2; i += 50) {
      await t.database.db.transaction(async (tx) => {
        for (let k = i; k < Math.min(i + 50, THREAD_MAX - 2); k++) {
          const conversation = (await lockConversation(tx, id))!;
          await appendMessage(tx, conversation, { id: randomUUID(), senderId: ownerRow[0]!.id, role: 'owner', body, now: new Date() });
        }
      });
    }
    // CPU time of this process (the server and its embedded database run in it), so other work on
    // a shared machine does not count; wall time is printed beside it. Masking is not part of a read
    // at all any more: what is left is the database and the answer.
    const cpu: number[] = [];
    const wall: number[] = [];
    for (let i = 0; i < 7; i++) {
      const cpuStart = process.cpuUsage();
      const start = performance.now();
      const res = await t.request({ method: 'GET', url: `/api/conversations/${id}/messages`, headers: tenant.auth });
      wall.push(performance.now() - start);
      const used = process.cpuUsage(cpuStart);
      cpu.push((used.user + used.system) / 1000);
      expect(res.statusCode).toBe(200);
      if (i === 0) {
        const messages = res.json().messages as Array<{ body_text: string; masked: boolean }>;
        expect(messages).toHaveLength(THREAD_MAX);
        expect(messages[THREAD_MAX - 1]).toMatchObject({ masked: true, body_text: expect.stringContaining(CONTACT_MASK) });
      }
    }
    const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;
    console.info(
      `thread of ${THREAD_MAX} messages: CPU best ${Math.min(...cpu).toFixed(1)} ms, median ${median(cpu).toFixed(1)} ms; wall median ${median(wall).toFixed(1)} ms`,
    );
    // The best of seven: the cost of a read itself, not of a machine busy with other work. A read
    // costs about 37 ms here (printed above; docs/security.md). The bound is a regression guard, not
    // the figure: masking at read time, as it once was, took seconds, and a bound near the figure
    // failed on a CI host running the browser journeys beside this (51.7 ms).
    expect(Math.min(...cpu)).toBeLessThan(200);
  }, 120_000);
});
