import { beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, WHOLE_CODE } from '../support/test-app.ts';
import { signUp, uniquePhone } from '../support/login.ts';
import { generateCode } from '../../src/modules/auth/otp.ts';
import { authCalls, HOUR, MINUTE, SECOND, wrongCode } from './auth-calls.ts';
import { useTestApp } from '../support/use-test-app.ts';

const t = useTestApp(createTestApp);
let api: ReturnType<typeof authCalls>;
let ipCounter = 0;
/** Each test speaks from its own address, so the per-IP limit of one test never touches another. */
const freshIp = () => `10.9.${Math.floor(++ipCounter / 250)}.${ipCounter % 250}`;

beforeAll(async () => {
  api = authCalls(t);
});

async function codeFor(phone: string, ip = freshIp()): Promise<string> {
  const res = await api.requestOtp(phone, ip);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().code as string;
}

async function storedCode(phone: string) {
  const rows = await t.database.sql.query<{ code_hash: string; attempts: number }>('SELECT code_hash, attempts FROM otp_codes WHERE phone = $1', [phone]);
  return rows[0];
}

describe('one-time codes', () => {
  it('are 6 digits, the same the SMS carries, and only a keyed hash is stored', async () => {
    const phone = uniquePhone();
    const res = await api.requestOtp(phone, freshIp());
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toEqual({ ok: true, code: expect.stringMatching(WHOLE_CODE), expires_in: 300, retry_after: 60 });
    expect(t.sms.lastCodeFor(phone)).toBe(body.code);
    const row = await storedCode(phone);
    expect(row?.code_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(row?.code_hash).not.toContain(body.code);

    const many = Array.from({ length: 200 }, generateCode);
    expect(many.every((c) => WHOLE_CODE.test(c))).toBe(true);
    expect(new Set(many).size).toBeGreaterThan(190);
  });

  it('expire after 5 minutes', async () => {
    const early = uniquePhone();
    const earlyCode = await codeFor(early);
    const late = uniquePhone();
    const lateCode = await codeFor(late);

    t.clock.advance(4 * MINUTE + 55 * SECOND);
    const inTime = await api.signup({ phone: early, code: earlyCode, name: 'In time', userType: 'tenant' });
    expect(inTime.statusCode, inTime.body).toBe(201);

    t.clock.advance(10 * SECOND);
    const tooLate = await api.signup({ phone: late, code: lateCode, name: 'Too late', userType: 'tenant' });
    expect(tooLate.statusCode).toBe(400);
    expect(tooLate.json()).toMatchObject({ ok: false, error: 'code_expired', message: expect.any(String) });
  });

  it('work once only', async () => {
    const phone = uniquePhone();
    const code = await codeFor(phone);
    const first = await api.signup({ phone, code, name: 'Once', userType: 'tenant' });
    expect(first.statusCode).toBe(201);
    const again = await api.verifyOtp(phone, code);
    expect(again.statusCode).toBe(400);
    expect(again.json().error).toBe('code_expired');
  });

  it('die after 5 wrong tries, and the right code fails afterwards', async () => {
    const { phone } = await signUp(t);
    const code = await codeFor(phone);
    for (let i = 1; i <= 4; i++) {
      const res = await api.verifyOtp(phone, wrongCode(code, i));
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toBe('invalid_code');
    }
    const fifth = await api.verifyOtp(phone, wrongCode(code, 5));
    expect(fifth.json().error).toBe('code_expired');
    const right = await api.verifyOtp(phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe('code_expired');
  });

  it('still accept the right code after 4 wrong tries', async () => {
    const { phone } = await signUp(t);
    const code = await codeFor(phone);
    for (let i = 1; i <= 4; i++) expect((await api.verifyOtp(phone, wrongCode(code, i))).json().error).toBe('invalid_code');
    const right = await api.verifyOtp(phone, code);
    expect(right.statusCode, right.body).toBe(200);
  });

  it('die after 5 wrong tries even when 10 wrong guesses arrive at once', async () => {
    const { phone } = await signUp(t);
    const code = await codeFor(phone);
    const guesses = new Set<string>();
    while (guesses.size < 10) {
      const g = generateCode();
      if (g !== code) guesses.add(g);
    }
    const answers = await Promise.all([...guesses].map((g) => api.verifyOtp(phone, g)));
    expect(answers.every((a) => a.statusCode === 400)).toBe(true);
    const invalid = answers.filter((a) => a.json().error === 'invalid_code').length;
    expect(invalid).toBeLessThanOrEqual(4);
    expect((await storedCode(phone))?.attempts).toBe(5);

    const right = await api.verifyOtp(phone, code);
    expect(right.statusCode).toBe(400);
    expect(right.json().error).toBe('code_expired');
  });

  it('a new code replaces the old one and starts with 5 fresh tries', async () => {
    const { phone } = await signUp(t);
    const old = await codeFor(phone);
    t.clock.advance(61 * SECOND);
    const fresh = await codeFor(phone);
    if (fresh !== old) expect((await api.verifyOtp(phone, old)).json().error).toBe('invalid_code');
    expect((await api.verifyOtp(phone, fresh)).statusCode).toBe(200);
  });
});

describe('resend cooldown and hourly limits', () => {
  it('answers 429 cooldown_active with retry_after for 60 seconds after a code', async () => {
    const phone = uniquePhone();
    const ip = freshIp();
    await codeFor(phone, ip);
    const soon = await api.requestOtp(phone, ip);
    expect(soon.statusCode).toBe(429);
    expect(soon.json()).toMatchObject({ ok: false, error: 'cooldown_active', retry_after: 60 });
    expect(soon.json().message).toMatch(/60 seconds/);
    expect(soon.headers['retry-after']).toBe('60');

    t.clock.advance(45 * SECOND);
    const later = await api.requestOtp(phone, freshIp());
    expect(later.statusCode).toBe(429);
    expect(later.json().retry_after).toBe(15);

    t.clock.advance(16 * SECOND);
    expect((await api.requestOtp(phone, ip)).statusCode).toBe(200);
  });

  it("in demo mode, the demo call ends a phone's wait at once, and only that phone's", async () => {
    const phone = uniquePhone();
    const other = uniquePhone();
    await codeFor(phone);
    await codeFor(other);
    const ended = await t.app.inject({ method: 'POST', url: '/api/demo/otp-cooldown/end', payload: { phone } });
    expect(ended.statusCode, ended.body).toBe(200);
    expect(ended.json()).toEqual({ ok: true });
    expect((await api.requestOtp(phone, freshIp())).statusCode).toBe(200);
    expect((await api.requestOtp(other, freshIp())).json().error).toBe('cooldown_active');
    const bad = await t.app.inject({ method: 'POST', url: '/api/demo/otp-cooldown/end', payload: { phone: 'not a phone' } });
    expect(bad.statusCode).toBe(400);
  });

  it('sends at most 5 codes per phone per hour', async () => {
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++) {
      expect((await api.requestOtp(phone, freshIp())).statusCode).toBe(200);
      t.clock.advance(61 * SECOND);
    }
    const sixth = await api.requestOtp(phone, freshIp());
    expect(sixth.statusCode).toBe(429);
    const body = sixth.json();
    expect(body).toMatchObject({ ok: false, error: 'rate_limited' });
    // The first code was sent 5 x 61 s ago: the hour has about 55 minutes left.
    expect(body.retry_after).toBeGreaterThan(50 * 60);
    expect(body.retry_after).toBeLessThanOrEqual(3600);
    expect(sixth.headers['retry-after']).toBe(String(body.retry_after));
    // A refused request leaves no cooldown behind: the answer stays the hourly limit.
    expect((await api.requestOtp(phone, freshIp())).json().error).toBe('rate_limited');

    t.clock.advance(HOUR);
    expect((await api.requestOtp(phone, freshIp())).statusCode).toBe(200);
  });

  it('sends at most 30 codes per client IP per hour; cooldown answers do not count', async () => {
    const ip = freshIp();
    const first = uniquePhone();
    await codeFor(first, ip);
    for (let i = 0; i < 5; i++) expect((await api.requestOtp(first, ip)).json().error).toBe('cooldown_active');
    for (let i = 0; i < 29; i++) {
      const res = await api.requestOtp(uniquePhone(), ip);
      expect(res.statusCode, `code ${i + 2}`).toBe(200);
    }
    const over = await api.requestOtp(uniquePhone(), ip);
    expect(over.statusCode).toBe(429);
    expect(over.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    expect(over.json().retry_after).toBeGreaterThan(3500);

    // Another client is not affected, and the refused phone is not held by a cooldown.
    const other = await api.requestOtp(uniquePhone(), freshIp());
    expect(other.statusCode).toBe(200);
    t.clock.advance(HOUR + SECOND);
    expect((await api.requestOtp(uniquePhone(), ip)).statusCode).toBe(200);
  });

  it('counts IPv6 clients by their /64 and IPv4-mapped addresses as IPv4; the per-phone limit still holds', async () => {
    // One /64 rotating its addresses got 40 codes of 40: each address was counted apart.
    const block = `2001:db8:77:${(ipCounter += 1).toString(16)}`;
    let sent = 0;
    for (let i = 0; i < 40; i++) {
      const res = await api.requestOtp(uniquePhone(), `${block}:${((i * 7919) % 0xffff).toString(16)}:${i.toString(16)}:0:${(i + 1).toString(16)}`);
      if (res.statusCode === 200) sent += 1;
      else expect(res.json()).toMatchObject({ ok: false, error: 'rate_limited' });
    }
    expect(sent).toBe(30);
    // The next /64 is another client.
    expect((await api.requestOtp(uniquePhone(), `2001:db8:77:${(ipCounter += 1).toString(16)}::1`)).statusCode).toBe(200);

    // An IPv4 address and the same address written as IPv6 share one count.
    const v4 = freshIp();
    for (let i = 0; i < 30; i++) {
      const res = await api.requestOtp(uniquePhone(), i % 2 ? v4 : `::ffff:${v4}`);
      expect(res.statusCode, `code ${i + 1}`).toBe(200);
    }
    expect((await api.requestOtp(uniquePhone(), v4)).statusCode).toBe(429);
    expect((await api.requestOtp(uniquePhone(), `::ffff:${v4}`)).statusCode).toBe(429);

    // One phone from ever new /64s still gets 5 codes an hour.
    const phone = uniquePhone();
    for (let i = 0; i < 5; i++) {
      expect((await api.requestOtp(phone, `2001:db8:78:${(ipCounter += 1).toString(16)}::1`)).statusCode).toBe(200);
      t.clock.advance(61 * SECOND);
    }
    const sixth = await api.requestOtp(phone, `2001:db8:78:${(ipCounter += 1).toString(16)}::1`);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json().error).toBe('rate_limited');
  });

  it('answers the same shape for a phone with an account and one without', async () => {
    const { phone: known } = await signUp(t);
    const unknown = uniquePhone();
    const sentBefore = t.sms.sent.length;
    const a = await api.requestOtp(known, freshIp());
    const b = await api.requestOtp(unknown, freshIp());
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(Object.keys(a.json()).sort()).toEqual(Object.keys(b.json()).sort());
    expect({ ...a.json(), code: 'x' }).toEqual({ ...b.json(), code: 'x' });
    // Both were really sent: nothing tells the caller which phone has an account.
    expect(t.sms.sent.length).toBe(sentBefore + 2);
  });

  it('refuses a phone that is not a phone with invalid_phone', async () => {
    for (const phone of ['12345', '+251811223344', 'abc']) {
      const res = await api.requestOtp(phone, freshIp());
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ ok: false, error: 'invalid_phone', fields: { phone: 'invalid_phone' } });
    }
    const blank = await api.requestOtp('', freshIp());
    expect(blank.json()).toMatchObject({ ok: false, error: 'validation_error', fields: { phone: 'phone_required' } });
  });
});

describe('the client address behind a proxy (TRUST_PROXY)', () => {
  it('believes only the hop the proxy added, so a forged X-Forwarded-For does not escape the per-IP limit', async () => {
    const behind = await createTestApp({ TRUST_PROXY: '1' });
    try {
      const send = (forged: string) =>
        behind.request({
          method: 'POST',
          url: '/api/auth/request-otp',
          payload: { phone: uniquePhone() },
          remoteAddress: '10.0.0.2', // the load balancer
          headers: { 'x-forwarded-for': `${forged}, 198.51.100.7` }, // the client's forgery, then the real client
        });
      for (let i = 0; i < 30; i++) expect((await send(`203.0.113.${i}`)).statusCode).toBe(200);
      const over = await send('203.0.113.200');
      expect(over.statusCode).toBe(429);
      expect(over.json().error).toBe('rate_limited');
    } finally {
      await behind.close();
    }
  });
});
