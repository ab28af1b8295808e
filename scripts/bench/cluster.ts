// Figures of several servers behind nginx (docs/performance.md, "Two servers behind nginx"):
//   node --import tsx scripts/bench/cluster.ts      (npm run bench:cluster)
// PostgreSQL with 100,000 bulk-seeded listings (the bench's seed, kept between runs), Redis (a key
// prefix of its own), an S3 server (s3rver) and Debian's nginx with deploy/nginx/betoch-proxy.conf.
// Measures, with autocannon in its own process: one server alone, then two behind nginx, each
// with browse calls over a generated list of varied filters (not one cached URL) and the health
// check as the ceiling of the path; then a 12-megapixel photo uploaded to one server until the
// other serves it, and chat messages sent to one server until they arrive on a stream held by the
// other. Prints the section as Markdown.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { LISTING_TYPES, SUBCITIES } from '@betoch/contracts/constants';
import { postgresBulk } from './lib/datasets.ts';
import { runLoad, type LoadResult } from './lib/load-client.ts';
import { loadAverage } from './lib/machine.ts';
import { makeTestPhoto } from './lib/test-photo.ts';
import {
  ApiClient,
  freePort,
  ipFor,
  phoneFor,
  startServer,
  stopServer,
  testJpeg,
  waitReady,
  type ServerProcess,
} from '../../apps/api/test/faults/server-process.ts';
import { startS3Server } from '../../apps/api/test/support/s3-server.ts';
import { BalancedClient, startBalancer } from '../../apps/api/test/cluster/nginx-balancer.ts';

const ADMIN_URL = process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const REDIS_URL = process.env.REDIS_URL ?? 'redis://127.0.0.1:6379';
const BENCH_DIR = path.join(os.tmpdir(), 'betoch-bench');
const SECONDS = 10;
const CONNECTIONS = 10;
const log = (line: string) => console.error(line);

/** Browse calls over many filter combinations: subcity x type x price band, some searches, pages. */
function browsePaths(): string[] {
  const bands = [
    ['', ''],
    ['', '15000'],
    ['10000', '40000'],
    ['30000', ''],
  ];
  const paths: string[] = [];
  for (const subcity of SUBCITIES) {
    for (const type of LISTING_TYPES) {
      const [min, max] = bands[(paths.length * 7) % bands.length]!;
      const q = new URLSearchParams({ visibility: 'live', subcity, type, limit: '20' });
      if (min) q.set('price_min', min);
      if (max) q.set('price_max', max);
      paths.push(`/api/listings?${q}`);
    }
  }
  for (const word of ['bole', 'cmc', 'sarbet', 'piassa', 'megenagna', 'ayat', 'summit', 'kazanchis'])
    paths.push(`/api/listings?visibility=live&q=${word}&limit=20`);
  for (const subcity of SUBCITIES) paths.push(`/api/listings?visibility=live&subcity=${encodeURIComponent(subcity)}&limit=20`);
  paths.push('/api/listings?visibility=live&limit=20');
  return paths;
}

function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)]!;
}

function row(name: string, r: LoadResult): string {
  const l = r.latency;
  const failed = r.non2xx + r.errors + r.timeouts;
  return `| ${name} | ${Math.round(r.requestsPerSecond).toLocaleString('en-US')} | ${l.p50} ms | ${l.p99} ms | ${l.max} ms | ${r.total.toLocaleString('en-US')} | ${failed} |`;
}

