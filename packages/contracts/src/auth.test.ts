import { describe, expect, it } from 'vitest';
import { ZCodeInput, ZPhoneInput, ZSignupFields, ZSignupRequest, ZUser } from './auth.ts';

const base = { phone: '0911223344', code: '123456', name: 'Abebe', userType: 'tenant' as const, acceptTerms: true as const };

function firstMessage(result: { success: boolean; error?: { issues: Array<{ message: string }> } }) {
  return result.success ? undefined : result.error?.issues[0]?.message;
}

describe('auth contracts', () => {
  it('answers the spec message keys for missing and malformed phone and code', () => {
    expect(firstMessage(ZPhoneInput.safeParse(''))).toBe('phone_required');
    expect(firstMessage(ZPhoneInput.safeParse(undefined))).toBe('phone_required');
    expect(firstMessage(ZPhoneInput.safeParse('12'))).toBe('invalid_phone');
    expect(firstMessage(ZPhoneInput.safeParse('0'.repeat(33)))).toBe('invalid_phone');
    expect(firstMessage(ZCodeInput.safeParse(''))).toBe('otp_required');
    expect(firstMessage(ZCodeInput.safeParse('12345'))).toBe('invalid_code');
    expect(firstMessage(ZCodeInput.safeParse('1234567'))).toBe('invalid_code');
    expect(firstMessage(ZCodeInput.safeParse('12345a'))).toBe('invalid_code');
    expect(ZCodeInput.safeParse(' 123456 ').data).toBe('123456');
  });

  it('drops fields outside the signup contract (no mass assignment)', () => {
    const parsed = ZSignupFields.parse({ ...base, roles: ['admin'], isAdmin: true, wallet_credits: 99, status: 'active' });
    expect(Object.keys(parsed).sort()).toEqual(['acceptTerms', 'code', 'name', 'phone', 'userType']);
  });

  it('refuses a signup that did not accept the Terms and the Privacy notice', () => {
    for (const acceptTerms of [false, undefined, 'true', 1]) {
      expect(firstMessage(ZSignupRequest.safeParse({ ...base, acceptTerms }))).toBe('terms_required');
    }
    expect(ZSignupRequest.safeParse(base).success).toBe(true);
  });

  it('checks the optional email and treats blank as none', () => {
    expect(ZSignupFields.parse({ ...base, email: '' }).email).toBeUndefined();
    expect(ZSignupFields.parse({ ...base, email: null }).email).toBeUndefined();
    expect(ZSignupFields.parse({ ...base, email: '  abebe@example.et ' }).email).toBe('abebe@example.et');
    for (const email of ['abebe', 'abebe@', '@example.et', 'a b@example.et', `${'a'.repeat(250)}@x.et`, 42]) {
      expect(firstMessage(ZSignupFields.safeParse({ ...base, email }))).toBe('invalid_email');
    }
  });

  it('requires a name and refuses roles outside the three user types', () => {
    expect(firstMessage(ZSignupFields.safeParse({ ...base, name: '   ' }))).toBe('name_required');
    expect(ZSignupFields.safeParse({ ...base, userType: 'admin' }).success).toBe(false);
    expect(firstMessage(ZSignupFields.safeParse({ ...base, name: 'Abe\nbe' }))).toBe('invalid_name');
    expect(firstMessage(ZSignupFields.safeParse({ ...base, userType: 'delala', agencyName: 'Bole\u0000' }))).toBe('invalid_agency');
    expect(ZSignupFields.parse({ ...base, name: 'ሰላም ዓለም' }).name).toBe('ሰላም ዓለም');
  });

  it('asks the form for an agency name for brokers only', () => {
    expect(firstMessage(ZSignupRequest.safeParse({ ...base, userType: 'delala' }))).toBe('agency_required');
    expect(firstMessage(ZSignupRequest.safeParse({ ...base, userType: 'delala', agencyName: '  ' }))).toBe('agency_required');
    expect(ZSignupRequest.safeParse({ ...base, userType: 'delala', agencyName: 'Bole Homes' }).success).toBe(true);
    // The server reads the plain fields and answers agency_name_required itself.
    expect(ZSignupFields.safeParse({ ...base, userType: 'delala' }).success).toBe(true);
  });

  it('keeps only contract fields in the user answer', () => {
    const user = ZUser.parse({
      phone: '+251911223344',
      sub: '+251911223344',
      name: null,
      email: null,
      userType: 'tenant',
      agency_name: null,
      roles: ['tenant'],
      wallet_credits: 0,
      badges: {},
      sub_tenant_unlimited_until: null,
      sub_delala_unlimited_until: null,
      status: 'active',
      suspended_until: null,
      createdAt: '2026-01-01T00:00:00.000Z',
      tokenVersion: 3,
      isAdmin: true,
    });
    expect(user).not.toHaveProperty('tokenVersion');
    expect(user).not.toHaveProperty('isAdmin');
  });
});
