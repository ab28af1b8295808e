import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import { signUp, uniquePhone } from '../support/login.ts';
import { findUserByPhone } from '../../src/modules/users/user-rows.ts';
import { authCalls, wrongCode } from './auth-calls.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp);
let api: ReturnType<typeof authCalls>;
let ipCounter = 0;

beforeAll(async () => {
  api = authCalls(t);
});

async function codeFor(phone: string): Promise<string> {
  const res = await api.requestOtp(phone, `10.2.0.${++ipCounter}`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}

describe('sign-in of a phone without an account', () => {
  it('answers 404 user_not_found without spending the code, and signup then uses it', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    const verify = await api.verifyOtp(phone, code);
    expect(verify.statusCode).toBe(404);
    expect(verify.json()).toMatchObject({ ok: false, error: 'user_not_found', message: expect.any(String) });

    const signup = await api.signup({ phone, code, name: 'Hana', userType: 'tenant' });
    expect(signup.statusCode, signup.body).toBe(201);
    expect(signup.json()).toMatchObject({ ok: true, token: expect.any(String), user: { phone, name: 'Hana' } });
  });

  it('does not count the right code as a wrong try', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    for (let i = 1; i <= 4; i++) expect((await api.verifyOtp(phone, wrongCode(code, i))).json().error).toBe('invalid_code');
    expect((await api.verifyOtp(phone, code)).json().error).toBe('user_not_found');
    expect((await api.verifyOtp(phone, code)).json().error).toBe('user_not_found');
    const signup = await api.signup({ phone, code, name: 'After four', userType: 'landlord' });
    expect(signup.statusCode, signup.body).toBe(201);
  });

  it('still refuses a wrong code with invalid_code, not user_not_found', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    const res = await api.verifyOtp(phone, wrongCode(code));
    expect(res.statusCode).toBe(400);
    expect(res.json().error).toBe('invalid_code');
  });
});

describe('signup rules', () => {
  it('answers 409 user_already_exists for a phone with an account, and the code stays good for sign-in', async () => {
    const { phone } = await signUp(t, { name: 'First' });
    const code = await codeFor(phone);
    const again = await api.signup({ phone, code, name: 'Second', userType: 'landlord' });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ ok: false, error: 'user_already_exists' });
    const signIn = await api.verifyOtp(phone, code);
    expect(signIn.statusCode).toBe(200);
    expect(signIn.json().user).toMatchObject({ name: 'First', userType: 'tenant' });
  });

  it('asks a broker for the agency name with 400 agency_name_required', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    for (const agencyName of [undefined, '', '   ']) {
      const res = await api.signup({ phone, code, name: 'Broker', userType: 'delala', agencyName });
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'agency_name_required', fields: { agencyName: 'agency_required' } });
    }
    const ok = await api.signup({ phone, code, name: 'Broker', userType: 'delala', agencyName: '  Bole Homes ' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().user).toMatchObject({ userType: 'delala', agency_name: 'Bole Homes', roles: ['delala'], post_credits: 0 });
  });

  it('keeps no agency name for a tenant or landlord', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    const res = await api.signup({ phone, code, name: 'Owner', userType: 'landlord', agencyName: 'Not a broker' });
    expect(res.statusCode).toBe(201);
    expect(res.json().user).toMatchObject({ userType: 'landlord', agency_name: null, roles: ['landlord'] });
    expect(res.json().user).not.toHaveProperty('post_credits');
  });

  it('checks the email: optional, trimmed, and refused when it does not look like an address', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    for (const email of ['abebe', 'abebe@', 'abebe@example', '@example.et', 'a b@example.et', 12]) {
      const res = await api.signup({ phone, code, name: 'Abebe', userType: 'tenant', email });
      expect(res.statusCode, String(email)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'validation_error', fields: { email: 'invalid_email' } });
    }
    const ok = await api.signup({ phone, code, name: 'Abebe', userType: 'tenant', email: ' abebe@example.et ' });
    expect(ok.statusCode, ok.body).toBe(201);
    expect(ok.json().user.email).toBe('abebe@example.et');

    const other = uniquePhone();
    const blank = await api.signup({ phone: other, code: await codeFor(other), name: 'No mail', userType: 'tenant', email: '' });
    expect(blank.statusCode).toBe(201);
    expect(blank.json().user.email).toBeNull();
  });

  it('requires a name and one of the three user types', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    const noName = await api.signup({ phone, code, name: '   ', userType: 'tenant' });
    expect(noName.json()).toMatchObject({ error: 'validation_error', fields: { name: 'name_required' } });
    const admin = await api.signup({ phone, code, name: 'Sneaky', userType: 'admin' });
    expect(admin.statusCode).toBe(400);
    expect(admin.json().fields).toHaveProperty('userType');
    // None of the refused attempts spent the code.
    expect((await api.signup({ phone, code, name: 'Real', userType: 'tenant' })).statusCode).toBe(201);
  });

  it('drops fields outside the contract: no roles, admin flag or credits from the client', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    const res = await api.signup({
      phone,
      code,
      name: 'Mass Assigner',
      userType: 'tenant',
      roles: ['admin'],
      isAdmin: true,
      is_admin: true,
      wallet_credits: 99,
      post_credits: 99,
      credits: 99,
      status: 'active',
      tokenVersion: -1,
      sub_tenant_unlimited_until: '2099-01-01T00:00:00.000Z',
    });
    expect(res.statusCode, res.body).toBe(201);
    const { token, user } = res.json();
    expect(user).toMatchObject({ userType: 'tenant', roles: ['tenant'], wallet_credits: 0, sub_tenant_unlimited_until: null });
    const me = await api.me(token);
    expect(me.json()).toMatchObject({ roles: ['tenant'], wallet_credits: 0, sub_tenant_unlimited_until: null });
    const row = await findUserByPhone(t.database.db, phone);
    expect(row).toMatchObject({ isAdmin: false, tokenVersion: 0, userType: 'tenant' });
  });

  it('stores the phone in E.164 whichever form was typed, so the forms meet in one account', async () => {
    const local = `09${uniquePhone().slice(5)}`;
    const e164 = `+2519${local.slice(2)}`;
    const code = await codeFor(local.replace(/(\d{4})(\d{2})(\d{2})/, '$1 $2-$3.'));
    const res = await api.signup({ phone: `00${e164.slice(1)}`, code, name: 'Forms', userType: 'tenant' });
    expect(res.statusCode, res.body).toBe(201);
    expect(res.json().user).toMatchObject({ phone: e164, sub: e164 });
  });
});
