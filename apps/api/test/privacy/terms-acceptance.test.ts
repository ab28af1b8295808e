import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TERMS_VERSION } from '@betoch/contracts/constants';
import { users } from '../../src/db/schema/users.ts';
import { findUserByPhone } from '../../src/modules/users/user-rows.ts';
import { uniquePhone } from '../support/login.ts';
import { createTestApp } from '../support/test-app.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp);
let ip = 0;

async function codeFor(phone: string): Promise<string> {
  const res = await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone }, remoteAddress: `10.9.0.${++ip}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}

function signup(payload: Record<string, unknown>) {
  return t.request({ method: 'POST', url: '/api/auth/signup', payload });
}

describe('signing up accepts the Terms and the Privacy notice', () => {
  it('without the box ticked (missing, false, or anything but true): 400 terms_required on the field, no account, the code still good', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    for (const acceptTerms of [undefined, false, 'true', 1, null]) {
      const res = await signup({ phone, code, name: 'Hana', userType: 'tenant', ...(acceptTerms === undefined ? {} : { acceptTerms }) });
      expect(res.statusCode, String(acceptTerms)).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'validation_error', fields: { acceptTerms: 'terms_required' } });
    }
    expect(await findUserByPhone(t.ctx.db, phone)).toBeUndefined();

    // Ticked, the same code creates the account.
    const ok = await signup({ phone, code, name: 'Hana', userType: 'tenant', acceptTerms: true });
    expect(ok.statusCode, ok.body).toBe(201);
  });

  it('records the version accepted and when, on the account', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    t.clock.advance(90_000);
    const at = t.clock.now();
    const res = await signup({ phone, code, name: 'Selam', userType: 'landlord', acceptTerms: true });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await t.ctx.db.select({ version: users.termsVersion, at: users.termsAcceptedAt }).from(users).where(eq(users.phone, phone));
    expect(row?.version).toBe(TERMS_VERSION);
    expect(Math.abs(row!.at!.getTime() - at.getTime())).toBeLessThan(5_000);
  });
});
