import { randomUUID } from 'node:crypto';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { openDatabase, type Database } from '../../src/db/client.ts';
import { listJobRuns } from '../../src/jobs/job-runs.repository.ts';
import { auditLedger, emptyAcknowledged } from '../faults/ledger-audit.ts';
import { freePort, phoneFor, scratchPostgres, startReady, stopServer, type ServerProcess } from '../faults/server-process.ts';
import { REDIS_URL } from '../support/redis.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import { BalancedClient, startBalancer, type Balancer, type Reply } from './nginx-balancer.ts';

/**
 * Several servers behind a load balancer, for real: nginx (Debian's package, with the repository's
 * deploy/nginx/betoch-proxy.conf) in front of two API processes on one PostgreSQL database, sharing
 * Redis (a key prefix of their own) and an S3-compatible bucket (s3rver). Every call goes through
 * nginx; each answer says which server made it, so the tests can cross servers on purpose.
 * npm run test:cluster (not part of npm test).
 */
const POSTGRES = process.env.CLUSTER_DATABASE_URL ?? process.env.TEST_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const prefix = `betoch-cluster:${randomUUID()}:`;
const run = process.pid % 97;
let n = 0;
const freshPhone = () => phoneFor(run, 500 + ++n);
let addressCount = 0;
/** A client address of its own on the loopback network. */
const freshAddress = () => {
  addressCount++;
  return `127.77.${addressCount >> 8}.${addressCount & 255 || 1}`;
};

let s3: TestS3Server;
let pgScratch: { url: string; drop: () => Promise<void> };
let database: Database;
let balancer: Balancer;
const servers: ServerProcess[] = [];
const clients: BalancedClient[] = [];

function client(): BalancedClient {
  const c = new BalancedClient(balancer, freshAddress());
  clients.push(c);
  return c;
}

/** Calls `send` until a server other than `notFrom` answers (round robin: the next call or the one after). */
async function fromOtherServer(notFrom: string, send: () => Promise<Reply>): Promise<Reply> {
  for (let i = 0; i < 6; i++) {
    const res = await send();
    if (res.upstream && res.upstream !== notFrom) return res;
  }
  throw new Error(`every answer came from ${notFrom}`);
}

beforeAll(async () => {
  [s3, pgScratch] = await Promise.all([startS3Server(), scratchPostgres(POSTGRES, 'cluster')]);
  const env = {
    DATABASE_URL: pgScratch.url,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    ...s3.env,
    // One proxy (nginx) in front: its X-Forwarded-For is the client's address.
    TRUST_PROXY: '1',
    JWT_SECRET: 'cluster-test-secret-cluster-test-secret-0123456789',
    // Each server looks for due jobs every second: any double run would show.
    JOB_CHECK_EVERY_MS: '1000',
    LOG_LEVEL: 'warn',
  };
  await Promise.all([startReady(env, servers), startReady(env, servers)]);
  balancer = await startBalancer(
    await freePort(),
    servers.map((s) => s.port),
  );
  database = await openDatabase({ url: pgScratch.url, poolSize: 2 });
}, 150_000);

afterAll(async () => {
  for (const c of clients) c.close();
  await balancer?.stop();
  await Promise.all(servers.map((s) => stopServer(s, 10_000)));
  await database?.close();
  await pgScratch?.drop();
  await s3?.close();
  const { Redis } = await import('ioredis');
  const redis = new Redis(REDIS_URL);
  const keys = await redis.keys(`${prefix}*`);
  if (keys.length) await redis.del(...keys);
  await redis.quit();
}, 60_000);

