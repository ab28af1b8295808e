import { describe, expect, it } from 'vitest';
import { createTestApp } from '../support/test-app.ts';
import { logIn, signUp, uniquePhone } from '../support/login.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp);

describe('sign up and sign in by phone code', () => {
  it('signs up a tenant, answers the user from /auth/me, and signs in again', async () => {
    const phone = uniquePhone();
    const s = await signUp(t, { phone, name: 'Abebe' });
    expect(s.user).toMatchObject({ phone, sub: phone, name: 'Abebe', userType: 'tenant', roles: ['tenant'], wallet_credits: 0 });

    const me = await t.request({ method: 'GET', url: '/api/auth/me', headers: s.auth });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ ok: true, phone, name: 'Abebe' });

    const again = await logIn(t, phone);
    expect(again.user.phone).toBe(phone);
  });

  it('normalises the local 09 form to E.164', async () => {
    const res = await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone: '0911-22 33 99' } });
    expect(res.statusCode).toBe(200);
    const code = res.json().code;
    const signup = await t.request({
      method: 'POST',
      url: '/api/auth/signup',
      payload: { phone: '+251911223399', code, name: 'Sara', userType: 'landlord', acceptTerms: true },
    });
    expect(signup.statusCode).toBe(201);
    expect(signup.json().user.phone).toBe('+251911223399');
  });
});
