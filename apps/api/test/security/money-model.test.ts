import fc from 'fast-check';
import { beforeAll, describe, expect, it } from 'vitest';
import { SKU_CATALOG, SKUS, type Sku } from '@betoch/contracts/constants';
import { findLedgerMismatches } from '../../src/modules/wallet/wallet.repository.ts';
import { createListingsTestApp } from '../support/factories.ts';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { balanceOf } from '../support/wallet.ts';
import { insertListing, insertListings } from '../unlocks/listing-rows.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

/**
 * The money model: random sequences of purchases of every sku, contact unlocks,
 * reply unlocks, broker publishes, the clock moving, and manual adjustments logged by one admin and
 * approved by another, refund claims (approved at once, by the listing marked rented, or by an
 * admin, or rejected), run against the real API and against a small in-memory model. After every
 * step each balance and plan equals the model and the wallet answer, every balance equals its
 * ledger, and none is negative (findLedgerMismatches). Runs on PGlite, and on PostgreSQL with
 * TEST_DATABASE_URL (npm run test:api:pg).
 *
 * Proven elsewhere, not repeated here: 100 parallel unlocks against a balance of 1 give one success
 * (test/unlocks/unlock-race.test.ts); 20 parallel purchases with one Idempotency-Key give one grant
 * (test/wallet/idempotency.test.ts); parallel publishes never overspend post credits
 * (test/wallet/broker-publish.test.ts).
 */

const DAY = 24 * 3600 * 1000;
/** Clock steps: each carries 13 odd minutes, so no sum of a few steps lands on a plan's end. */
const STEPS = [13 * 60_000, 2 * DAY + 13 * 60_000, 9 * DAY + 13 * 60_000, 31 * DAY + 13 * 60_000];
/** The server reads the clock a moment after the model: plan dates may differ by this much. */
const SLACK_MS = 60_000;

type Who = 'tenant' | 'landlord' | 'broker';
interface Account {
  credits: number;
  post: number;
  tenantUntil: number | null;
  delalaUntil: number | null;
}
interface ModelClaim {
  who: 'tenant' | 'landlord';
  listing: number;
  status: 'pending' | 'approved' | 'rejected';
  at: number;
  id?: string;
}
interface Model {
  acc: Record<Who, Account>;
  unlockedListings: Record<Who, Set<number>>;
  unlockedConversations: Set<number>;
  /** Refunds: when each contact was unlocked with a credit, the claims, the rented listings. */
  paidUnlocks: Record<'tenant' | 'landlord', Map<number, number>>;
  claims: ModelClaim[];
  rented: Set<number>;
}
interface Real {
  t: TestApp;
  users: Record<Who, SignedIn>;
  listings: string[];
  conversations: string[];
  admins: [SignedIn, SignedIn];
  poster: SignedIn;
  /** When the sessions were issued (test clock): tokens live 30 days, the clock may jump 31. */
  issuedAt: number;
}

/** Signs everyone in again once the clock has moved 20 days past their sessions. */
async function keepSessions(r: Real): Promise<void> {
  if (now() - r.issuedAt < 20 * DAY) return;
  for (const w of ['tenant', 'landlord', 'broker'] as const) r.users[w] = await relog(r.users[w]);
  admins = r.admins = [await relog(r.admins[0]), await relog(r.admins[1])];
  poster = r.poster = await relog(r.poster);
  sharedIssuedAt = r.issuedAt = now();
}

/** A new session through the real sign-in; the hourly per-phone code limit is not under test here. */
async function relog(who: SignedIn): Promise<SignedIn> {
  await t.kv.delete(`otp:phone:${who.phone}`);
  return logIn(t, who.phone);
}

const t = useTestApp(() => createListingsTestApp({ ADMIN_PHONES: '+251900000001,+251900000002,+251900000003' }), closeAfterLedgerCheck);
let admins: [SignedIn, SignedIn];
let poster: SignedIn;
let sharedIssuedAt = 0;

beforeAll(async () => {
  admins = [await signUp(t, { phone: '+251900000001', name: 'Admin one' }), await signUp(t, { phone: '+251900000002', name: 'Admin two' })];
  poster = await signUp(t, { userType: 'landlord', name: 'Poster' });
  sharedIssuedAt = now();
}, 60_000);

const now = () => t.clock.now().getTime();
const planActive = (until: number | null) => until !== null && until > now();
const extend = (until: number | null, days: number) => Math.max(until ?? 0, now()) + days * DAY;

