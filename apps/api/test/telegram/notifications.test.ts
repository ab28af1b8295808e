import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signUp, type SignedIn } from '../support/login.ts';
import { createLiveListing } from '../support/factories.ts';
import { createTelegramTestApp, deliver, linkTelegram, settleTelegram, type TelegramTestApp } from '../support/telegram.ts';

let tg: TelegramTestApp;
beforeAll(async () => {
  tg = await createTelegramTestApp();
});
afterAll(async () => tg.close());

let nextChat = 8100;

async function linked(userType: 'tenant' | 'landlord' = 'tenant', language: 'en' | 'am' = 'en'): Promise<{ who: SignedIn; chat: number }> {
  const who = await signUp(tg.t, { userType });
  const chat = ++nextChat;
  await linkTelegram(tg.t, who, chat, language);
  return { who, chat };
}

function tap(chat: number, data: string, id = `cb-${Math.random()}`) {
  return deliver(tg.t, {
    callback_query: {
      id,
      from: { id: chat, is_bot: false, first_name: 'Almaz' },
      message: { message_id: 1, chat: { id: chat, type: 'private' } },
      data,
      chat_instance: 'x',
    },
  });
}

async function inBrowse(listingId: string): Promise<boolean> {
  const res = await tg.t.request({ method: 'GET', url: '/api/listings?limit=50' });
  return (res.json().listings as Array<{ _id: string }>).some((l) => l._id === listingId);
}

describe('the freshness question in the bot', () => {
  it("reaches a linked poster with two signed buttons and no SMS; 'Rented' takes the listing out of browse, once", async () => {
    const poster = await linked('landlord');
    const listing = await createLiveListing(tg.t, poster.who, { title: 'Sunny flat near Edna Mall' });
    const tenant = await signUp(tg.t);
    const smsBefore = tg.t.sms.sent.length;
    const asked = await tg.t.request({ method: 'POST', url: `/api/listings/${listing._id}/ask-availability`, headers: tenant.auth });
    expect(asked.statusCode, asked.body).toBe(200);
    await settleTelegram(tg.t);
    expect(tg.t.sms.sent.slice(smsBefore).filter((m) => m.phone === poster.who.phone)).toHaveLength(0);
    const question = tg.bot.messagesTo(poster.chat).at(-1)!;
    expect(question.text).toBe('Is Sunny flat near Edna Mall still available?');
    const [yes, rented] = question.replyMarkup!.inline_keyboard[0]!;
    expect([yes!.text, rented!.text]).toEqual(['Yes, still available', 'Rented']);
    expect(Buffer.byteLength(rented!.callback_data!)).toBeLessThanOrEqual(64);
    expect(await inBrowse(listing._id)).toBe(true);

    await tap(poster.chat, rented!.callback_data!, 'cb-rented');
    await settleTelegram(tg.t);
    expect(tg.bot.answeredCallbacks.find((c) => c.id === 'cb-rented')?.text).toMatch(/off the market/);
    expect(await inBrowse(listing._id)).toBe(false);

    // A replayed tap (a new update with the same button) does nothing: the token is spent.
    await tap(poster.chat, yes!.callback_data!, 'cb-replay');
    await settleTelegram(tg.t);
    expect(tg.bot.answeredCallbacks.find((c) => c.id === 'cb-replay')?.text).toMatch(/already answered/);
    expect(await inBrowse(listing._id)).toBe(false);
  });

  it('a forged or altered button is refused and changes nothing', async () => {
    const poster = await linked('landlord');
    const listing = await createLiveListing(tg.t, poster.who);
    const tenant = await signUp(tg.t);
    await tg.t.request({ method: 'POST', url: `/api/listings/${listing._id}/ask-availability`, headers: tenant.auth });
    await settleTelegram(tg.t);
    const [yes] = tg.bot.messagesTo(poster.chat).at(-1)!.replyMarkup!.inline_keyboard[0]!;
    // 'Yes' turned into 'Rented' without the server's signature.
    const altered = yes!.callback_data!.replace(/^f:a:/, 'f:r:');
    await tap(poster.chat, altered, 'cb-altered');
    await tap(poster.chat, 'f:r:AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA:AAAAAAAAAAAAAAAA', 'cb-forged');
    await tap(poster.chat, 'anything', 'cb-junk');
    await settleTelegram(tg.t);
    for (const id of ['cb-altered', 'cb-forged', 'cb-junk']) expect(tg.bot.answeredCallbacks.find((c) => c.id === id)?.text).toBe('This button is not valid.');
    expect(await inBrowse(listing._id)).toBe(true);
  });

  it('a poster without Telegram is asked by SMS as before', async () => {
    const poster = await signUp(tg.t, { userType: 'landlord' });
    const listing = await createLiveListing(tg.t, poster);
    const tenant = await signUp(tg.t);
    await tg.t.request({ method: 'POST', url: `/api/listings/${listing._id}/ask-availability`, headers: tenant.auth });
    expect(tg.t.sms.sent.filter((m) => m.phone === poster.phone).at(-1)?.text).toMatch(/still available/);
  });
});

