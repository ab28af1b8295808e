import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SKU_CATALOG } from '@betoch/contracts/constants';
import { ledgerEntries } from '../../src/db/schema/wallet.ts';
import { createPaymentConfirmer } from '../../src/modules/payments/payment-confirmation.ts';
import { createPaymentProvider } from '../../src/modules/payments/create-payment-provider.ts';
import { reconcilePayments } from '../../src/modules/payments/reconcile.ts';
import { findLedgerMismatches } from '../../src/modules/wallet/wallet.repository.ts';
import { listPurchases } from '../../src/modules/wallet/purchases.repository.ts';
import { createChapaTestApp, deliverWebhook, startPurchase, verifyPurchase, type ChapaTestApp, type PendingPurchase } from '../support/chapa.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { balanceOf, userIdOf } from '../support/wallet.ts';

/**
 * The money model, asynchronous path: random sequences of checkout purchases, the gateway's
 * verdicts (paid, failed, cancelled), signed webhooks (also replays of old bodies), return-page
 * verifies, callbacks and reconciliation runs with the clock moving, in any order. After every
 * step: every balance equals its ledger (findLedgerMismatches), each paid purchase has exactly one
 * grant, no purchase the gateway did not call paid is ever granted, and the credits equal what the
 * paid purchases bought. PGlite, and PostgreSQL with TEST_DATABASE_URL.
 */
const TENANT_SKUS = ['CREDIT_SINGLE', 'CREDIT_BUNDLE_10'] as const;

let c: ChapaTestApp;
beforeAll(async () => {
  c = await createChapaTestApp();
});
afterAll(async () => {
  await c.close();
});

type Step =
  | { kind: 'buy'; who: number; sku: (typeof TENANT_SKUS)[number] }
  | { kind: 'gateway'; which: number; verdict: 'success' | 'failed' | 'cancelled' }
  | { kind: 'webhook'; which: number }
  | { kind: 'replay'; which: number }
  | { kind: 'verify'; which: number }
  | { kind: 'callback'; which: number }
  | { kind: 'reconcile'; minutes: number };

const step: fc.Arbitrary<Step> = fc.oneof(
  fc.record({ kind: fc.constant('buy' as const), who: fc.nat(1), sku: fc.constantFrom(...TENANT_SKUS) }),
  fc.record({
    kind: fc.constant('gateway' as const),
    which: fc.nat(9),
    verdict: fc.constantFrom('success' as const, 'success' as const, 'failed' as const, 'cancelled' as const),
  }),
  fc.record({ kind: fc.constant('webhook' as const), which: fc.nat(9) }),
  fc.record({ kind: fc.constant('replay' as const), which: fc.nat(9) }),
  fc.record({ kind: fc.constant('verify' as const), which: fc.nat(9) }),
  fc.record({ kind: fc.constant('callback' as const), which: fc.nat(9) }),
  fc.record({ kind: fc.constant('reconcile' as const), minutes: fc.constantFrom(0, 11, 60, 25 * 60) }),
);

describe('the money model with a hosted checkout', () => {
  it('pending, webhook, verify, callback and reconcile in random orders grant each paid purchase exactly once', async () => {
    const { t, gateway } = c;
    const confirmer = createPaymentConfirmer(t.ctx, createPaymentProvider(t.ctx.env));
    await fc.assert(
      fc.asyncProperty(fc.array(step, { minLength: 4, maxLength: 18 }), async (steps) => {
        const users: SignedIn[] = [await signUp(t), await signUp(t)];
        const bought: Array<{ p: PendingPurchase; who: number; sku: (typeof TENANT_SKUS)[number]; oldWebhook?: { body: string; signature: string } }> = [];
        for (const s of steps) {
          const target = s.kind !== 'buy' && s.kind !== 'reconcile' && bought.length ? bought[s.which % bought.length] : undefined;
          switch (s.kind) {
            case 'buy':
              bought.push({ p: await startPurchase(t, users[s.who]!, s.sku), who: s.who, sku: s.sku });
              break;
            case 'gateway':
              if (target && gateway.transactions.get(target.p.tx_ref)!.status === 'pending') {
                if (s.verdict === 'success') gateway.pay(target.p.tx_ref);
                else gateway.fail(target.p.tx_ref, s.verdict);
                target.oldWebhook ??= gateway.webhook(target.p.tx_ref);
              }
              break;
            case 'webhook':
              if (target) {
                const hook = gateway.webhook(target.p.tx_ref);
                expect((await deliverWebhook(t, hook.body, { 'x-chapa-signature': hook.signature })).statusCode).toBe(200);
              }
              break;
            case 'replay':
              if (target?.oldWebhook) {
                expect((await deliverWebhook(t, target.oldWebhook.body, { 'chapa-signature': target.oldWebhook.signature })).statusCode).toBe(200);
              }
              break;
            case 'verify':
              if (target) expect((await verifyPurchase(t, users[target.who]!, target.p.tx_ref)).statusCode).toBe(200);
              break;
            case 'callback':
              if (target) await t.request({ method: 'GET', url: `/api/payments/chapa/callback?trx_ref=${target.p.tx_ref}` });
              break;
            case 'reconcile':
              t.clock.advance(s.minutes * 60_000);
              await reconcilePayments(t.ctx, confirmer);
              break;
          }

          expect(await findLedgerMismatches(t.ctx.db)).toEqual([]);
          const grants = (await t.ctx.db.select().from(ledgerEntries)).filter((r) => r.kind === 'purchase');
          for (const [who, user] of users.entries()) {
            const rows = await listPurchases(t.ctx.db, await userIdOf(t, user));
            let expected = 0;
            for (const row of rows) {
              const granted = grants.filter((g) => g.refId === row.id).length;
              const gatewaySays = gateway.transactions.get(row.txRef!)!.status;
              if (row.status === 'paid') {
                expect(granted).toBe(1);
                expect(gatewaySays).toBe('success');
                const grant = SKU_CATALOG[row.sku].grant;
                expected += grant.kind === 'credits' ? grant.amount : 0;
              } else {
                expect(granted).toBe(0);
              }
            }
            expect((await balanceOf(t, user)).credits, `user ${who}`).toBe(expected);
          }
        }
        // Whatever is paid at the gateway is granted once everything has been asked once more.
        t.clock.advance(11 * 60_000);
        await reconcilePayments(t.ctx, confirmer);
        for (const b of bought) {
          const res = await verifyPurchase(t, users[b.who]!, b.p.tx_ref);
          const gatewaySays = gateway.transactions.get(b.p.tx_ref)!.status;
          if (gatewaySays === 'success') expect(res.json().status).toBe('paid');
          else expect(res.json().status).not.toBe('paid');
        }
      }),
      { numRuns: 12 },
    );
  }, 240_000);
});
