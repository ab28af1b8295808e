import type { TUser } from '@betoch/contracts/auth';
import type { TestApp } from './test-app.ts';

let counter = 0;

/**
 * A fresh Ethiopian mobile number for each call (unique within a test run). Drawn from
 * +25198xxxxxxx, a range no test names a fixed number in (admins are +2519000000xx, the others
 * +25191…-+25195…): each process has a block of 100,000 by its pid, so a worker whose pid happens
 * to match a fixed number never signs up as that admin.
 */
export function uniquePhone(): string {
  counter += 1;
  const n = 80_000_000 + (process.pid % 200) * 100_000 + (counter % 100_000);
  return `+2519${String(n).padStart(8, '0').slice(-8)}`;
}

export interface SignedIn {
  token: string;
  user: TUser;
  phone: string;
  auth: { authorization: string };
}

/** Signs up through the real calls (request a code, read it from the demo answer, sign up). */
export async function signUp(
  t: TestApp,
  options: { phone?: string; userType?: TUser['userType']; name?: string; agencyName?: string } = {},
): Promise<SignedIn> {
  const phone = options.phone ?? uniquePhone();
  const userType = options.userType ?? 'tenant';
  const otp = await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } });
  if (otp.statusCode !== 200) throw new Error(`request-otp failed: ${otp.body}`);
  const code = otp.json().code as string;
  const res = await t.request({
    method: 'POST',
    url: '/api/auth/signup',
    payload: {
      phone,
      code,
      name: options.name ?? `Test ${userType}`,
      userType,
      acceptTerms: true,
      ...(userType === 'delala' ? { agencyName: options.agencyName ?? 'Test Agency' } : {}),
    },
  });
  if (res.statusCode !== 201) throw new Error(`signup failed: ${res.body}`);
  const body = res.json() as { token: string; user: TUser };
  // The cooldown and the per-IP hourly limit belong to the code request; tests that sign up many
  // users from one address should not wait on them.
  await t.kv.delete(`otp:cool:${phone}`);
  await t.kv.delete('otp:ip:127.0.0.1');
  return { token: body.token, user: body.user, phone, auth: { authorization: `Bearer ${body.token}` } };
}

/** Signs in an existing phone through request-otp and verify-otp. */
export async function logIn(t: TestApp, phone: string): Promise<SignedIn> {
  await t.kv.delete(`otp:cool:${phone}`);
  await t.kv.delete('otp:ip:127.0.0.1');
  const otp = await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone } });
  const code = otp.json().code as string;
  const res = await t.request({ method: 'POST', url: '/api/auth/verify-otp', payload: { phone, code } });
  if (res.statusCode !== 200) throw new Error(`verify-otp failed: ${res.body}`);
  const body = res.json() as { token: string; user: TUser };
  return { token: body.token, user: body.user, phone, auth: { authorization: `Bearer ${body.token}` } };
}