describe('new matches by Telegram', () => {
  async function saveSearch(who: SignedIn, extra: Record<string, unknown>) {
    const res = await tg.t.request({
      method: 'POST',
      url: '/api/saved-searches',
      headers: who.auth,
      payload: { name: 'Bole flats', filters: { subcity: 'Bole' }, ...extra },
    });
    expect(res.statusCode, res.body).toBe(201);
    return res.json().saved_search as { _id: string; telegram: boolean; sms: boolean };
  }

  it('a saved search set to Telegram gets each match once, with photo, price, subcity and a View button; no phone', async () => {
    const tenant = await linked('tenant', 'am');
    const search = await saveSearch(tenant.who, { telegram: true });
    expect(search).toMatchObject({ telegram: true, sms: false });
    const owner = await signUp(tg.t, { userType: 'landlord' });
    const listing = await createLiveListing(tg.t, owner, { subcity: 'Bole', price_etb: 18_000 });
    await tg.t.alerts.matcher.run();
    await settleTelegram(tg.t);
    const sent = tg.bot.messagesTo(tenant.chat).filter((m) => m.kind === 'photo');
    expect(sent).toHaveLength(1);
    expect(sent[0]!.text).toContain('18,000 ብር');
    expect(sent[0]!.text).toContain('Bole');
    expect(sent[0]!.photo).toMatch(/^https:\/\/betoch\.example\//);
    expect(sent[0]!.replyMarkup!.inline_keyboard[0]![0]).toEqual({ text: 'ይመልከቱ', url: `https://betoch.example/l/${listing._id}` });
    expect(JSON.stringify(tg.bot.messagesTo(tenant.chat))).not.toContain(owner.phone.slice(4));
    // The matcher running again sends nothing twice.
    await tg.t.alerts.matcher.run();
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(tenant.chat).filter((m) => m.kind === 'photo')).toHaveLength(1);
  });

  it('a search left on SMS or the app alone sends nothing by Telegram; choosing SMS turns Telegram off', async () => {
    const tenant = await linked();
    const search = await saveSearch(tenant.who, {});
    const owner = await signUp(tg.t, { userType: 'landlord' });
    await createLiveListing(tg.t, owner, { subcity: 'Bole' });
    await tg.t.alerts.matcher.run();
    await settleTelegram(tg.t);
    expect(tg.bot.messagesTo(tenant.chat).filter((m) => m.kind === 'photo')).toHaveLength(0);
    const toTelegram = await tg.t.request({ method: 'PATCH', url: `/api/saved-searches/${search._id}`, headers: tenant.who.auth, payload: { telegram: true } });
    expect(toTelegram.json().saved_search).toMatchObject({ telegram: true, sms: false, alerts: true });
    const toSms = await tg.t.request({ method: 'PATCH', url: `/api/saved-searches/${search._id}`, headers: tenant.who.auth, payload: { sms: true } });
    expect(toSms.json().saved_search).toMatchObject({ telegram: false, sms: true });
  });
});

describe('messages by Telegram', () => {
  it("tells the owner of a new message, and the tenant that the owner replied, without the reply's text", async () => {
    const owner = await linked('landlord');
    const tenant = await linked('tenant');
    const listing = await createLiveListing(tg.t, owner.who, { title: 'Flat by the ring road' });
    const started = await tg.t.request({
      method: 'POST',
      url: '/api/conversations',
      headers: tenant.who.auth,
      payload: { listing_id: listing._id, initial_message: 'Hello, is it free in May?' },
    });
    expect(started.statusCode, started.body).toBeLessThan(300);
    const conversationId = started.json().conversation_id as string;
    await tg.t.telegram.queue!.settle();
    await tg.bot.waitFor(() => tg.bot.messagesTo(owner.chat).find((m) => m.text.includes('new message')));
    const secret = 'Yes it is free, call me on the number';
    const replied = await tg.t.request({
      method: 'POST',
      url: `/api/conversations/${conversationId}/reply`,
      headers: owner.who.auth,
      payload: { body: secret },
    });
    expect(replied.statusCode, replied.body).toBe(200);
    const told = await tg.bot.waitFor(() => tg.bot.messagesTo(tenant.chat).find((m) => m.text.includes('owner replied')));
    expect(told.text).toBe('The owner replied about "Flat by the ring road". Open it on Betoch to read the reply.');
    expect(told.replyMarkup!.inline_keyboard[0]![0]!.url).toBe(`https://betoch.example/chat/${conversationId}`);
    expect(JSON.stringify(tg.bot.messages)).not.toContain(secret);
    expect(JSON.stringify(tg.bot.messages)).not.toContain('free in May');
  });
});
