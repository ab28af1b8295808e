// Telegram figures (docs/telegram.md, docs/performance.md):
//   node --import tsx scripts/bench/telegram.ts  [-- --messages=900]
// Against the local Bot API (apps/api/scripts/local-telegram-bot-api.ts) and the app built as the
// server builds it (in-memory PGlite, the demo market seeded, TELEGRAM_CHANNEL_ID set):
// 1. messages a second sustained through the send queue (rows in telegram_outbox, leased, sent,
//    marked) to distinct chats, at the queue's Telegram pace (30 a second) and without the pacer
//    (what the queue itself can carry);
// 2. the delay from a listing's publish (the commit, after which the publish calls the channel's
//    afterPublish) to the channel post arriving at the Bot API, one listing at a time (the channel
//    pace is 20 posts a minute, so the posts are 3.1 s apart).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { buildApp } from '../../apps/api/src/app.ts';
import { loadEnv } from '../../apps/api/src/config/env.ts';
import { openDatabase } from '../../apps/api/src/db/client.ts';
import { createBotApi } from '../../apps/api/src/modules/telegram/bot-api-client.ts';
import { createTelegramQueue } from '../../apps/api/src/modules/telegram/telegram-queue.ts';
import { startLocalTelegramBotApi } from '../../apps/api/scripts/local-telegram-bot-api.ts';

const { values } = parseArgs({ options: { messages: { type: 'string', default: '900' }, posts: { type: 'string', default: '10' } } });
const MESSAGES = Number(values.messages);
const POSTS = Number(values.posts);
const TOKEN = '123456789:AAbench-betoch-bot-token-for-bench';
const CHANNEL = '@betoch_bench_channel';
const log = (line: string) => console.error(line);
const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

function quantile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))]!;
}

const bot = await startLocalTelegramBotApi({ token: TOKEN });
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-bench-tg-'));
const env = loadEnv({
  APP_MODE: 'demo',
  SEED_DEMO: 'true',
  LOG_LEVEL: 'silent',
  DATA_DIR: dataDir,
  WEB_DIST: '/nonexistent-web-dist',
  PUBLIC_URL: 'https://betoch.example',
  TELEGRAM_BOT_TOKEN: TOKEN,
  TELEGRAM_BOT_USERNAME: 'betoch_bench_bot',
  TELEGRAM_WEBHOOK_SECRET: 'bench-webhook-secret-0000',
  TELEGRAM_API_BASE: bot.url,
  TELEGRAM_CHANNEL_ID: CHANNEL,
});
const database = await openDatabase({});
const built = await buildApp(env, { database, logger: false });
await built.app.ready();
const queue = built.telegram.queue!;
const channel = built.telegram.channel!;

async function throughput(label: string, q: typeof queue, offset: number): Promise<number> {
  for (let i = 0; i < MESSAGES; i++) {
    await q.enqueue({
      kind: 'bench',
      method: 'sendMessage',
      params: { chat_id: offset + i, text: `Bench message ${i}` },
      userId: null,
      dedupeKey: `bench:${label}:${i}`,
    });
  }
  const before = bot.messages.length;
  const started = performance.now();
  const sent = await q.drain();
  const seconds = (performance.now() - started) / 1000;
  const rate = sent / seconds;
  log(`${label}: ${sent} messages in ${seconds.toFixed(2)} s = ${rate.toFixed(1)} messages/s (${bot.messages.length - before} reached the Bot API)`);
  return rate;
}

const paced = await throughput('queue at the Telegram pace (30/s)', queue, 1_000_000);
const raw = createTelegramQueue({
  db: database.db,
  api: createBotApi({ apiBase: bot.url, token: TOKEN, timeoutMs: 5000 }),
  now: () => new Date(),
  log: built.ctx.log,
  maxPerSecond: 1_000_000,
});
const unpaced = await throughput('queue without the pacer', raw, 2_000_000);

// Publish -> channel post.
const rows = await database.sql.query<{ id: string; title: string }>(
  `SELECT id, title FROM listings WHERE visibility = 'live' AND admin_hidden = false AND cover_photo IS NOT NULL ORDER BY id LIMIT ${POSTS}`,
);
const delays: number[] = [];
for (const row of rows) {
  await database.sql.query('DELETE FROM telegram_channel_posts WHERE listing_id = $1', [row.id]);
  await database.sql.query('UPDATE listings SET published_at = now() WHERE id = $1', [row.id]);
  const before = bot.messagesTo(CHANNEL).length;
  const started = performance.now();
  await channel.afterPublish(row.id);
  await bot.waitFor(() => bot.messagesTo(CHANNEL).length > before, 10_000);
  delays.push(performance.now() - started);
  await sleep(3100);
}
delays.sort((a, b) => a - b);
log(
  `publish -> channel post: ${delays.length} posts, median ${quantile(delays, 0.5).toFixed(1)} ms, p95 ${quantile(delays, 0.95).toFixed(1)} ms, max ${delays.at(-1)!.toFixed(1)} ms`,
);
console.log(
  JSON.stringify({
    messagesPerSecondPaced: Number(paced.toFixed(1)),
    messagesPerSecondUnpaced: Number(unpaced.toFixed(1)),
    channelDelayMs: {
      median: Number(quantile(delays, 0.5).toFixed(1)),
      p95: Number(quantile(delays, 0.95).toFixed(1)),
      max: Number(delays.at(-1)!.toFixed(1)),
    },
  }),
);

await built.app.close();
await database.close();
await bot.close();
fs.rmSync(dataDir, { recursive: true, force: true });