function maySell(who: Who, sku: Sku): boolean {
  return SKU_CATALOG[sku].audience === 'delala' ? who === 'broker' : who !== 'broker';
}

async function post(who: SignedIn, url: string, payload?: unknown) {
  return t.request({ method: 'POST', url, headers: who.auth, ...(payload === undefined ? {} : { payload: payload as Record<string, unknown> }) });
}

/** Plan dates agree within SLACK_MS; then the model takes the server's exact date. */
function agreeOnPlan(model: Account, key: 'tenantUntil' | 'delalaUntil', actual: string | null): void {
  const expected = model[key];
  if (expected === null || actual === null) expect(actual, key).toBe(expected === null ? null : new Date(expected).toISOString());
  else {
    expect(Math.abs(Date.parse(actual) - expected), `${key} ${actual} vs ${new Date(expected).toISOString()}`).toBeLessThan(SLACK_MS);
    model[key] = Date.parse(actual);
  }
}

class Buy implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Who,
    readonly sku: Sku,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await post(r.users[this.who], '/api/purchase', { sku: this.sku });
    if (!maySell(this.who, this.sku)) {
      expect(res.statusCode, res.body).toBe(403);
      return;
    }
    expect(res.statusCode, res.body).toBe(200);
    const a = m.acc[this.who];
    const grant = SKU_CATALOG[this.sku].grant;
    if (grant.kind === 'credits') a.credits += grant.amount;
    else if (grant.kind === 'post_credits') a.post += grant.amount;
    else if (grant.plan === 'tenant_unlimited') a.tenantUntil = extend(a.tenantUntil, grant.days);
    else a.delalaUntil = extend(a.delalaUntil, grant.days);
  }
  toString = () => `buy(${this.who}, ${this.sku})`;
}

class UnlockContact implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 'tenant' | 'landlord',
    readonly listing: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await post(r.users[this.who], `/api/listings/${r.listings[this.listing]}/unlock-contact`);
    const a = m.acc[this.who];
    const done = m.unlockedListings[this.who];
    // A listing marked rented is out of public view: no unlock, not even a repeat.
    if (m.rented.has(this.listing)) return void expect(res.statusCode, res.body).toBe(404);
    if (done.has(this.listing)) return void expect(res.json(), res.body).toMatchObject({ already_unlocked: true, used_credit: false });
    if (planActive(a.tenantUntil)) {
      expect(res.json(), res.body).toMatchObject({ used_credit: false, already_unlocked: false });
    } else if (a.credits >= 1) {
      expect(res.json(), res.body).toMatchObject({ used_credit: true });
      a.credits -= 1;
      m.paidUnlocks[this.who].set(this.listing, now());
    } else {
      return void expect(res.statusCode, res.body).toBe(402);
    }
    done.add(this.listing);
    expect(res.json().credits).toBe(a.credits);
  }
  toString = () => `unlockContact(${this.who}, ${this.listing})`;
}

class UnlockReply implements fc.AsyncCommand<Model, Real> {
  constructor(readonly conversation: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await post(r.users.tenant, `/api/conversations/${r.conversations[this.conversation]}/unlock-first-reply`);
    const a = m.acc.tenant;
    if (m.unlockedConversations.has(this.conversation)) return void expect(res.statusCode, res.body).toBe(200);
    if (planActive(a.tenantUntil)) expect(res.json(), res.body).toMatchObject({ used_credit: false });
    else if (a.credits >= 1) {
      expect(res.json(), res.body).toMatchObject({ used_credit: true });
      a.credits -= 1;
    } else return void expect(res.statusCode, res.body).toBe(402);
    m.unlockedConversations.add(this.conversation);
  }
  toString = () => `unlockReply(${this.conversation})`;
}

class BrokerPublish implements fc.AsyncCommand<Model, Real> {
  check = () => true;
  async run(m: Model, r: Real) {
    const draft = await insertListing(r.t, r.users.broker, { visibility: 'draft', publishedAt: null });
    const res = await post(r.users.broker, `/api/listings/${draft}/publish`);
    const a = m.acc.broker;
    if (planActive(a.delalaUntil)) expect(res.json(), res.body).toMatchObject({ covered_by_plan: true });
    else if (a.post >= 1) {
      expect(res.json(), res.body).toMatchObject({ covered_by_plan: false });
      a.post -= 1;
    } else expect(res.statusCode, res.body).toBe(402);
  }
  toString = () => 'brokerPublish()';
}

