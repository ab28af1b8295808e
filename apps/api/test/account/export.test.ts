import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { leaksIn, seedMarket, SENTINEL, type Market } from '../security/market.ts';
import { chat } from '../conversations/chat-calls.ts';
import { expectLedgerConsistent } from '../support/wallet.ts';
import { signUpAdmin } from '../support/factories.ts';
import { downloadExport } from './account-calls.ts';

/**
 * Download my data: the file holds what the user may see through the app and nothing more. The
 * paywall leak scanner reads the files of a tenant with locked conversations, a paying tenant,
 * owners and a broker.
 */
let m: Market;
beforeAll(async () => {
  m = await seedMarket();
}, 120_000);
afterAll(async () => {
  await expectLedgerConsistent(m.t);
  await m.t.close();
});

const NO_SENTINEL = 'no-sentinel-expected-here';

describe('download my data', () => {
  it("an unpaying tenant's file holds their conversations blurred, no poster's phone and no locked words", async () => {
    const { raw, file } = await downloadExport(m.t, m.tenantUnpaid);
    expect(
      leaksIn(
        raw,
        m.posters.map((p) => p.phone),
      ),
    ).toEqual([]);
    expect(file.profile.phone).toBe(m.tenantUnpaid.phone);
    expect(file.conversations).toHaveLength(3);
    // Exactly what the thread call answers this tenant, message for message.
    const c = chat(m.t);
    for (const exported of file.conversations) {
      const thread = await c.thread(m.tenantUnpaid, exported.conversation._id);
      expect(exported.messages).toEqual(thread.messages);
      expect(exported.messages.some((msg) => msg.blurred && msg.body_text === '')).toBe(true);
    }
    expect(file.sign_ins.length).toBeGreaterThan(0);
    expect(raw).not.toMatch(/"code"/);
    expect(file.summary.counts.conversations).toBe(3);
  });

  it("a paying tenant's file holds the contact and the reply they paid for, and nothing they did not", async () => {
    const { raw, file } = await downloadExport(m.t, m.tenantPaid);
    // Paid: the show listing's contact, and the hide listing's owner reply (its phone still masked).
    expect(raw).toContain(m.landlordShow.phone);
    expect(raw).toContain(SENTINEL);
    expect(leaksIn(raw, [m.landlordHide.phone, m.broker.phone], NO_SENTINEL)).toEqual([]);
    expect(file.unlocks).toHaveLength(1);
    expect(file.purchases.length).toBeGreaterThan(0);
    expect(file.ledger.reduce((n, e) => (e.account === 'credits' ? n + e.delta : n), 0)).toBe(file.profile.wallet_credits);
    expect(file.reports).toHaveLength(1);
  });

  it("owners' and a broker's files hold their listings with photo links and never the tenants' phones", async () => {
    const tenants = [m.tenantPaid.phone, m.tenantUnpaid.phone];
    for (const owner of [m.landlordShow, m.landlordHide, m.broker]) {
      const { raw, file } = await downloadExport(m.t, owner);
      const others = m.posters.filter((p) => p !== owner).map((p) => p.phone);
      // Their own words (the sentinel, their own number) are theirs; nobody else's phone is there.
      expect(leaksIn(raw, [...others, ...tenants], NO_SENTINEL), owner.user.name ?? '').toEqual([]);
      expect(file.listings.length).toBeGreaterThan(0);
      expect(file.listings[0]!.photos[0]!.url).toMatch(/^\/media\//);
      expect(file.conversations.every((c) => c.conversation.viewer_role === 'owner')).toBe(true);
    }
    const broker = await m.t.request({ method: 'GET', url: '/api/auth/me', headers: m.broker.auth });
    expect(broker.json().agency_name).toBe('Dawit Homes');
  });

  it('the link works once, one export per 24 hours, links expire after 24 hours', async () => {
    const { url } = await downloadExport(m.t, m.otherOwner);
    const again = await m.t.request({ method: 'GET', url });
    expect(again.statusCode).toBe(410);
    expect(again.json().error).toBe('export_link_invalid');
    const soon = await m.t.request({ method: 'POST', url: '/api/account/export', headers: m.otherOwner.auth });
    expect(soon.statusCode).toBe(429);
    expect(soon.json().error).toBe('export_too_soon');
    expect(soon.json().retry_after).toBeGreaterThan(23 * 3600);
    // A link of an export never downloaded stops working 24 hours after it was made.
    const admin = await signUpAdmin(m.t);
    await m.t.request({ method: 'POST', url: '/api/account/export', headers: admin.auth });
    await m.t.account.settle();
    const link = await m.t.request({ method: 'POST', url: '/api/account/export/link', headers: admin.auth });
    m.t.clock.advance(25 * 3600 * 1000);
    await m.t.account.sweep(m.t.clock.now());
    expect((await m.t.request({ method: 'GET', url: link.json().url })).statusCode).toBe(410);
    const state = await m.t.request({ method: 'GET', url: '/api/account/export', headers: admin.auth });
    expect(state.json().export.status).toBe('expired');
    // The admin log lists the requests with dates, never content.
    const log = await m.t.request({ method: 'GET', url: '/api/admin/account-requests', headers: admin.auth });
    expect(log.statusCode).toBe(200);
    expect(log.json().data.items.filter((i: { kind: string }) => i.kind === 'export').length).toBeGreaterThanOrEqual(6);
    expect(log.body).not.toContain('conversations');
    const [stored] = await m.t.database.sql.query<{ n: number }>(
      "SELECT count(*)::int AS n FROM account_requests WHERE content IS NOT NULL AND status <> 'ready'",
    );
    expect(stored!.n).toBe(0);
  });
});
