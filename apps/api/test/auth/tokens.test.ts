import { randomBytes } from 'node:crypto';
import { SignJWT, decodeJwt } from 'jose';
import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import { logIn, signUp } from '../support/login.ts';
import { deriveKey, resolveSigningSecret } from '../../src/lib/secrets.ts';
import { bumpTokenVersion, findUserByPhone, setUserStatus } from '../../src/modules/users/user-rows.ts';
import { authCalls } from './auth-calls.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp);
let api: ReturnType<typeof authCalls>;
let key: Uint8Array;

beforeAll(async () => {
  api = authCalls(t);
  // The same key the server signs with (the demo secret lives in the database).
  key = new TextEncoder().encode(deriveKey(await resolveSigningSecret(t.database.db, undefined), 'jwt'));
});

const b64 = (value: unknown) => Buffer.from(JSON.stringify(value)).toString('base64url');

function expectInvalidToken(res: { statusCode: number; json(): unknown }) {
  expect(res.statusCode).toBe(401);
  expect(res.json()).toMatchObject({ ok: false, error: 'invalid_token', message: expect.any(String) });
}

/** A token with the real claims of `token`, signed as the caller says. */
async function forge(token: string, alg: string, signingKey: Uint8Array, claims: Record<string, unknown> = {}) {
  const payload = { ...decodeJwt(token), ...claims };
  return new SignJWT(payload).setProtectedHeader({ alg, typ: 'JWT' }).sign(signingKey);
}

describe('tokens', () => {
  it('carry the phone as sub, a token version and a 30-day life', async () => {
    const s = await signUp(t);
    const claims = decodeJwt(s.token);
    expect(claims).toMatchObject({ sub: s.phone, tv: 0, iss: 'betoch', jti: expect.any(String) });
    expect((claims.exp ?? 0) - (claims.iat ?? 0)).toBe(30 * 24 * 3600);
  });

  it('are accepted when signed by the server key with HS256 (the control for the forgeries below)', async () => {
    const s = await signUp(t);
    const same = await forge(s.token, 'HS256', key);
    expect((await api.me(same)).statusCode).toBe(200);
  });

  it('refuse alg none, HS512, another secret, a tampered payload and missing claims', async () => {
    const s = await signUp(t);
    const [header, payload] = s.token.split('.');
    const none = `${b64({ alg: 'none', typ: 'JWT' })}.${payload}.`;
    const hs512 = await forge(s.token, 'HS512', key);
    const otherSecret = await forge(s.token, 'HS256', randomBytes(48));
    const tampered = `${header}.${b64({ ...decodeJwt(s.token), tv: 7 })}.${s.token.split('.')[2]}`;
    const otherPhone = `${header}.${b64({ ...decodeJwt(s.token), sub: '+251911111111' })}.${s.token.split('.')[2]}`;
    const noVersion = await forge(s.token, 'HS256', key, { tv: undefined });
    const otherIssuer = await forge(s.token, 'HS256', key, { iss: 'someone-else' });
    const wrongSubject = await forge(s.token, 'HS256', key, { sub: '+251911111111' });
    for (const token of [none, hs512, otherSecret, tampered, otherPhone, noVersion, otherIssuer, wrongSubject, 'abc', '']) {
      expectInvalidToken(await api.me(token));
    }
    expect((await api.me(s.token)).statusCode).toBe(200);
  });

  it('refuse a header that is not a bearer token', async () => {
    const s = await signUp(t);
    for (const authorization of [`Basic ${s.token}`, `Bearer  ${s.token}`, `bearer${s.token}`, `Bearer ${s.token} x`]) {
      expectInvalidToken(await t.request({ method: 'GET', url: '/api/auth/me', headers: { authorization } }));
    }
    const none = await t.request({ method: 'GET', url: '/api/auth/me' });
    expect(none.statusCode).toBe(401);
    expect(none.json().error).toBe('unauthorized');
  });

  it('expire after 30 days by the server clock', async () => {
    const s = await signUp(t);
    t.clock.advance(29 * 24 * 3600 * 1000);
    expect((await api.me(s.token)).statusCode).toBe(200);
    t.clock.advance(2 * 24 * 3600 * 1000);
    expectInvalidToken(await api.me(s.token));
  });
});

describe('revocation', () => {
  it('logout ends only the token it carries', async () => {
    const first = await signUp(t);
    const second = await logIn(t, first.phone);
    const out = await api.logout(first.token);
    expect(out.statusCode).toBe(200);
    expect(out.json()).toEqual({ ok: true });
    expectInvalidToken(await api.me(first.token));
    expectInvalidToken(await api.logout(first.token));
    expect((await api.me(second.token)).statusCode).toBe(200);
  });

  it('a new token version ends every token of the user at once', async () => {
    const first = await signUp(t);
    const second = await logIn(t, first.phone);
    const bystander = await signUp(t);
    const user = await findUserByPhone(t.database.db, first.phone);
    await bumpTokenVersion(t.database.db, user!.id);
    expectInvalidToken(await api.me(first.token));
    expectInvalidToken(await api.me(second.token));
    expect((await api.me(bystander.token)).statusCode).toBe(200);
    const fresh = await logIn(t, first.phone);
    expect((await api.me(fresh.token)).statusCode).toBe(200);
  });

  it('a banned user is refused on the next call (401) and at sign-in (403 account_banned)', async () => {
    const s = await signUp(t);
    const user = await findUserByPhone(t.database.db, s.phone);
    await setUserStatus(t.database.db, user!.id, 'banned');
    expectInvalidToken(await api.me(s.token));

    await t.kv.delete(`otp:cool:${s.phone}`);
    const otp = await api.requestOtp(s.phone, '10.3.0.1');
    expect(otp.statusCode).toBe(200); // the same answer as for anyone: no hint of the ban
    const code = otp.json().code as string;
    const verify = await api.verifyOtp(s.phone, code);
    expect(verify.statusCode).toBe(403);
    expect(verify.json()).toMatchObject({ ok: false, error: 'account_banned' });
    const signup = await api.signup({ phone: s.phone, code, name: 'Again', userType: 'tenant' });
    expect(signup.statusCode).toBe(409);

    // Lifting the ban lets the person sign in again, but the old tokens stay dead.
    await setUserStatus(t.database.db, user!.id, 'active');
    expect((await api.verifyOtp(s.phone, code)).statusCode).toBe(200);
    expectInvalidToken(await api.me(s.token));
  });

  it('a ban written without a version bump still closes the door', async () => {
    const s = await signUp(t);
    await t.database.sql.query(`UPDATE users SET status = 'banned' WHERE phone = $1`, [s.phone]);
    expectInvalidToken(await api.me(s.token));
  });

  it('a suspended user keeps the session and sees the status', async () => {
    const s = await signUp(t);
    const user = await findUserByPhone(t.database.db, s.phone);
    const until = new Date(t.clock.now().getTime() + 7 * 24 * 3600 * 1000);
    await setUserStatus(t.database.db, user!.id, 'suspended', until);
    const me = await api.me(s.token);
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ status: 'suspended', suspended_until: until.toISOString() });
  });
});