class Advance implements fc.AsyncCommand<Model, Real> {
  constructor(readonly ms: number) {}
  check = () => true;
  async run(_m: Model, r: Real) {
    r.t.clock.advance(this.ms);
    await keepSessions(r);
  }
  toString = () => `advance(${this.ms})`;
}

class Adjust implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: Who,
    readonly type: 'credit' | 'debit',
    readonly target: 'wallet' | 'post_credits' | 'delala_subscription',
    readonly amount: number,
  ) {}
  check = () => this.target === 'wallet' || this.who === 'broker';
  async run(m: Model, r: Real) {
    const [author, reviewer] = r.admins;
    const created = await post(author, '/api/admin/payments/manual-adjustments', {
      phone: r.users[this.who].phone,
      amount: this.amount,
      type: this.type,
      target: this.target,
      reason: 'Model test adjustment',
    });
    expect(created.statusCode, created.body).toBe(201);
    const id = created.json().data.adjustment._id as string;
    // The author may never approve their own adjustment.
    expect((await post(author, `/api/admin/payments/manual-adjustments/${id}/approve`, {})).statusCode).toBe(403);
    const res = await post(reviewer, `/api/admin/payments/manual-adjustments/${id}/approve`, {});
    const a = m.acc[this.who];
    const sign = this.type === 'credit' ? 1 : -1;
    if (this.target === 'delala_subscription') {
      if (sign < 0 && (a.delalaUntil === null || a.delalaUntil - this.amount * DAY < now())) return void expect(res.statusCode, res.body).toBe(409);
      a.delalaUntil = sign > 0 ? extend(a.delalaUntil, this.amount) : a.delalaUntil! - this.amount * DAY;
    } else {
      const key = this.target === 'wallet' ? 'credits' : 'post';
      if (a[key] + sign * this.amount < 0) return void expect(res.statusCode, res.body).toBe(409);
      a[key] += sign * this.amount;
    }
    expect(res.statusCode, res.body).toBe(200);
  }
  toString = () => `adjust(${this.who}, ${this.type}, ${this.target}, ${this.amount})`;
}

const REFUND_WINDOW_MS = 72 * 3600 * 1000;

/** Approves a model claim: the credit comes back. */
function approveInModel(m: Model, c: ModelClaim): void {
  c.status = 'approved';
  m.acc[c.who].credits += 1;
}

/** Unlocks the contact (as UnlockContact: free again, by plan, by credit, or 402/404), then claims it back. */
class ClaimRefund implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly who: 'tenant' | 'landlord',
    readonly listing: number,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    await new UnlockContact(this.who, this.listing).run(m, r);
    const mine = await r.t.request({ method: 'GET', url: '/api/listings/unlocked/my-unlocks', headers: r.users[this.who].auth });
    const row = (mine.json().unlocks as { _id: string; listing: { _id: string } }[]).find((u) => u.listing._id === r.listings[this.listing]);
    if (!row) return void expect(m.unlockedListings[this.who].has(this.listing)).toBe(false);
    const res = await post(r.users[this.who], `/api/listings/unlocked/${row._id}/refund-claim`, { reason: 'no_answer' });
    const paidAt = m.paidUnlocks[this.who].get(this.listing);
    const t0 = now();
    if (paidAt === undefined) return void expect(res.json().error, res.body).toBe('refund_not_available');
    if (t0 > paidAt + REFUND_WINDOW_MS) return void expect(res.json().error, res.body).toBe('refund_window_closed');
    if (m.claims.some((c) => c.who === this.who && c.listing === this.listing)) return void expect(res.json().error, res.body).toBe('refund_already_claimed');
    const counting = m.claims.filter((c) => c.who === this.who && c.status !== 'rejected' && c.at >= t0 - 30 * DAY);
    if (counting.length >= 3) return void expect(res.json().error, res.body).toBe('refund_limit_reached');
    expect(res.statusCode, res.body).toBe(201);
    const claim: ModelClaim = { who: this.who, listing: this.listing, status: 'pending', at: t0, id: res.json().claim._id };
    m.claims.push(claim);
    const others = m.claims.filter((c) => c !== claim && c.listing === this.listing && c.who !== this.who && c.status !== 'rejected' && c.at >= t0 - 7 * DAY);
    if (m.rented.has(this.listing)) approveInModel(m, claim);
    else if (others.length > 0) {
      approveInModel(m, claim);
      for (const o of others) if (o.status === 'pending') approveInModel(m, o);
    }
    expect(res.json().claim.status).toBe(claim.status);
    expect(res.json().credits).toBe(m.acc[this.who].credits);
  }
  toString = () => `claimRefund(${this.who}, ${this.listing})`;
}

