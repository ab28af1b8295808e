import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TAlert, TDailyMetric, TFunnel } from '@betoch/contracts/admin';
import { evaluateAlerts, type AlertInputs } from '../../src/modules/metrics/alert-rules.ts';
import { phonePrefix } from '../../src/lib/product-events.ts';
import { unlockRate } from '../../src/modules/metrics/metrics.service.ts';
import { chat } from '../conversations/chat-calls.ts';
import { createLiveListing } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { buy, grantPostCredits } from '../support/wallet.ts';
import { admin, call, createTrustTestApp, description, expectStatus, photo, publishWithPhotos, report } from './trust-calls.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';

const QUIET: AlertInputs = {
  reportsLast24h: 0,
  reportsPrevious7d: 0,
  autoHiddenListingIds: [],
  otpByIp: [],
  otpByRange: [],
  duplicatePosters: [],
  paymentMismatches: [],
};

describe('alert rules (pure)', () => {
  it('raise nothing on a quiet day', () => {
    expect(evaluateAlerts(QUIET)).toEqual([]);
    expect(evaluateAlerts({ ...QUIET, reportsLast24h: 4, otpByIp: [{ key: '1.2.3.4', n: 19 }], otpByRange: [{ key: '+25191123', n: 14 }] })).toEqual([]);
  });

  it("a report spike: from 5 reports (warning) or 10 (alert), and only above the week's usual", () => {
    expect(evaluateAlerts({ ...QUIET, reportsLast24h: 5 })).toEqual([expect.objectContaining({ rule: 'report_spike', severity: 'warning' })]);
    expect(evaluateAlerts({ ...QUIET, reportsLast24h: 10 })[0]).toMatchObject({
      rule: 'report_spike',
      severity: 'alert',
      data: { reports: 10, previousDailyAverage: 0 },
    });
    // 70 reports in the week before = 10 a day: 12 today is normal, 20 is a warning, 30 an alert.
    expect(evaluateAlerts({ ...QUIET, reportsLast24h: 12, reportsPrevious7d: 70 })).toEqual([]);
    expect(evaluateAlerts({ ...QUIET, reportsLast24h: 20, reportsPrevious7d: 70 })[0]?.severity).toBe('warning');
    expect(evaluateAlerts({ ...QUIET, reportsLast24h: 30, reportsPrevious7d: 70 })[0]?.severity).toBe('alert');
  });

  it('automatic hides: one is a warning, three an alert', () => {
    expect(evaluateAlerts({ ...QUIET, autoHiddenListingIds: ['a'] })[0]).toMatchObject({
      rule: 'auto_hides',
      severity: 'warning',
      data: { count: 1, listingIds: ['a'] },
    });
    expect(evaluateAlerts({ ...QUIET, autoHiddenListingIds: ['a', 'b', 'c'] })[0]?.severity).toBe('alert');
  });

  it('SMS pumping: codes from one IP (20 / 50) and to one number range (15 / 40)', () => {
    const alerts = evaluateAlerts({
      ...QUIET,
      otpByIp: [
        { key: '10.0.0.9', n: 55 },
        { key: '10.0.0.8', n: 20 },
      ],
      otpByRange: [{ key: '+25197712', n: 15 }],
    });
    expect(alerts).toEqual([
      expect.objectContaining({ rule: 'otp_from_one_ip', severity: 'alert', data: { ip: '10.0.0.9', codes: 55 } }),
      expect.objectContaining({ rule: 'otp_from_one_ip', severity: 'warning', data: { ip: '10.0.0.8', codes: 20 } }),
      expect.objectContaining({ rule: 'otp_to_number_range', severity: 'warning', data: { numberRange: '+25197712XXXX', codes: 15 } }),
    ]);
  });

  it('a poster behind many duplicates; alerts come before warnings', () => {
    const alerts = evaluateAlerts({
      ...QUIET,
      autoHiddenListingIds: ['x'],
      duplicatePosters: [
        { phone: '+251911000001', clusters: 1, listings: 2 },
        { phone: '+251911000002', clusters: 2, listings: 2 },
        { phone: '+251911000003', clusters: 4, listings: 4 },
      ],
    });
    expect(alerts.map((a) => [a.rule, a.severity, a.data.posterPhone ?? null])).toEqual([
      ['duplicate_poster', 'alert', '+251911000003'],
      ['auto_hides', 'warning', null],
      ['duplicate_poster', 'warning', '+251911000002'],
    ]);
  });

  it('unlock rate: unlocked / owner replied in percent with one decimal', () => {
    expect(unlockRate(1, 3)).toBe(33.3);
    expect(unlockRate(2, 3)).toBe(66.7);
    expect(unlockRate(1, 2)).toBe(50);
    expect(unlockRate(0, 0)).toBe(0);
    expect(phonePrefix('+251911234567')).toBe('+25191123');
  });
});

