/**
 * Soak test (`npm run test:soak`): a real server process, 200 concurrent clients
 * for 60 s on mixed calls (browse, detail, sign-in, purchases, contact unlocks, messages, reads).
 * Fails (exit 1) on any 5xx, any other unexpected answer or network error, or any lost write: after
 * the run the server is stopped with SIGTERM (it must exit 0) and the database is checked: every
 * acknowledged purchase, unlock and message is there, nothing is half applied and every balance
 * equals its ledger. Prints throughput, p50/p99 per kind of call and the server's memory (RSS).
 *
 *   npm run test:soak                          # embedded PGlite in a fresh DATA_DIR
 *   SOAK_PG=1 npm run test:soak                # PostgreSQL: a scratch database, dropped after
 *
 * Options (environment): SOAK_CLIENTS (200), SOAK_SECONDS (60), SOAK_PG_SERVER (the PostgreSQL
 * server for SOAK_PG, default postgres://postgres@127.0.0.1:5432/test).
 */
import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/db/client.ts';
import { auditLedger, emptyAcknowledged } from '../test/faults/ledger-audit.ts';
import {
  ApiClient,
  cpuSeconds,
  ipFor,
  phoneFor,
  rssMb,
  scratchPostgres,
  startReady,
  stopServer,
  testJpeg,
  type Answer,
} from '../test/faults/server-process.ts';

const CLIENTS = Number(process.env.SOAK_CLIENTS ?? 200);
const SECONDS = Number(process.env.SOAK_SECONDS ?? 60);
const USE_PG = ['1', 'true', 'yes'].includes(process.env.SOAK_PG ?? '');
const PG_SERVER = process.env.SOAK_PG_SERVER ?? 'postgres://postgres@127.0.0.1:5432/test';
const LANDLORDS = Math.max(2, Math.round(CLIENTS / 20));
const LISTINGS_EACH = 3;
/** The server's limit is 30 messages a minute per user; clients stay under it. */
const MESSAGES_PER_MINUTE = 25;
/** The server's limit is 30 codes an hour per address (one went to the first sign-up). */
const SIGNUPS_PER_CLIENT = 20;
const RUN = Math.floor(Math.random() * 90) + 5;

type Kind =
  | 'browse'
  | 'detail'
  | 'sign-in'
  | 'purchase'
  | 'unlock'
  | 'message'
  | 'read:wallet'
  | 'read:unlocks'
  | 'read:inbox'
  | 'read:thread'
  | 'read:status'
  | 'read:my-listings';

const latencies = new Map<Kind, number[]>();
const errors: string[] = [];
let errorCount = 0;
const acked = emptyAcknowledged();