class MarkRented implements fc.AsyncCommand<Model, Real> {
  constructor(readonly listing: number) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const res = await r.t.request({
      method: 'PATCH',
      url: `/api/listings/${r.listings[this.listing]}`,
      headers: r.poster.auth,
      payload: { visibility: 'draft' },
    });
    expect(res.statusCode, res.body).toBe(200);
    if (m.rented.has(this.listing)) return;
    m.rented.add(this.listing);
    for (const c of m.claims) if (c.listing === this.listing && c.status === 'pending' && c.at >= now() - 7 * DAY) approveInModel(m, c);
  }
  toString = () => `markRented(${this.listing})`;
}

class DecideRefund implements fc.AsyncCommand<Model, Real> {
  constructor(
    readonly index: number,
    readonly approve: boolean,
  ) {}
  check = () => true;
  async run(m: Model, r: Real) {
    const claim = m.claims[this.index % Math.max(1, m.claims.length)];
    if (!claim) return;
    const res = await post(r.admins[0], `/api/admin/payments/refund-claims/${claim.id}/${this.approve ? 'approve' : 'reject'}`, {
      note: 'Model test decision',
    });
    if (claim.status !== 'pending') return void expect(res.json().error, res.body).toBe('refund_not_pending');
    expect(res.statusCode, res.body).toBe(200);
    if (this.approve) approveInModel(m, claim);
    else claim.status = 'rejected';
  }
  toString = () => `decideRefund(${this.index}, ${this.approve})`;
}

/** After every command: the model, the wallet answer and the ledger agree; nothing is negative. */
async function checkAll(m: Model, r: Real): Promise<void> {
  for (const who of ['tenant', 'landlord', 'broker'] as const) {
    const b = await balanceOf(r.t, r.users[who]);
    const a = m.acc[who];
    expect(b.credits, `${who} credits`).toBe(a.credits);
    expect(b.post_credits, `${who} post credits`).toBe(a.post);
    expect(b.credits).toBeGreaterThanOrEqual(0);
    expect(b.post_credits).toBeGreaterThanOrEqual(0);
    agreeOnPlan(a, 'tenantUntil', b.sub_tenant_unlimited_until);
    agreeOnPlan(a, 'delalaUntil', b.sub_delala_unlimited_until);
  }
  expect(await findLedgerMismatches(r.t.ctx.db)).toEqual([]);
}

function withCheck(command: fc.AsyncCommand<Model, Real>): fc.AsyncCommand<Model, Real> {
  return {
    check: (m) => command.check(m),
    run: async (m, r) => {
      await command.run(m, r);
      await checkAll(m, r);
    },
    toString: () => command.toString(),
  };
}

const who = fc.constantFrom<Who>('tenant', 'landlord', 'broker');
const commands = [
  fc.tuple(who, fc.constantFrom(...SKUS)).map(([w, s]) => withCheck(new Buy(w, s))),
  fc.tuple(fc.constantFrom<'tenant' | 'landlord'>('tenant', 'landlord'), fc.integer({ min: 0, max: 2 })).map(([w, l]) => withCheck(new UnlockContact(w, l))),
  fc.integer({ min: 0, max: 1 }).map((c) => withCheck(new UnlockReply(c))),
  fc.constant(null).map(() => withCheck(new BrokerPublish())),
  fc.constantFrom(...STEPS).map((ms) => withCheck(new Advance(ms))),
  fc
    .tuple(
      who,
      fc.constantFrom<'credit' | 'debit'>('credit', 'debit'),
      fc.constantFrom<'wallet' | 'post_credits' | 'delala_subscription'>('wallet', 'post_credits', 'delala_subscription'),
      fc.integer({ min: 1, max: 3 }),
    )
    .map(([w, ty, ta, n]) => withCheck(new Adjust(w, ty, ta, n))),
  fc.tuple(fc.constantFrom<'tenant' | 'landlord'>('tenant', 'landlord'), fc.integer({ min: 0, max: 2 })).map(([w, l]) => withCheck(new ClaimRefund(w, l))),
  fc.tuple(fc.constantFrom<'tenant' | 'landlord'>('tenant', 'landlord'), fc.integer({ min: 0, max: 2 })).map(([w, l]) => withCheck(new ClaimRefund(w, l))),
  fc.integer({ min: 0, max: 2 }).map((l) => withCheck(new MarkRented(l))),
  fc.tuple(fc.integer({ min: 0, max: 5 }), fc.boolean()).map(([i, a]) => withCheck(new DecideRefund(i, a))),
];