describe('two API servers behind nginx on one PostgreSQL, Redis and S3', () => {
  let owner: BalancedClient;
  let tenant: BalancedClient;
  let listingId: string;

  it('both servers answer through the balancer, taking calls in turn', async () => {
    owner = client();
    await owner.signUp(freshPhone(), 'landlord');
    tenant = client();
    await tenant.signUp(freshPhone(), 'tenant');
    const seen = new Set<string>();
    for (let i = 0; i < 4; i++) seen.add((await owner.ok('GET', '/api/healthz')).upstream);
    expect(seen).toEqual(new Set(servers.map((s) => `127.0.0.1:${s.port}`)));
  });

  it('a photo uploaded through one server shows through the other, from the shared bucket', async () => {
    // A phone-sized photo (about 1 MB of noise): nginx reads it whole to a temporary file first.
    const noise = Buffer.alloc(1200 * 900 * 3);
    for (let i = 0; i < noise.length; i++) noise[i] = (i * 2654435761) >>> 24;
    const jpeg = await sharp(noise, { raw: { width: 1200, height: 900, channels: 3 } })
      .jpeg({ quality: 95 })
      .toBuffer();
    expect(jpeg.length).toBeGreaterThan(200_000);
    const uploaded = await owner.upload(jpeg);
    expect(uploaded.status).toBe(201);
    const size = uploaded.body.sizes[0] as { url: string; width: number };
    expect(size.url).toMatch(/^\/media\//);
    const shown = await fromOtherServer(uploaded.upstream, () => owner.call('GET', size.url));
    expect(shown.status).toBe(200);
    expect(shown.headers['cache-control']).toContain('immutable');
    expect((await sharp(shown.raw).metadata()).width).toBe(size.width);

    // And a listing with it, published through whichever server, shows it to a visitor everywhere.
    const draft = await owner.ok('POST', '/api/listings', {
      title: 'Cluster test home near Bole',
      description: 'A bright home near the main road with water tank, parking and a guard.',
      type: 'apartment',
      price_etb: 18000,
      bedrooms: 2,
      bathrooms: 1,
      area_sqm: 80,
      specific_location: 'Near Bole Atlas',
      subcity: 'Bole',
      contact_preference: 'show',
    });
    listingId = draft.body.listing._id as string;
    await owner.ok('PATCH', `/api/listings/${listingId}`, { photos: [uploaded.body.key] });
    await owner.ok('POST', `/api/listings/${listingId}/publish`);
    for (let i = 0; i < 2; i++) {
      const seen = await client().ok('GET', `/api/listings/${listingId}`);
      expect(seen.body.listing.photos[0].key).toBe(uploaded.body.key);
    }
  });

  it('a chat message sent through one server arrives live on a stream held by the other', async () => {
    const stream = await owner.openStream();
    expect(stream.status).toBe(200);
    const first = await tenant.ok('POST', '/api/conversations', { listing_id: listingId, initial_message: 'Is it still free?' });
    const conversationId = first.body.conversation_id as string;
    await expect.poll(() => stream.events.some((e) => e.type === 'message' && e.data.conversation_id === conversationId), { timeout: 5000 }).toBe(true);

    for (let i = 0; i < 2; i++) {
      const before = stream.events.filter((e) => e.type === 'message').length;
      const sentAt = Date.now();
      const sent = await fromOtherServer(stream.upstream, () =>
        tenant.call('POST', `/api/conversations/${conversationId}/reply`, { body: `When can I visit? ${i}` }),
      );
      expect(sent.status).toBe(200);
      expect(sent.upstream).not.toBe(stream.upstream);
      await expect.poll(() => stream.events.filter((e) => e.type === 'message').length, { timeout: 5000 }).toBeGreaterThan(before);
      const arrived = stream.events.filter((e) => e.type === 'message').at(-1)!;
      expect(arrived.data.conversation_id).toBe(conversationId);
      expect(arrived.at - sentAt).toBeLessThan(2000);
    }
    stream.close();
  });

  it("nginx's access log names the request id, the app server, its status and the times", async () => {
    const res = await owner.ok('GET', '/api/healthz');
    const requestId = String(res.headers['x-request-id']);
    expect(requestId).toMatch(/^[0-9a-f]{32}$/);
    // nginx names no version.
    expect(res.headers.server).toBe('nginx');
    await expect.poll(() => balancer.accessLog().includes(`rid=${requestId}`), { timeout: 3000 }).toBe(true);
    const line = balancer
      .accessLog()
      .split('\n')
      .find((l) => l.includes(`rid=${requestId}`))!;
    expect(line).toContain('"GET /api/healthz HTTP/1.1" status=200');
    expect(line).toContain(`upstream=${res.upstream} ustatus=200`);
    expect(line).toMatch(/ rt=\d+\.\d{3} uct=\d+\.\d{3} urt=\d+\.\d{3} /);
    expect(line).toContain(`client=${owner.address}`);
    // /metrics is not for the public side of nginx.
    expect((await owner.call('GET', '/metrics')).status).toBe(404);
  });

  it('a hung server (SIGSTOP) is skipped: every read is answered by the other within the 5 s limit', async () => {
    const hung = servers[1]!;
    const other = `127.0.0.1:${servers[0]!.port}`;
    hung.child.kill('SIGSTOP');
    try {
      const times: number[] = [];
      for (let i = 0; i < 6; i++) {
        const started = Date.now();
        const res = await owner.ok('GET', '/api/listings?limit=1');
        times.push(Date.now() - started);
        // The upstream field lists the hung server first when the call tried it, then the answerer.
        expect(res.upstream.split(', ').at(-1)).toBe(other);
      }
      // The call that meets the hung server waits out the read limit (5 s) and moves on; the hung
      // server is then left out for 10 s, so the other calls go straight to the other.
      expect(Math.max(...times), JSON.stringify(times)).toBeLessThan(7000);
      expect(times.filter((ms) => ms >= 1000).length, JSON.stringify(times)).toBeLessThanOrEqual(1);
    } finally {
      hung.child.kill('SIGCONT');
    }
    // Both answer again once the server runs and its 10 s are over.
    await new Promise((r) => setTimeout(r, 10_500));
    const seen = new Set<string>();
    await expect
      .poll(
        async () => {
          seen.add((await owner.ok('GET', '/api/healthz')).upstream);
          return seen.size;
        },
        { timeout: 15_000, interval: 200 },
      )
      .toBe(2);
  }, 60_000);

  it("'sign out on every device' through one server ends the stream held by the other at once", async () => {
    const user = client();
    await user.signUp(freshPhone(), 'tenant');
    const stream = await user.openStream();
    expect(stream.status).toBe(200);
    await expect.poll(() => stream.events.some((e) => e.type === 'unread'), { timeout: 5000 }).toBe(true);
    const other = servers.find((s) => `127.0.0.1:${s.port}` !== stream.upstream)!;
    const at = Date.now();
    // Straight to the other server (not through nginx), so it is that one for sure.
    const res = await fetch(`${other.base}/api/account/sign-out-everywhere`, { method: 'POST', headers: { authorization: `Bearer ${user.token}` } });
    expect(res.status).toBe(200);
    await Promise.race([stream.ended, new Promise((_, reject) => setTimeout(() => reject(new Error('stream still open after 2 s')), 2000))]);
    expect(Date.now() - at).toBeLessThan(2000);
  });

  it('the resend cooldown holds across both servers', async () => {
    const phone = freshPhone();
    const someone = client();
    const first = await someone.call('POST', '/api/auth/request-otp', { phone });
    expect(first.status).toBe(200);
    const again = await fromOtherServer(first.upstream, () => someone.call('POST', '/api/auth/request-otp', { phone }));
    expect(again.status).toBe(429);
    expect(again.body).toMatchObject({ error: 'cooldown_active' });
  });

  it('the per-address code limit counts calls to both servers: 30 an hour, then both refuse', async () => {
    const someone = client();
    const answeredBy = new Set<string>();
    for (let i = 0; i < 30; i++) {
      const res = await someone.call('POST', '/api/auth/request-otp', { phone: freshPhone() });
      expect(res.status, `code ${i + 1}: ${JSON.stringify(res.body)}`).toBe(200);
      answeredBy.add(res.upstream);
    }
    expect(answeredBy.size).toBe(2);
    const refusedBy = new Set<string>();
    for (let i = 0; i < 2; i++) {
      const res = await someone.call('POST', '/api/auth/request-otp', { phone: freshPhone() });
      expect(res.body).toMatchObject({ error: 'rate_limited' });
      refusedBy.add(res.upstream);
    }
    expect(refusedBy.size).toBe(2);
    // Another address (another client behind the same balancer) is not affected.
    expect((await client().call('POST', '/api/auth/request-otp', { phone: freshPhone() })).status).toBe(200);
  });

  it('killing one server mid-burst loses no answered write, and the balancer moves on to the other', async () => {
    const tenants: BalancedClient[] = [];
    for (let i = 0; i < 4; i++) {
      const t = client();
      await t.signUp(freshPhone(), 'tenant');
      tenants.push(t);
    }
    const acked = emptyAcknowledged();
    const victim = servers[1]!;
    let killedAt = 0;
    const failures: Array<{ status: number; at: number }> = [];
    let afterKill = 0;
    const worker = async (t: BalancedClient) => {
      while (acked.purchases.length < 240) {
        let res: Reply;
        try {
          res = await t.call('POST', '/api/purchase', { sku: 'CREDIT_SINGLE' }, { 'idempotency-key': randomUUID() });
        } catch {
          failures.push({ status: 0, at: Date.now() });
          continue;
        }
        if (res.status === 200) {
          acked.purchases.push({ phone: t.phone!, purchaseId: res.body.purchase_id as string });
          if (killedAt) afterKill++;
        } else failures.push({ status: res.status, at: Date.now() });
        if (!killedAt && acked.purchases.length >= 60) {
          killedAt = Date.now();
          victim.child.kill('SIGKILL');
        }
      }
    };
    await Promise.all(tenants.flatMap((t) => [worker(t), worker(t)]));
    await victim.exited;

    expect(killedAt).toBeGreaterThan(0);
    expect(afterKill).toBeGreaterThanOrEqual(150);
    // Only calls caught in flight when the server died may fail (never acknowledged); from a
    // moment after the kill on, every call is answered by the survivor.
    const late = failures.filter((f) => f.at > killedAt + 1000);
    expect(late, JSON.stringify(failures)).toEqual([]);
    expect(failures.length).toBeLessThanOrEqual(8);
    expect(await auditLedger(database, acked)).toEqual([]);
    const survivor = `127.0.0.1:${servers[0]!.port}`;
    for (let i = 0; i < 3; i++) expect((await tenants[0]!.ok('GET', '/api/healthz')).upstream).toBe(survivor);
  });

  it('each periodic job ran once, though both servers looked for due jobs every second', async () => {
    const rows = await listJobRuns(database.db);
    // Every job the servers run (the list grows with the product) ran once between them, without error.
    expect(rows.map((r) => r.name)).toEqual(expect.arrayContaining(['account-exports', 'alert-check', 'auth-sweep', 'data-retention', 'orphan-photo-sweep']));
    expect(rows.map((r) => [r.name, r.runs, r.last_error])).toEqual(rows.map((r) => [r.name, 1, null]));
  });
});
