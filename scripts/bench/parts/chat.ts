import http from 'node:http';
import { randomBytes } from 'node:crypto';
import { setTimeout as sleep } from 'node:timers/promises';
import type { BenchContext, PartOutput } from '../lib/context.ts';
import { api, signIn } from '../lib/http.ts';
import { fmtMs, percentile } from '../lib/stats.ts';

const OWNER = '+251911000020';
/** Two demo tenants: the server allows 30 messages a minute per user, so 50 from one would wait. */
const TENANTS = ['+251911000010', '+251911000011'];
const MESSAGES = 50;
const PAUSE_MS = 300;
const TIMEOUT_MS = 10_000;
const TARGET_P95_MS = 1000;

interface Stream {
  /** Resolves at the next `message` event for this conversation. */
  next(conversationId: string): Promise<number>;
  close(): void;
}

/** The owner's event stream, read the way the web app's EventSource reads it. */
function openStream(url: string): Promise<Stream> {
  return new Promise((resolve, reject) => {
    const waiters = new Map<string, Array<(at: number) => void>>();
    const req = http.get(url, { headers: { accept: 'text/event-stream' } }, (res) => {
      if (res.statusCode !== 200) {
        reject(new Error(`the stream answered ${res.statusCode}`));
        res.resume();
        return;
      }
      res.setEncoding('utf8');
      let buffer = '';
      let ready = false;
      res.on('data', (chunk: string) => {
        const at = performance.now();
        buffer += chunk;
        let end;
        while ((end = buffer.indexOf('\n\n')) >= 0) {
          const frame = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = /^event: (.*)$/m.exec(frame)?.[1];
          const data = /^data: (.*)$/m.exec(frame)?.[1];
          // The first event (the unread count) comes after the server subscribed this stream.
          if (!ready && type) {
            ready = true;
            resolve(stream);
          }
          if (type === 'message' && data) {
            const id = (JSON.parse(data) as { conversation_id: string }).conversation_id;
            const list = waiters.get(id) ?? [];
            waiters.delete(id);
            for (const w of list) w(at);
          }
        }
      });
    });
    req.on('error', reject);
    const stream: Stream = {
      next: (conversationId) =>
        new Promise<number>((ok, fail) => {
          const timer = setTimeout(() => fail(new Error('no message event within 10 s')), TIMEOUT_MS);
          const list = waiters.get(conversationId) ?? [];
          list.push((at) => {
            clearTimeout(timer);
            ok(at);
          });
          waiters.set(conversationId, list);
        }),
      close: () => req.destroy(),
    };
  });
}

type Thread = { messages: Array<{ body_text: string }> };

/**
 * Tenants write to the demo owner; the owner holds the event stream open. For each message: the
 * time from sending to the owner's stream event, and to the owner's refetched thread holding the
 * text (what the open thread shows on that event).
 */
export async function chatPart(ctx: BenchContext): Promise<PartOutput> {
  const server = await ctx.demoServer();
  const base = server.url;
  const owner = await signIn(base, OWNER);
  const tenants = await Promise.all(TENANTS.map((phone) => signIn(base, phone)));
  const mine = await api<{ listings: Array<{ _id: string; visibility: string; admin_hidden: boolean }> }>(base, '/listings/my-listings', { token: owner });
  const listing = mine.listings.find((l) => l.visibility === 'live' && !l.admin_hidden);
  if (!listing) throw new Error(`the demo owner ${OWNER} has no live listing`);
  const conversations: string[] = [];
  for (const token of tenants) {
    const started = await api<{ conversation_id: string }>(base, '/conversations', {
      token,
      body: { listing_id: listing._id, initial_message: 'Selam! Is the house still free? When can I see it?' },
    });
    conversations.push(started.conversation_id);
  }
  const ticket = await api<{ stream_url: string }>(base, '/realtime/ticket', { token: owner, body: {} });
  const stream = await openStream(`${base}${ticket.stream_url}`);

  const toEvent: number[] = [];
  const toShown: number[] = [];
  let failures = 0;
  try {
    for (let i = 0; i < MESSAGES; i += 1) {
      const k = i % tenants.length;
      const conversationId = conversations[k]!;
      const text = `Message ${i + 1}: can I come on Saturday morning? (${randomBytes(4).toString('hex')})`;
      const event = stream.next(conversationId);
      const sent = performance.now();
      try {
        await api(base, `/conversations/${conversationId}/reply`, { token: tenants[k]!, body: { body: text } });
        const eventAt = await event;
        let shownAt = Number.NaN;
        for (let tries = 0; tries < 20 && Number.isNaN(shownAt); tries += 1) {
          const thread = await api<Thread>(base, `/conversations/${conversationId}/messages`, { token: owner });
          if (thread.messages.some((m) => m.body_text === text)) shownAt = performance.now();
          else await sleep(50);
        }
        if (Number.isNaN(shownAt)) throw new Error("the text never reached the owner's thread");
        toEvent.push(eventAt - sent);
        toShown.push(shownAt - sent);
      } catch (error) {
        event.catch(() => undefined);
        failures += 1;
        ctx.log(`  message ${i + 1} failed: ${error instanceof Error ? error.message : String(error)}`);
      }
      await sleep(PAUSE_MS);
    }
  } finally {
    stream.close();
  }
  const p50 = percentile(toShown, 50);
  const p95 = percentile(toShown, 95);
  ctx.log(
    `  ${toShown.length}/${MESSAGES} shown: p50 ${fmtMs(p50)}, p95 ${fmtMs(p95)}, max ${fmtMs(Math.max(...toShown))}; stream event p95 ${fmtMs(percentile(toEvent, 95))}`,
  );
  return {
    rows: {
      chat: {
        measured: `p50 ${fmtMs(p50)}, p95 ${fmtMs(p95)} (${toShown.length} of ${MESSAGES} messages${failures ? `, ${failures} failed` : ''})`,
        met: failures === 0 && p95 <= TARGET_P95_MS,
      },
    },
    details: [
      `${MESSAGES} messages from two demo tenants (the server allows 30 messages a minute per user), taken in turn,`,
      `${PAUSE_MS} ms apart, to the demo owner ${OWNER} about one of their listings; the owner's event stream open`,
      'throughout. Times from the send call leaving the client:',
      '',
      '| until | p50 | p95 | max |',
      '|---|---|---|---|',
      `| the owner's stream delivers the \`message\` event | ${fmtMs(percentile(toEvent, 50))} | ${fmtMs(percentile(toEvent, 95))} | ${fmtMs(Math.max(...toEvent))} |`,
      `| the owner's refetched thread holds the text | ${fmtMs(p50)} | ${fmtMs(p95)} | ${fmtMs(Math.max(...toShown))} |`,
      '',
      failures ? `${failures} messages failed (see the bench output).` : 'Every message arrived.',
    ].join('\n'),
  };
}
