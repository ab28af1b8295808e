import { beforeAll, describe, expect, it } from 'vitest';
import type { RegisteredRoute } from '../../src/lib/route.ts';
import { createListingsTestApp, signUpAdmin } from '../support/factories.ts';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import { grantByLedger } from '../support/wallet.ts';
import { insertListing, setUserStanding } from '../unlocks/listing-rows.ts';
import { allRoutes, callRoute, outcomeClass, routeKey, type Targets } from './route-calls.ts';
import { closeAfterLedgerCheck } from '../wallet/close-after-ledger-check.ts';
import { useTestApp } from '../support/use-test-app.ts';

/**
 * The authorization matrix: every route of the app by every kind of caller, with
 * the outcome class each must get. The targets are the owner's listing and the conversation between
 * the participant (a tenant) and the owner; calls that change their target get a fresh one each.
 * A route added to the app without a row here fails the first test.
 */
/*
 * Rows run in this order, on one app: 'POST /purchase' runs before the unlock rows, so every caller
 * allowed to buy a tenant credit holds one when 'unlock-contact' runs (the broker may not buy one:
 * 402), and the participant has spent it on the contact before 'unlock-first-reply' (402).
 * A banned user's live token is refused (401) wherever a token is read.
 */
const ACTORS = ['anonymous', 'tenant', 'landlord', 'broker', 'owner', 'otherOwner', 'participant', 'stranger', 'admin', 'suspended', 'banned'] as const;
type Actor = (typeof ACTORS)[number];

