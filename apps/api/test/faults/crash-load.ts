import { randomUUID } from 'node:crypto';
import { ApiClient, ipFor, phoneFor, testJpeg, type Answer, type ServerProcess } from './server-process.ts';
import type { Acknowledged } from './ledger-audit.ts';

/**
 * A small market and a burst of money calls against a real server process, for the crash test:
 * tenants buy credits (with an Idempotency-Key) and unlock contacts, brokers buy post credits and
 * publish. Every 2xx answer is recorded; the burst runs until the server stops answering.
 */
export interface Market {
  tenants: ApiClient[];
  brokers: Array<{ client: ApiClient; drafts: string[] }>;
  liveListings: string[];
}

export async function buildMarket(
  server: ServerProcess,
  run: number,
  sizes = { tenants: 8, landlords: 2, listingsEach: 2, brokers: 2, draftsEach: 4 },
): Promise<Market> {
  let n = 0;
  const next = () => {
    n += 1;
    return new ApiClient(server.base, ipFor(run * 1000 + n));
  };
  const liveListings: string[] = [];
  for (let l = 0; l < sizes.landlords; l++) {
    const owner = next();
    await owner.signUp(phoneFor(run, n), 'landlord');
    for (let i = 0; i < sizes.listingsEach; i++) {
      const id = await owner.createDraft(`Crash test home ${l}-${i}`, await testJpeg(l * 10 + i));
      await owner.expectOk('POST', `/api/listings/${id}/publish`);
      liveListings.push(id);
    }
  }
  const brokers: Market['brokers'] = [];
  for (let b = 0; b < sizes.brokers; b++) {
    const client = next();
    await client.signUp(phoneFor(run, n), 'delala');
    const drafts: string[] = [];
    for (let i = 0; i < sizes.draftsEach; i++) drafts.push(await client.createDraft(`Broker home ${b}-${i}`, await testJpeg(100 + b * 10 + i)));
    brokers.push({ client, drafts });
  }
  const tenants: ApiClient[] = [];
  for (let t = 0; t < sizes.tenants; t++) {
    const client = next();
    await client.signUp(phoneFor(run, n), 'tenant');
    tenants.push(client);
  }
  return { tenants, brokers, liveListings };
}

export interface BurstResult {
  acked: Acknowledged;
  /** Calls sent whose answer never came (the server died under them). */
  unanswered: number;
  /** Answers other than 2xx (none expected). */
  failures: string[];
}

/**
 * Runs the burst; `onAck` sees the running count of 2xx answers (the caller kills the server at
 * some count). Each worker stops at its first network error.
 */
export async function runBurst(market: Market, acked: Acknowledged, onAck: (count: number) => void): Promise<BurstResult> {
  let count = 0;
  let unanswered = 0;
  const failures: string[] = [];
  const ack = () => onAck(++count);

  /** One call; false when the connection failed (server gone). */
  async function attempt(client: ApiClient, method: string, url: string, body: unknown, headers: Record<string, string>, onOk: (b: Answer['body']) => void) {
    try {
      const res = await client.call(method, url, body, headers);
      if (res.status >= 200 && res.status < 300) {
        onOk(res.body);
        ack();
      } else failures.push(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
      return true;
    } catch {
      unanswered += 1;
      return false;
    }
  }

  const purchase = (client: ApiClient, sku: string) =>
    attempt(client, 'POST', '/api/purchase', { sku }, { 'idempotency-key': randomUUID() }, (b) =>
      acked.purchases.push({ phone: client.phone!, purchaseId: b.purchase_id }),
    );

  const tenantWorker = async (client: ApiClient, offset: number) => {
    const skus = ['CREDIT_SINGLE', 'CREDIT_BUNDLE_10', 'CREDIT_SINGLE', 'SUB_TENANT_MONTHLY'];
    for (let i = 0; ; i++) {
      if (!(await purchase(client, i < market.liveListings.length ? 'CREDIT_SINGLE' : skus[i % skus.length]!))) return;
      if (i < market.liveListings.length) {
        const listingId = market.liveListings[(i + offset) % market.liveListings.length]!;
        const ok = await attempt(client, 'POST', `/api/listings/${listingId}/unlock-contact`, undefined, {}, (b) =>
          acked.unlocks.push({ phone: client.phone!, listingId, usedCredit: b.used_credit }),
        );
        if (!ok) return;
      }
    }
  };

  /** One of a broker's two loops: it publishes the drafts of its parity (disjoint, so never the same draft twice). */
  const brokerWorker = async ({ client, drafts }: Market['brokers'][number], half: number) => {
    const mine = drafts.filter((_, i) => i % 2 === half);
    for (let i = 0; ; i++) {
      if (!(await purchase(client, 'post_credit_1'))) return;
      const listingId = mine[i];
      if (listingId) {
        const ok = await attempt(client, 'POST', `/api/listings/${listingId}/publish`, undefined, {}, () =>
          acked.publishes.push({ phone: client.phone!, listingId }),
        );
        if (!ok) return;
      }
    }
  };

  // Two loops per user, so one user's purchases, unlocks and publishes also run in parallel (the wallet lock).
  const tenantLoops = market.tenants.flatMap((c, i) => [tenantWorker(c, i), tenantWorker(c, i + 2)]);
  const brokerLoops = market.brokers.flatMap((b) => [brokerWorker(b, 0), brokerWorker(b, 1)]);
  await Promise.all([...brokerLoops, ...tenantLoops]);
  return { acked, unanswered, failures };
}
