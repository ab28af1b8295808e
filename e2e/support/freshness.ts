import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { ApiSession } from './auth';

const auth = (session: ApiSession) => ({ authorization: `Bearer ${session.token}` });

/**
 * The demo server's freshness help (demo mode only, modules/freshness/freshness-demo.routes.ts):
 * the poster's listing made `days` unconfirmed, then the freshness job runs at once.
 */
export async function ageListing(request: APIRequestContext, poster: ApiSession, listingId: string, days: number): Promise<void> {
  const res = await request.post(`/api/demo/listings/${listingId}/age`, { headers: auth(poster), data: { days } });
  expect(res.ok(), await res.text()).toBe(true);
}

/** The texts the demo server 'sent' to the poster's phone, newest first (as auth journeys read codes from the screen). */
export async function demoSms(request: APIRequestContext, who: ApiSession): Promise<string[]> {
  const res = await request.get('/api/demo/sms', { headers: auth(who) });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { messages: Array<{ text: string }> }).messages.map((m) => m.text);
}

/** The path of the newest 'still available?' link the poster got by SMS (/confirm/{token}). */
export async function confirmLinkFromSms(request: APIRequestContext, poster: ApiSession): Promise<string> {
  let path: string | undefined;
  await expect
    .poll(async () => {
      for (const text of await demoSms(request, poster)) {
        const match = /\/confirm\/[A-Za-z0-9_-]+/.exec(text);
        if (match) return (path = match[0]);
      }
      return undefined;
    })
    .toBeTruthy();
  return path!;
}
