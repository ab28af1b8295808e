import type { APIRequestContext } from '@playwright/test';
import { expect } from '@playwright/test';
import type { ApiSession } from './auth';

/** Demo sessions of this worker: a token stays good, so each demo account asks for one code only. */
const sessions = new Map<string, ApiSession>();

/**
 * Signs a demo account in through the API, once per worker. The phone may still be in its 60 s
 * resend cooldown (a retried test, or another journey): then it waits as long as the server says
 * and asks again.
 */
export async function demoSession(request: APIRequestContext, phone: string): Promise<ApiSession> {
  const known = sessions.get(phone);
  if (known) return known;
  for (let attempt = 0; attempt < 3; attempt += 1) {
    const otp = await request.post('/api/auth/request-otp', { data: { phone } });
    const body = (await otp.json()) as { code?: string; retry_after?: number };
    if (otp.status() === 429 && body.retry_after) {
      await new Promise((resolve) => setTimeout(resolve, (body.retry_after! + 1) * 1000));
      continue;
    }
    expect(otp.ok(), JSON.stringify(body)).toBe(true);
    const res = await request.post('/api/auth/verify-otp', { data: { phone, code: body.code } });
    expect(res.ok(), await res.text()).toBe(true);
    const session = (await res.json()) as { token: string; user: ApiSession['user'] };
    const signedIn = { token: session.token, user: session.user, phone };
    sessions.set(phone, signedIn);
    return signedIn;
  }
  throw new Error(`Could not sign ${phone} in`);
}

/** A demo admin's session (the demo data makes +251911000001 and +251911000002 admins). */
export async function adminSession(request: APIRequestContext, phone = '+251911000002'): Promise<ApiSession> {
  const session = await demoSession(request, phone);
  expect(session.user.roles).toContain('admin');
  return session;
}