/** Fresh people, three live listings and two answered conversations for one run. */
async function freshWorld(): Promise<Real> {
  const users = {
    tenant: await signUp(t, { name: 'Model tenant' }),
    landlord: await signUp(t, { userType: 'landlord', name: 'Model landlord' }),
    broker: await signUp(t, { userType: 'delala', name: 'Model broker', agencyName: 'Model Agency' }),
  };
  if (now() - sharedIssuedAt > 20 * DAY) {
    admins = [await relog(admins[0]), await relog(admins[1])];
    poster = await relog(poster);
    sharedIssuedAt = now();
  }
  // The tenant starts with a 10-credit bundle (so unlocks and refund claims meet in most runs); the landlord with none.
  expect((await post(users.tenant, '/api/purchase', { sku: 'CREDIT_BUNDLE_10' })).statusCode).toBe(200);
  const listings = await insertListings(t, poster, 3);
  const conversations: string[] = [];
  for (const listing of listings.slice(0, 2)) {
    const start = await post(users.tenant, '/api/conversations', { listing_id: listing, initial_message: 'Is it free?' });
    const id = start.json().conversation_id as string;
    expect((await post(poster, `/api/conversations/${id}/reply`, { body: 'Yes, call me' })).statusCode).toBe(200);
    conversations.push(id);
  }
  return { t, users, listings, conversations, admins: [admins[0], admins[1]], poster, issuedAt: Math.min(now(), sharedIssuedAt) };
}

describe('the money model', () => {
  it('random purchases, unlocks, publishes, plans over time and four-eyes adjustments keep every balance equal to the model and its ledger', async () => {
    await fc.assert(
      fc.asyncProperty(fc.commands(commands, { maxCommands: 14 }), async (cmds) => {
        const real = await freshWorld();
        const empty = (): Account => ({ credits: 0, post: 0, tenantUntil: null, delalaUntil: null });
        const model: Model = {
          acc: { tenant: { ...empty(), credits: 10 }, landlord: empty(), broker: empty() },
          unlockedListings: { tenant: new Set(), landlord: new Set(), broker: new Set() },
          unlockedConversations: new Set(),
          paidUnlocks: { tenant: new Map(), landlord: new Map() },
          claims: [],
          rented: new Set(),
        };
        await fc.asyncModelRun(() => ({ model, real }), cmds);
      }),
      { numRuns: 15 },
    );
  }, 240_000);

  it('two admins approving the same adjustment at once apply it once', async () => {
    const third = await signUp(t, { phone: '+251900000003', name: 'Admin three' });
    const author = await relog(admins[0]);
    expect(author.user.roles).toContain('admin');
    const second = await relog(admins[1]);
    const subject = await signUp(t, { name: 'Adjusted tenant' });
    for (let round = 0; round < 5; round += 1) {
      const created = await post(author, '/api/admin/payments/manual-adjustments', {
        phone: subject.phone,
        amount: 7,
        type: 'credit',
        target: 'wallet',
        reason: 'Refund',
      });
      const id = created.json().data.adjustment._id as string;
      const answers = await Promise.all([second, third, second, third].map((a) => post(a, `/api/admin/payments/manual-adjustments/${id}/approve`, {})));
      expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect(answers.filter((r) => r.statusCode === 409).every((r) => r.json().error === 'adjustment_not_pending')).toBe(true);
    }
    expect((await balanceOf(t, subject)).credits).toBe(35);
    const rows = await t.database.sql.query<{ n: number }>("SELECT count(*)::int AS n FROM ledger_entries WHERE kind = 'manual_adjustment'");
    expect(rows[0]!.n).toBeGreaterThanOrEqual(5);
    expect(await findLedgerMismatches(t.ctx.db)).toEqual([]);
  }, 60_000);
});
