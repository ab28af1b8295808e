import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { CONTACT_MASK } from '@betoch/contracts/constants';
import { signUpAdmin } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { grantCredits } from '../support/wallet.ts';
import type { ChatCalls } from './chat-calls.ts';
import { setUpChat } from './chat-setup.ts';

let t: TestApp;
let c: ChatCalls;
let owner: SignedIn;
let listingId: string;

beforeAll(async () => {
  ({ t, c, owner, listingId } = await setUpChat('Getachew', { contact_preference: 'show' }));
});
afterAll(async () => {
  await t.close();
});

async function unlockContact(user: SignedIn, id: string) {
  const res = await t.request({ method: 'POST', url: `/api/listings/${id}/unlock-contact`, headers: user.auth });
  expect(res.statusCode, res.body).toBe(200);
}

describe('contact details in messages', () => {
  it("the tenant's number is masked for the owner until the tenant pays for the listing's contact; the tenant sees their own text", async () => {
    const tenant = await signUp(t);
    const text = 'My number is 0911 22 33 44, telegram @hanna_rent';
    const { conversation_id: id, message } = await c.start(tenant, listingId, text);
    expect(message).toMatchObject({ body_text: text, masked: false, mine: true });

    const ownerView = await c.thread(owner, id);
    expect(ownerView.messages[0]).toMatchObject({ body_text: `My number is ${CONTACT_MASK}, telegram ${CONTACT_MASK}`, masked: true, mine: false });
    expect((await c.inbox(owner)).find((r) => r._id === id)!.last_message).toMatchObject({
      masked: true,
      body_text: `My number is ${CONTACT_MASK}, telegram ${CONTACT_MASK}`,
    });
    expect((await c.thread(tenant, id)).messages[0]).toMatchObject({ body_text: text, masked: false });

    await grantCredits(t, tenant, 1);
    await unlockContact(tenant, listingId);
    expect((await c.thread(owner, id)).messages[0]).toMatchObject({ body_text: text, masked: false });
  });

  it("the owner's number stays masked for the tenant after the reply unlock, and shows once the contact is unlocked", async () => {
    const tenant = await signUp(t);
    await grantCredits(t, tenant, 2);
    const { conversation_id: id } = await c.start(tenant, listingId, 'Hello');
    const ownerText = 'Call me: +251 922 11 22 33 or write to getachew at gmail dot com';
    expect((await c.reply(owner, id, ownerText)).message.body_text).toBe(ownerText);
    await c.unlock(tenant, id);
    const afterReplyUnlock = await c.thread(tenant, id);
    expect(afterReplyUnlock.messages[1]).toMatchObject({ blurred: false, masked: true, body_text: `Call me: ${CONTACT_MASK} or write to ${CONTACT_MASK}` });

    await unlockContact(tenant, listingId);
    expect((await c.thread(tenant, id)).messages[1]).toMatchObject({ blurred: false, masked: false, body_text: ownerText });
  });

  it('ordinary messages are never marked masked', async () => {
    const tenant = await signUp(t);
    const text = 'I can pay 15,000 birr for 2 bedrooms, can I visit on the 3rd at 10:30?';
    const { conversation_id: id } = await c.start(tenant, listingId, text);
    expect((await c.thread(owner, id)).messages[0]).toMatchObject({ body_text: text, masked: false });
  });

  it('a name that hides a number is masked like a message', async () => {
    const tenant = await signUp(t, { name: 'Hanna 0911223344' });
    await c.start(tenant, listingId, 'Hi');
    const row = (await c.inbox(owner)).find((r) => r.participants.tenant_name?.startsWith('Hanna'))!;
    expect(row.participants.tenant_name).toBe(`Hanna ${CONTACT_MASK}`);
    expect((await c.inbox(tenant))[0]!.participants.tenant_name).toBe('Hanna 0911223344');
  });

  it('an admin reading for moderation sees the text as written', async () => {
    const tenant = await signUp(t);
    const { conversation_id: id } = await c.start(tenant, listingId, 'Scammer bait: 0933 44 55 66');
    const admin = await signUpAdmin(t);
    expect((await c.thread(admin, id)).messages[0]).toMatchObject({ body_text: 'Scammer bait: 0933 44 55 66', masked: false });
  });
});