// Columns:                                          anon tenant landl broker owner other  part  strang admin  susp banned
const MATRIX: Record<string, string> = {
  'POST /auth/request-otp': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  2xx',
  'POST /auth/verify-otp': '400  400    400   400    400   400    400   400    400    400  400',
  'POST /auth/signup': '400  400    400   400    400   400    400   400    400    400  400',
  // Demo mode only (the test app's mode; production has no such call): anyone may end a wait.
  'POST /demo/otp-cooldown/end': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  2xx',
  'GET /auth/me': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /auth/logout': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /wallet/balance': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /wallet/history': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /purchase': '401  2xx    2xx   403    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /purchase/verify': '401  404    404   404    404   404    404   404    404    404  401',
  'GET /payments/methods': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  2xx',
  'GET /payments/chapa/callback': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  2xx',
  'POST /payments/chapa/webhook': '401  401    401   401    401   401    401   401    401    401  401',
  'POST /uploads': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    403  401',
  'POST /reports': '401  2xx    2xx   2xx    403   2xx    2xx   2xx    2xx    2xx  401',
  'GET /admin/moderation/cases': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/moderation/cases/{id}/actions': '401  403    403   403    403   403    403   403    2xx    403  401',
  'GET /admin/moderation/duplicates': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/moderation/duplicates/{id}/merge': '401  403    403   403    403   403    403   403    404    403  401',
  'POST /admin/moderation/duplicates/{id}/dismiss': '401  403    403   403    403   403    403   403    404    403  401',
  'POST /admin/moderation/duplicates/{id}/remove': '401  403    403   403    403   403    403   403    404    403  401',
  'GET /admin/payments/delala': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/payments/delala/{phone}/unblock': '401  403    403   403    403   403    403   403    2xx    403  401',
  'GET /admin/payments/purchases': '401  403    403   403    403   403    403   403    2xx    403  401',
  'GET /admin/payments/purchases.csv': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/payments/purchases/{id}/verify': '401  403    403   403    403   403    403   403    404    403  401',
  'GET /admin/payments/manual-adjustments': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/payments/manual-adjustments': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/payments/manual-adjustments/{id}/approve': '401 403 403  403    403   403    403   403    2xx    403  401',
  'POST /admin/payments/manual-adjustments/{id}/reject': '401 403 403  403    403   403    403   403    2xx    403  401',
  'GET /admin/payments/refund-claims': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/payments/refund-claims/{id}/approve': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/payments/refund-claims/{id}/reject': '401  403    403   403    403   403    403   403    2xx    403  401',
  'GET /admin/metrics/daily': '401  403    403   403    403   403    403   403    2xx    403  401',
  'GET /admin/metrics/funnels': '401  403    403   403    403   403    403   403    2xx    403  401',
  'GET /admin/metrics/alerts': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /listings': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    403  401',
  'GET /listings/my-listings': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /listings': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  2xx',
  'GET /listings/{id}': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'PATCH /listings/{id}': '401  404    404   404    2xx   404    404   404    2xx    404  401',
  'POST /listings/{id}/publish': '401  404    404   404    2xx   404    404   404    2xx    404  401',
  'DELETE /listings/{id}': '401  404    404   404    2xx   404    404   404    2xx    404  401',
  'POST /listings/{id}/unlock-contact': '401  2xx    2xx   402    403   2xx    2xx   2xx    2xx    403  401',
  'GET /listings/{id}/unlock-status': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /listings/batch-unlock-status': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /listings/unlocked/my-unlocks': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /listings/{id}/fair-price': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /favourites/ids': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /favourites': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'PUT /favourites/{id}': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'DELETE /favourites/{id}': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /listings/unlocked/{id}/refund-claim': '401  2xx    404   404    404   404    404   404    404    404  401',
  'POST /realtime/ticket': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /conversations': '401  2xx    2xx   2xx    403   2xx    2xx   2xx    2xx    403  401',
  'GET /conversations': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /conversations/unread-count': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /conversations/{id}/messages': '401  404    404   404    2xx   404    2xx   404    2xx    404  401',
  'POST /conversations/{id}/reply': '401  404    404   404    2xx   404    2xx   404    403    403  401',
  'POST /conversations/{id}/unlock-first-reply': '401  404    404   404    403   404    402   404    404    404  401',
  'GET /saved-searches': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /saved-searches': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'PATCH /saved-searches/{id}': '401  404    404   404    404   404    404   404    404    404  401',
  'DELETE /saved-searches/{id}': '401  404    404   404    404   404    404   404    404    404  401',
  'POST /saved-searches/{id}/visit': '401  404    404   404    404   404    404   404    404    404  401',
  'GET /notifications': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /notifications/unread-count': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /notifications/{id}/read': '401  404    404   404    404   404    404   404    404    404  401',
  'POST /notifications/read-all': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /sms/inbound': '404  404    404   404    404   404    404   404    404    404  404',
  'POST /listings/{id}/confirm': '401  404    404   404    2xx   404    404   404    2xx    404  401',
  'POST /listings/{id}/renew': '401  404    404   404    400   404    404   404    400    404  401',
  'POST /listings/{id}/ask-availability': '401  2xx    2xx   2xx    403   2xx    2xx   2xx    2xx    403  401',
  'GET /confirm-links/{token}': '410  410    410   410    410   410    410   410    410    410  410',
  'POST /confirm-links/{token}': '410  410    410   410    410   410    410   410    410    410  410',
  'GET /account': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'PATCH /account': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /account/sign-out-everywhere': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /account/phone/request-code': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /account/phone': '401  400    400   400    400   400    400   400    400    400  401',
  'GET /account/telegram': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /account/telegram/link': '401  404    404   404    404   404    404   404    404    404  401',
  'DELETE /account/telegram': '401  404    404   404    404   404    404   404    404    404  401',
  'POST /auth/telegram': '404  404    404   404    404   404    404   404    404    404  404',
  'GET /auth/telegram/start': '404  404    404   404    404   404    404   404    404    404  404',
  'GET /auth/telegram/callback': '404  404    404   404    404   404    404   404    404    404  404',
  'GET /auth/telegram/widget': '404  404    404   404    404   404    404   404    404    404  404',
  'GET /auth/telegram/options': '2xx  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  2xx',
  'POST /auth/telegram/session': '400  400    400   400    400   400    400   400    400    400  400',
  'POST /auth/telegram/signup-ticket': '400  400    400   400    400   400    400   400    400    400  400',
  'POST /telegram/webhook': '400  400    400   400    400   400    400   400    400    400  400',
  'POST /account/export': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /account/export': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /account/export/link': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'GET /account/export/download/{token}': '410  410    410   410    410   410    410   410    410    410  410',
  'POST /account/delete/request-code': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /account/delete': '401  400    400   400    400   400    400   400    400    400  401',
  'GET /admin/account-requests': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/account-requests/deletions': '401  403    403   403    403   403    403   403    2xx    403  401',
  // Fayda is not configured in this app: its state reads 'off', the flow is not there (404).
  'GET /fayda': '401  2xx    2xx   2xx    2xx   2xx    2xx   2xx    2xx    2xx  401',
  'POST /fayda/start': '401  404    404   404    404   404    404   404    404    404  401',
  'POST /fayda/callback': '401  400    400   400    400   400    400   400    400    400  401',
  // The account named is not verified (400); the id is no revocation (404).
  'GET /admin/fayda/revocations': '401  403    403   403    403   403    403   403    2xx    403  401',
  'POST /admin/fayda/revocations': '401  403    403   403    403   403    403   403    400    403  401',
  'POST /admin/fayda/revocations/{id}/approve': '401  403    403   403    403   403    403   403    404    403  401',
  'POST /admin/fayda/revocations/{id}/reject': '401  403    403   403    403   403    403   403    404    403  401',
};