function percentile(sorted: number[], p: number): number {
  if (!sorted.length) return Number.NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

/** One timed call; a non-2xx answer or a network error is an error of the run. */
async function timed(
  kind: Kind,
  client: ApiClient,
  method: string,
  url: string,
  body?: unknown,
  headers?: Record<string, string>,
): Promise<Answer | undefined> {
  const started = performance.now();
  try {
    const res = await client.call(method, url, body, headers);
    const list = latencies.get(kind) ?? [];
    list.push(performance.now() - started);
    latencies.set(kind, list);
    if (res.status < 200 || res.status > 299) {
      errorCount += 1;
      if (errors.length < 20) errors.push(`${kind} ${method} ${url}: ${res.status} ${JSON.stringify(res.body).slice(0, 200)}`);
      return undefined;
    }
    return res;
  } catch (error) {
    errorCount += 1;
    if (errors.length < 20) errors.push(`${kind} ${method} ${url}: ${(error as Error).message}`);
    return undefined;
  }
}

interface Tenant {
  client: ApiClient;
  credits: number;
  unlocked: Set<string>;
  conversations: string[];
  messageTimes: number[];
  signups: number;
  extraPhones: number;
}

interface Landlord {
  client: ApiClient;
  messageTimes: number[];
}

function mayMessage(times: number[]): boolean {
  const now = Date.now();
  while (times.length && now - times[0]! > 61_000) times.shift();
  if (times.length >= MESSAGES_PER_MINUTE) return false;
  times.push(now);
  return true;
}

const pick = <T>(xs: T[]): T => xs[Math.floor(Math.random() * xs.length)]!;

async function main() {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-soak-'));
  let scratch: { url: string; drop: () => Promise<void> } | undefined;
  if (USE_PG) {
    scratch = await scratchPostgres(PG_SERVER, 'soak');
  }
  const serverEnv: Record<string, string> = { DATA_DIR: dataDir, ...(scratch ? { DATABASE_URL: scratch.url } : {}) };
  const server = await startReady(serverEnv);
  const cleanup = async () => {
    if (server.child.exitCode === null && server.child.signalCode === null) server.child.kill('SIGKILL');
    await scratch?.drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
  try {
    console.log(
      `soak: ${CLIENTS} clients for ${SECONDS} s against a server process on ${scratch ? 'PostgreSQL (scratch database)' : 'embedded PGlite (DATA_DIR)'}`,
    );
    let n = 0;
    const nextClient = () => {
      n += 1;
      return new ApiClient(server.base, ipFor(n));
    };

    // The market: landlords with live listings (most show their phone).
    const setupStarted = performance.now();
    const landlords: Landlord[] = [];
    const listings: string[] = [];
    const showListings: string[] = [];
    await Promise.all(
      Array.from({ length: LANDLORDS }, async (_, l) => {
        const client = nextClient();
        await client.signUp(phoneFor(RUN, 900_000 + l), 'landlord', `Soak landlord ${l}`);
        landlords.push({ client, messageTimes: [] });
        for (let i = 0; i < LISTINGS_EACH; i++) {
          const contact = i === 2 ? 'hide' : 'show';
          const id = await client.createDraft(`Soak home ${l}-${i}`, await testJpeg(l * 7 + i), contact);
          await client.expectOk('POST', `/api/listings/${id}/publish`);
          listings.push(id);
          if (contact === 'show') showListings.push(id);
        }
      }),
    );
    // The tenants sign up at once (part of the load, not measured).
    const tenantCount = CLIENTS - LANDLORDS;
    const tenants: Tenant[] = await Promise.all(
      Array.from({ length: tenantCount }, async (_, t) => {
        const client = nextClient();
        await client.signUp(phoneFor(RUN, t * 100), 'tenant', `Soak tenant ${t}`);
        return { client, credits: 0, unlocked: new Set<string>(), conversations: [], messageTimes: [], signups: 0, extraPhones: 0 };
      }),
    );
    console.log(
      `setup: ${LANDLORDS} landlords, ${listings.length} live listings, ${tenantCount} tenants signed up in ${((performance.now() - setupStarted) / 1000).toFixed(1)} s`,
    );

    const rssBefore = rssMb(server.child.pid);
    const cpuBefore = cpuSeconds(server.child.pid);
    const started = performance.now();
    const deadline = Date.now() + SECONDS * 1000;
    let peakRss = rssBefore;
    const sampler = setInterval(() => (peakRss = Math.max(peakRss, rssMb(server.child.pid))), 1000);

    const tenantStep = async (t: Tenant) => {
      const r = Math.random();
      const c = t.client;
      if (r < 0.25) {
        const filters = ['', '&subcity=Bole', '&type=apartment', '&price_max=20000', '&q=Bole'];
        await timed('browse', c, 'GET', `/api/listings?visibility=live&limit=20${pick(filters)}`);
      } else if (r < 0.4) {
        await timed('detail', c, 'GET', `/api/listings/${pick(listings)}`);
      } else if (r < 0.43) {
        // Sign-in: a code and a new account from this client's address (the first phone's code
        // cooldown and hourly limit would refuse its own phone again within the run).
        if (t.signups >= SIGNUPS_PER_CLIENT) return;
        t.signups += 1;
        t.extraPhones += 1;
        const phone = phoneFor(RUN, tenants.indexOf(t) * 100 + t.extraPhones);
        const otp = await timed('sign-in', new ApiClient(server.base, c.ip), 'POST', '/api/auth/request-otp', { phone });
        if (!otp) return;
        await timed('sign-in', new ApiClient(server.base, c.ip), 'POST', '/api/auth/signup', {
          phone,
          code: otp.body.code,
          name: 'Soak extra',
          userType: 'tenant',
          acceptTerms: true,
        });
      } else if (r < 0.53) {
        const res = await timed('purchase', c, 'POST', '/api/purchase', { sku: 'CREDIT_SINGLE' }, { 'idempotency-key': randomUUID() });
        if (res) {
          acked.purchases.push({ phone: c.phone!, purchaseId: res.body.purchase_id });
          t.credits = res.body.credits;
        }
      } else if (r < 0.61) {
        const candidates = showListings.filter((id) => t.credits > 0 || t.unlocked.has(id));
        if (!candidates.length) return;
        const listingId = pick(candidates);
        const res = await timed('unlock', c, 'POST', `/api/listings/${listingId}/unlock-contact`);
        if (res) {
          acked.unlocks.push({ phone: c.phone!, listingId, usedCredit: res.body.used_credit });
          t.credits = res.body.credits;
          t.unlocked.add(listingId);
        }
      } else if (r < 0.71) {
        if (!mayMessage(t.messageTimes)) return;
        const text = `Is it still free? ${randomUUID().slice(0, 8)}`;
        if (t.conversations.length && Math.random() < 0.5) {
          const conversationId = pick(t.conversations);
          const res = await timed('message', c, 'POST', `/api/conversations/${conversationId}/reply`, { body: text });
          if (res) acked.messages.push({ messageId: res.body.message._id, conversationId, body: text });
        } else {
          const res = await timed('message', c, 'POST', '/api/conversations', { listing_id: pick(listings), initial_message: text });
          if (res) {
            acked.messages.push({ messageId: res.body.message._id, conversationId: res.body.conversation_id, body: text });
            if (!t.conversations.includes(res.body.conversation_id)) t.conversations.push(res.body.conversation_id);
          }
        }
      } else if (r < 0.76) {
        await timed('read:wallet', c, 'GET', '/api/wallet/balance');
      } else if (r < 0.81) {
        await timed('read:unlocks', c, 'GET', '/api/listings/unlocked/my-unlocks');
      } else if (r < 0.88) {
        await timed('read:inbox', c, 'GET', Math.random() < 0.5 ? '/api/conversations' : '/api/conversations/unread-count');
      } else if (r < 0.94) {
        if (!t.conversations.length) return;
        await timed('read:thread', c, 'GET', `/api/conversations/${pick(t.conversations)}/messages`);
      } else {
        await timed('read:status', c, 'POST', '/api/listings/batch-unlock-status', { listing_ids: listings.slice(0, 20) });
      }
    };

    const landlordStep = async (l: Landlord) => {
      const c = l.client;
      const inbox = await timed('read:inbox', c, 'GET', '/api/conversations');
      const conversations = (inbox?.body.conversations ?? []) as Array<{ _id: string }>;
      if (conversations.length && mayMessage(l.messageTimes)) {
        const conversationId = pick(conversations)._id;
        const text = `Yes, call me at 0911 22 33 44 ${randomUUID().slice(0, 8)}`;
        const res = await timed('message', c, 'POST', `/api/conversations/${conversationId}/reply`, { body: text });
        if (res) acked.messages.push({ messageId: res.body.message._id, conversationId, body: text });
      }
      await timed('read:my-listings', c, 'GET', '/api/listings/my-listings');
    };

    await Promise.all([
      ...tenants.map(async (t) => {
        while (Date.now() < deadline) await tenantStep(t);
      }),
      ...landlords.map(async (l) => {
        while (Date.now() < deadline) await landlordStep(l);
      }),
    ]);
    clearInterval(sampler);
    const elapsed = (performance.now() - started) / 1000;
    const rssAfter = rssMb(server.child.pid);
    const serverCpu = cpuSeconds(server.child.pid) - cpuBefore;

    const exit = await stopServer(server);
    const database = await openDatabase(scratch ? { url: scratch.url } : { dataDir });
    const problems = await auditLedger(database, acked).finally(() => database.close());

    const all = [...latencies.values()].flat().sort((a, b) => a - b);
    const total = all.length;
    console.log(
      `\n${total} calls in ${elapsed.toFixed(1)} s: ${(total / elapsed).toFixed(0)} calls/s; p50 ${percentile(all, 50).toFixed(1)} ms, p99 ${percentile(all, 99).toFixed(1)} ms, max ${percentile(all, 100).toFixed(0)} ms`,
    );
    console.log('kind            calls    p50 ms   p99 ms');
    for (const [kind, list] of [...latencies.entries()].sort()) {
      const sorted = [...list].sort((a, b) => a - b);
      console.log(
        `${kind.padEnd(14)} ${String(sorted.length).padStart(6)} ${percentile(sorted, 50).toFixed(1).padStart(9)} ${percentile(sorted, 99).toFixed(1).padStart(8)}`,
      );
    }
    console.log(
      `server CPU: ${serverCpu.toFixed(1)} s in ${elapsed.toFixed(1)} s (${((serverCpu / elapsed) * 100).toFixed(0)}% of one core), ` +
        `${((serverCpu * 1000) / total).toFixed(1)} ms per call; machine load average ${os.loadavg()[0]!.toFixed(1)} on ${os.cpus().length} cores`,
    );
    console.log(`server RSS: ${rssBefore} MB before, ${rssAfter} MB after, ${peakRss} MB peak`);
    console.log(`acknowledged writes: ${acked.purchases.length} purchases, ${acked.unlocks.length} unlocks, ${acked.messages.length} messages`);
    console.log(`errors (non-2xx or network): ${errorCount}`);
    for (const e of errors) console.log(`  ${e}`);
    console.log(`server exit after SIGTERM: ${JSON.stringify(exit)}`);
    console.log(
      `database check: ${problems.length ? `${problems.length} problems` : 'every acknowledged write stored, nothing half applied, balances equal ledgers'}`,
    );
    for (const p of problems.slice(0, 20)) console.log(`  ${p}`);

    const failed = errorCount > 0 || problems.length > 0 || exit.code !== 0 || total === 0;
    console.log(failed ? '\nSOAK FAILED' : '\nSOAK PASSED');
    process.exitCode = failed ? 1 : 0;
  } finally {
    await cleanup();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
