import { describe, expect, it } from 'vitest';
import { createLiveListing } from '../support/factories.ts';
import { signUp } from '../support/login.ts';
import { createTestApp } from '../support/test-app.ts';
import { useTestApp } from '../support/use-test-app.ts';

/**
 * Demo mode without a token: the built-in Bot API stand-in. A visitor connects the demo bot from
 * /account, sees what the bot sent (as the demo shows SMS codes), and its buttons work.
 */
const t = useTestApp(() => createTestApp({ TELEGRAM_DEMO: 'true' }));

const demoBot = (auth: Record<string, string>) => t.request({ method: 'GET', url: '/api/demo/telegram', headers: auth });

describe("the demo's built-in Telegram bot", { timeout: 60_000 }, () => {
  it('is there in demo mode without a token: connect, the messages, and the freshness buttons that work', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const status = await t.request({ method: 'GET', url: '/api/account/telegram', headers: landlord.auth });
    expect(status.json()).toMatchObject({ available: true, demo_bot: true, linked: false });
    expect((await demoBot(landlord.auth)).json()).toEqual({ ok: true, linked: false, messages: [] });

    const connect = await t.request({ method: 'POST', url: '/api/demo/telegram/connect', headers: landlord.auth, payload: { language: 'am' } });
    expect(connect.statusCode, connect.body).toBe(200);
    await t.telegram.queue?.drain();
    const connected = (await demoBot(landlord.auth)).json();
    expect(connected.linked).toBe(true);
    expect(connected.messages[0].text).toMatch(/^ተገናኝቷል/);

    const listing = await createLiveListing(t, landlord, { title: 'Sunny flat near Edna Mall' });
    const tenant = await signUp(t);
    const sms = t.sms.sent.length;
    await t.request({ method: 'POST', url: `/api/listings/${listing._id}/ask-availability`, headers: tenant.auth });
    await t.telegram.queue?.drain();
    expect(t.sms.sent.slice(sms).filter((m) => m.phone === landlord.phone)).toHaveLength(0);
    const question = (await demoBot(landlord.auth)).json().messages[0];
    expect(question.text).toBe('«Sunny flat near Edna Mall» አሁንም ይገኛል?');
    const rented = question.buttons[1];
    expect(rented.text).toBe('ተከራይቷል');

    const press = await t.request({
      method: 'POST',
      url: '/api/demo/telegram/press',
      headers: landlord.auth,
      payload: { callback_data: rented.callback_data },
    });
    expect(press.statusCode, press.body).toBe(200);
    expect(press.json().answer).not.toBe('');
    const browse = await t.request({ method: 'GET', url: '/api/listings?limit=50' });
    expect((browse.json().listings as Array<{ _id: string }>).some((l) => l._id === listing._id)).toBe(false);
    // The same button again: already answered.
    const again = await t.request({
      method: 'POST',
      url: '/api/demo/telegram/press',
      headers: landlord.auth,
      payload: { callback_data: rented.callback_data },
    });
    expect(again.json().answer).not.toBe(press.json().answer);
  });

  it('is off outside demo mode and with TELEGRAM_DEMO=false (the other tests run so)', async () => {
    const user = await signUp(t);
    const other = await createTestApp({});
    try {
      const someone = await signUp(other);
      expect((await other.request({ method: 'GET', url: '/api/account/telegram', headers: someone.auth })).json()).toMatchObject({ available: false });
      expect((await other.request({ method: 'GET', url: '/api/demo/telegram', headers: someone.auth })).statusCode).toBe(404);
    } finally {
      await other.close();
    }
    expect((await demoBot(user.auth)).statusCode).toBe(200);
  });
});