function expected(key: string): Record<Actor, string> {
  const cells = MATRIX[key]!.trim().split(/\s+/);
  if (cells.length !== ACTORS.length) throw new Error(`row ${key} has ${cells.length} cells`);
  return Object.fromEntries(ACTORS.map((a, i) => [a, cells[i]!])) as Record<Actor, string>;
}

const t = useTestApp(createListingsTestApp, closeAfterLedgerCheck);
const main = {} as Record<Exclude<Actor, 'anonymous'>, SignedIn>;
/** A second session per actor, for the calls that end a session (logout). */
const spare = {} as Record<Exclude<Actor, 'anonymous'>, SignedIn>;
let secondAdmin: SignedIn;
let shared: Targets;

beforeAll(async () => {
  const make = async (actor: Exclude<Actor, 'anonymous'>, userType: 'tenant' | 'landlord' | 'delala') => {
    main[actor] = actor === 'admin' ? await signUpAdmin(t) : await signUp(t, { userType, name: `Actor ${actor}` });
    spare[actor] = await logIn(t, main[actor].phone);
  };
  await make('tenant', 'tenant');
  await make('landlord', 'landlord');
  await make('broker', 'delala');
  await make('owner', 'landlord');
  await make('otherOwner', 'landlord');
  await make('participant', 'tenant');
  await make('stranger', 'tenant');
  await make('admin', 'tenant');
  await make('suspended', 'tenant');
  await make('banned', 'tenant');
  secondAdmin = await signUp(t, { phone: '+251900000002', name: 'Second admin' });
  await grantByLedger(t, main.tenant, 'credits', 10);
  await insertListing(t, main.otherOwner);
  const listing = await insertListing(t, main.owner);
  const start = await t.request({
    method: 'POST',
    url: '/api/conversations',
    headers: main.participant.auth,
    payload: { listing_id: listing, initial_message: 'Hello' },
  });
  const conversation = start.json().conversation_id as string;
  await t.request({ method: 'POST', url: `/api/conversations/${conversation}/reply`, headers: main.owner.auth, payload: { body: 'Yes, come and see it' } });
  await setUserStanding(t, main.suspended, 'suspended', new Date(Date.now() + 7 * 24 * 3600 * 1000));
  await setUserStanding(t, main.banned, 'banned');
  const unknown = '00000000-0000-4000-8000-000000000000';
  shared = { listing, conversation, case: unknown, cluster: unknown, adjustment: unknown, phone: main.broker.phone };
}, 120_000);