async function main(): Promise<void> {
  const started = Date.now();
  const loadBefore = loadAverage();
  const seeded = await postgresBulk(ADMIN_URL, BENCH_DIR, 100_000, false, log);
  const s3 = await startS3Server();
  const prefix = `betoch-bench-cluster:${randomUUID()}:`;
  const env = {
    DATABASE_URL: seeded.databaseUrl!,
    REDIS_URL,
    REDIS_KEY_PREFIX: prefix,
    ...s3.env,
    TRUST_PROXY: '1',
    LOG_LEVEL: 'info',
    NODE_ENV: 'production',
  };
  const servers: ServerProcess[] = [];
  const lines: string[] = [];
  try {
    const a = startServer(await freePort(), env);
    servers.push(a);
    await waitReady(a, 180_000);
    const paths = browsePaths();
    const load = (base: string, list: string[]) => runLoad({ base, paths: list, connections: CONNECTIONS, duration: SECONDS });
    log('warm-up and one server ...');
    await load(a.base, paths);
    const oneHealth = await load(a.base, ['/api/healthz']);
    const oneBrowse = await load(a.base, paths);

    const b = startServer(await freePort(), env);
    servers.push(b);
    await waitReady(b, 180_000);
    const balancer = await startBalancer(await freePort(), [a.port, b.port]);
    try {
      log('two servers behind nginx ...');
      await load(balancer.base, paths);
      const twoHealth = await load(balancer.base, ['/api/healthz']);
      const twoBrowse = await load(balancer.base, paths);

      log('photo upload to visible on the other server ...');
      const run = process.pid % 97;
      const owner = new ApiClient(a.base, ipFor(60_001));
      await owner.signUp(phoneFor(run, 60_001), 'landlord');
      const photo = fs.readFileSync(await makeTestPhoto(BENCH_DIR));
      const visible: number[] = [];
      for (let i = 0; i < 5; i++) {
        const t0 = performance.now();
        const key = await owner.uploadPhoto(photo);
        for (;;) {
          const res = await fetch(`${b.base}/media/${key}/320.webp`);
          if (res.ok) {
            await res.arrayBuffer();
            break;
          }
          await new Promise((r) => setTimeout(r, 5));
        }
        visible.push(Math.round(performance.now() - t0));
      }

      log('chat across servers ...');
      const listingId = await owner.createDraft('Bench cluster home', await testJpeg(3));
      await owner.expectOk('POST', `/api/listings/${listingId}/publish`);
      const ownerOnB = new BalancedClient({ port: b.port }, '127.0.0.1');
      ownerOnB.token = owner.token;
      const stream = await ownerOnB.openStream();
      // Five tenants (one may send 30 messages a minute), each in a conversation of its own.
      const tenants: Array<{ client: ApiClient; conversationId: string }> = [];
      for (let i = 0; i < 5; i++) {
        const client = new ApiClient(a.base, ipFor(60_010 + i));
        await client.signUp(phoneFor(run, 60_010 + i), 'tenant');
        const answer = await client.expectOk('POST', '/api/conversations', { listing_id: listingId, initial_message: 'Hello, is it free?' });
        tenants.push({ client, conversationId: answer.conversation_id as string });
      }
      await new Promise((r) => setTimeout(r, 300));
      const messageEvents = () => stream.events.filter((e) => e.type === 'message').length;
      const delivery: number[] = [];
      for (let i = 0; i < 100; i++) {
        const { client, conversationId } = tenants[i % tenants.length]!;
        const before = messageEvents();
        const t0 = Date.now();
        await client.expectOk('POST', `/api/conversations/${conversationId}/reply`, { body: `Message ${i}` });
        while (messageEvents() <= before) await new Promise((r) => setTimeout(r, 1));
        delivery.push(stream.events.filter((e) => e.type === 'message').at(-1)!.at - t0);
        await new Promise((r) => setTimeout(r, 20));
      }
      stream.close();
      ownerOnB.close();

      lines.push(
        `Run ${new Date().toISOString().slice(0, 16).replace('T', ' ')} UTC, load average ${loadBefore} before, ${Math.round((Date.now() - started) / 1000)} s (\`npm run bench:cluster\`, scripts/bench/cluster.ts).`,
        '',
        `PostgreSQL with 100,000 listings (the bench's seed), Redis, s3rver for photos; servers unpinned on the machine's ${os.availableParallelism()} cores, autocannon in its own process pinned to core 1, ${CONNECTIONS} connections, ${SECONDS} s per run after a ${SECONDS} s warm-up. Browse: ${paths.length} generated URLs taken in turn (every subcity x type with a price band, place searches, each subcity alone, the newest).`,
        '',
        '| load | requests/s | p50 | p99 | max | requests | failed |',
        '|---|---|---|---|---|---|---|',
        row('one server: health check (the ceiling)', oneHealth),
        row('one server: browse, varied filters', oneBrowse),
        row('two servers behind nginx: health check (the ceiling)', twoHealth),
        row('two servers behind nginx: browse, varied filters', twoBrowse),
        '',
        `Photo upload to visible on the other server (a 4000 x 3000 JPEG, 3.8 MB, uploaded to one server; the time until the other serves its 320 px size from the bucket), 5 runs: ${visible.map((v) => `${v} ms`).join(', ')}; median ${percentile(visible, 50)} ms.`,
        '',
        `Chat delivery across servers (a message sent to one server, its event arriving on a stream held by the other, through Redis), 100 messages: p50 ${percentile(delivery, 50)} ms, p95 ${percentile(delivery, 95)} ms, max ${Math.max(...delivery)} ms.`,
      );
    } finally {
      await balancer.stop();
    }
  } finally {
    await Promise.all(servers.map((s) => stopServer(s, 20_000)));
    await s3.close();
    await seeded.drop();
    const { Redis } = await import('ioredis');
    const redis = new Redis(REDIS_URL);
    const keys = await redis.keys(`${prefix}*`);
    if (keys.length) await redis.del(...keys);
    await redis.quit();
  }
  console.log(lines.join('\n'));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