describe('metrics from recorded events', () => {
  let t: TestApp;
  let moderator: SignedIn;
  beforeAll(async () => {
    t = await createTrustTestApp();
    moderator = await admin(t);
  });
  afterAll(() => closeAfterLedgerCheck(t));

  async function daily(): Promise<TDailyMetric[]> {
    const res = await call(t, moderator, 'GET', '/api/admin/metrics/daily');
    expectStatus(res, 200);
    expect(res.json().data.days).toBe(14);
    return res.json().data.series as TDailyMetric[];
  }

  async function funnel(): Promise<TFunnel> {
    const res = await call(t, moderator, 'GET', '/api/admin/metrics/funnels');
    expectStatus(res, 200);
    return res.json().data as TFunnel;
  }

  async function alerts(): Promise<TAlert[]> {
    const res = await call(t, moderator, 'GET', '/api/admin/metrics/alerts');
    expectStatus(res, 200);
    expect(res.json().data.hours).toBe(24);
    return res.json().data.items as TAlert[];
  }

  /** Today in Addis Ababa (UTC+3). */
  function today(): string {
    return new Date(t.clock.now().getTime() + 3 * 3600 * 1000).toISOString().slice(0, 10);
  }

  it('start at zero: 14 consecutive days ending today, an empty funnel', async () => {
    const series = await daily();
    expect(series).toHaveLength(14);
    expect(series[13]?.date).toBe(today());
    for (let i = 1; i < 14; i += 1) {
      expect(new Date(`${series[i]!.date}T00:00:00Z`).getTime() - new Date(`${series[i - 1]!.date}T00:00:00Z`).getTime()).toBe(24 * 3600 * 1000);
    }
    expect(series.every((d) => d.listings + d.reports + d.unlocks + d.creditsSpent + d.autoHides + d.conversationsStarted === 0)).toBe(true);
    expect(await funnel()).toEqual({ days: 30, started: 0, ownerReplied: 0, unlocked: 0, unlockRate: 0 });
  });

  it('count what really happened today: publishes, reports, unlocks, credits spent, automatic hides, conversations and the funnel', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const homes = [
      await createLiveListing(t, landlord, { description: description(1) }),
      await createLiveListing(t, landlord, { description: description(2), price_etb: 31_000 }),
    ];
    const broker = await signUp(t, { userType: 'delala' });
    await grantPostCredits(t, broker, 1);
    await createLiveListing(t, broker, { description: description(3) }); // 1 post credit spent

    const tenants = [await signUp(t), await signUp(t), await signUp(t)];
    await buy(t, tenants[0]!, 'CREDIT_BUNDLE_10');
    expectStatus(await call(t, tenants[0]!, 'POST', `/api/listings/${homes[0]!._id}/unlock-contact`), 200); // 1 credit
    expectStatus(await call(t, tenants[0]!, 'POST', `/api/listings/${homes[0]!._id}/unlock-contact`), 200); // again: free, not counted

    const c = chat(t);
    const first = await c.start(tenants[0]!, homes[0]!._id, 'Hello, is it free?');
    await c.reply(landlord, first.conversation_id, 'Yes it is');
    await c.unlock(tenants[0]!, first.conversation_id); // 1 credit
    const second = await c.start(tenants[1]!, homes[0]!._id, 'Hi there');
    await c.reply(landlord, second.conversation_id, 'Hello');
    await c.reply(landlord, second.conversation_id, 'Still there?'); // a second reply is not a second "owner replied"
    await c.start(tenants[2]!, homes[1]!._id, 'Price negotiable?');

    for (const tenant of tenants) await report(t, tenant, 'listing', homes[1]!._id, 'fake'); // 3 reports, 1 automatic hide

    // A manual debit is not spending.
    const logged = await call(t, moderator, 'POST', '/api/admin/payments/manual-adjustments', {
      phone: tenants[0]!.phone,
      amount: 1,
      type: 'debit',
      reason: 'correction',
    });
    expectStatus(await call(t, await admin(t, 1), 'POST', `/api/admin/payments/manual-adjustments/${logged.json().data.adjustment._id}/approve`, {}), 200);

    const series = await daily();
    expect(series[13]).toEqual({ date: today(), listings: 3, reports: 3, unlocks: 2, creditsSpent: 3, autoHides: 1, conversationsStarted: 3 });
    expect(series.slice(0, 13).every((d) => d.listings === 0)).toBe(true);
    expect(await funnel()).toEqual({ days: 30, started: 3, ownerReplied: 2, unlocked: 1, unlockRate: 50 });

    const raised = await alerts();
    expect(raised).toContainEqual(expect.objectContaining({ rule: 'auto_hides', severity: 'warning', data: { count: 1, listingIds: [homes[1]!._id] } }));
    expect(raised.find((a) => a.rule === 'report_spike')).toBeUndefined();

    // A day later the same events are yesterday's; fifteen days later they have left the table.
    t.clock.advance(24 * 3600 * 1000);
    try {
      const later = await daily();
      expect(later[12]).toMatchObject({ listings: 3, reports: 3, unlocks: 2, creditsSpent: 3 });
      expect(later[13]).toMatchObject({ listings: 0, reports: 0, unlocks: 0, creditsSpent: 0 });
      expect(await alerts()).toEqual([]); // older than 24 hours
      t.clock.advance(14 * 24 * 3600 * 1000);
      const gone = await daily();
      expect(gone.every((d) => d.listings === 0 && d.creditsSpent === 0)).toBe(true);
      expect((await funnel()).started).toBe(3); // still within 30 days
    } finally {
      t.clock.advance(-15 * 24 * 3600 * 1000);
    }
  });

  it('alert on a report spike and on SMS pumping, from the recorded code requests (IP and number range only)', async () => {
    const landlord = await signUp(t, { userType: 'landlord' });
    const homes = [
      await createLiveListing(t, landlord, { description: description(11) }),
      await createLiveListing(t, landlord, { description: description(12), price_etb: 14_000 }),
    ];
    for (const home of homes) for (let i = 0; i < 2; i += 1) await report(t, await signUp(t), 'listing', home._id, 'scam');
    // 3 earlier reports + 4 now = 7 in 24 hours.
    expect((await alerts()).find((a) => a.rule === 'report_spike')).toMatchObject({ severity: 'warning', data: { reports: 7 } });

    for (let i = 0; i < 20; i += 1) {
      const phone = `+2519${String(60000000 + i * 1111).padStart(8, '0')}`;
      expectStatus(await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone }, remoteAddress: '10.9.9.9' }), 200);
    }
    for (let i = 0; i < 15; i += 1) {
      const phone = `+25197712${String(1000 + i).padStart(4, '0')}`;
      expectStatus(await t.request({ method: 'POST', url: '/api/auth/request-otp', payload: { phone }, remoteAddress: `10.1.0.${i}` }), 200);
    }
    const raised = await alerts();
    expect(raised).toContainEqual({
      rule: 'otp_from_one_ip',
      severity: 'warning',
      message: expect.stringContaining('10.9.9.9'),
      data: { ip: '10.9.9.9', codes: 20 },
    });
    expect(raised).toContainEqual(
      expect.objectContaining({ rule: 'otp_to_number_range', severity: 'warning', data: { numberRange: '+25197712XXXX', codes: 15 } }),
    );
    expect(raised.find((a) => a.rule === 'otp_from_one_ip' && a.data.ip === '10.1.0.1')).toBeUndefined();

    const stored = await t.database.sql.query<{ data: Record<string, string> }>(
      "SELECT data FROM app_events WHERE type = 'otp_requested' AND data ->> 'ip' = '10.1.0.3'",
    );
    expect(stored).toEqual([{ data: { ip: '10.1.0.3', phone_prefix: '+25197712' } }]);
  });

  it('alert on a poster behind many duplicate clusters', async () => {
    const copier = await signUp(t, { userType: 'delala' });
    await grantPostCredits(t, copier, 4);
    for (let i = 0; i < 4; i += 1) {
      const images = [await photo(500 + i), await photo(600 + i)];
      const text = description(700 + i);
      await publishWithPhotos(t, await signUp(t, { userType: 'landlord' }), images, { description: text, subcity: 'Lideta' });
      await publishWithPhotos(t, copier, images, { description: text, subcity: 'Lideta', price_etb: 5_000 + i });
    }
    expect((await alerts()).find((a) => a.rule === 'duplicate_poster')).toEqual({
      rule: 'duplicate_poster',
      severity: 'alert',
      message: expect.stringContaining(copier.phone),
      data: { posterPhone: copier.phone, clusters: 4, listings: 4 },
    });
    const raised = await alerts();
    expect(raised.findIndex((a) => a.severity === 'warning')).toBeGreaterThan(raised.findIndex((a) => a.severity === 'alert'));
  });
});