/** Targets for one cell: fresh objects for the calls that change or use up their target. */
async function targetsFor(key: string): Promise<{ targets: Targets; cleanup?: () => Promise<void> }> {
  const fresh = async (overrides: Parameters<typeof insertListing>[2] = {}) => {
    const id = await insertListing(t, main.owner, overrides);
    return { id, cleanup: async () => void (await t.database.sql.query('DELETE FROM listings WHERE id = $1', [id])) };
  };
  switch (key) {
    case 'PATCH /listings/{id}':
    case 'DELETE /listings/{id}': {
      const l = await fresh();
      return { targets: { ...shared, listing: l.id }, cleanup: l.cleanup };
    }
    case 'POST /listings/{id}/publish': {
      const l = await fresh({ visibility: 'draft', publishedAt: null });
      return { targets: { ...shared, listing: l.id }, cleanup: l.cleanup };
    }
    case 'POST /reports': {
      // Reports stay (they are the point); the listing goes back to draft so the owner's 3 live slots stay free.
      const id = await insertListing(t, main.owner);
      return {
        targets: { ...shared, listing: id },
        cleanup: async () => void (await t.database.sql.query("UPDATE listings SET visibility = 'draft' WHERE id = $1", [id])),
      };
    }
    case 'POST /admin/moderation/cases/{id}/actions': {
      const listing = await insertListing(t, main.otherOwner);
      await t.request({
        method: 'POST',
        url: '/api/reports',
        headers: main.stranger.auth,
        payload: { targetType: 'listing', targetId: listing, reason: 'fake' },
      });
      const cases = await t.request({ method: 'GET', url: '/api/admin/moderation/cases?status=open&limit=50', headers: main.admin.auth });
      const found = (cases.json().data.items as Array<{ _id: string; target: { id: string } }>).find((c) => c.target.id === listing);
      if (!found) throw new Error('no case for the reported listing');
      return { targets: { ...shared, case: found._id } };
    }
    case 'POST /admin/payments/manual-adjustments/{id}/approve':
    case 'POST /admin/payments/manual-adjustments/{id}/reject': {
      const res = await t.request({
        method: 'POST',
        url: '/api/admin/payments/manual-adjustments',
        headers: secondAdmin.auth,
        payload: { phone: main.stranger.phone, amount: 1, type: 'credit', target: 'wallet', reason: 'Goodwill credit' },
      });
      return { targets: { ...shared, adjustment: res.json().data.adjustment._id as string } };
    }
    case 'POST /listings/unlocked/{id}/refund-claim':
    case 'POST /admin/payments/refund-claims/{id}/approve':
    case 'POST /admin/payments/refund-claims/{id}/reject': {
      // The tenant's paid unlock of a fresh listing (and for the review rows, the tenant's claim on it);
      // removing the listing removes both, so the tenant's 3-in-30-days never fills up.
      const l = await fresh();
      await grantByLedger(t, main.tenant, 'credits', 1);
      await t.request({ method: 'POST', url: `/api/listings/${l.id}/unlock-contact`, headers: main.tenant.auth });
      const mine = await t.request({ method: 'GET', url: '/api/listings/unlocked/my-unlocks', headers: main.tenant.auth });
      const unlock = (mine.json().unlocks as Array<{ _id: string; listing: { _id: string } }>).find((u) => u.listing._id === l.id)!._id;
      if (key === 'POST /listings/unlocked/{id}/refund-claim') return { targets: { ...shared, unlock }, cleanup: l.cleanup };
      const claimed = await t.request({
        method: 'POST',
        url: `/api/listings/unlocked/${unlock}/refund-claim`,
        headers: main.tenant.auth,
        payload: { reason: 'no_answer' },
      });
      return { targets: { ...shared, refund: claimed.json().claim._id as string }, cleanup: l.cleanup };
    }
    case 'POST /account/export/link':
      // Each caller asked for an export in the row before; the link comes once it is built.
      await t.account.settle();
      return { targets: shared };
    case 'POST /admin/account-requests/deletions': {
      const someone = await signUp(t, { name: 'Asked to be deleted' });
      return { targets: { ...shared, deletable: someone.phone } };
    }
    default:
      return { targets: shared };
  }
}

async function outcomeOf(route: RegisteredRoute, actor: Actor): Promise<string> {
  const key = routeKey(route);
  const { targets, cleanup } = await targetsFor(key);
  const who = actor === 'anonymous' ? null : key === 'POST /auth/logout' ? spare[actor] : main[actor];
  await t.kv.delete('otp:ip:127.0.0.1');
  const res = await callRoute(t, route, who, targets);
  if (res.statusCode >= 500) throw new Error(`${key} as ${actor}: ${res.statusCode} ${res.body}`);
  await cleanup?.();
  if (key === 'POST /account/sign-out-everywhere' && actor !== 'anonymous' && res.statusCode === 200) {
    // Every token of the caller ended: the next rows need fresh sessions.
    main[actor] = await logIn(t, main[actor].phone);
    spare[actor] = await logIn(t, main[actor].phone);
  }
  return outcomeClass(res.statusCode);
}

describe('the authorization matrix', () => {
  it('has a row for every route of the app, and no row for a route that does not exist', () => {
    const keys = allRoutes(t).map(routeKey).sort();
    expect(Object.keys(MATRIX).sort()).toEqual(keys);
  });

  it('every route answers every kind of caller as the table says', async () => {
    const mismatches: string[] = [];
    for (const route of allRoutes(t)) {
      const key = routeKey(route);
      if (!MATRIX[key]) continue; // reported by the test above
      const want = expected(key);
      const got: string[] = [];
      for (const actor of ACTORS) {
        const outcome = await outcomeOf(route, actor);
        got.push(outcome);
        if (outcome !== want[actor]) mismatches.push(`${key} as ${actor}: expected ${want[actor]}, got ${outcome}`);
      }
      if (got.join(' ') !== Object.values(want).join(' ')) mismatches.push(`  actual row '${key}': '${got.join(' ')}'`);
    }
    expect(mismatches).toEqual([]);
  }, 180_000);
});
