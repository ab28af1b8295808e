import http from 'node:http';
import type { AddressInfo } from 'node:net';
import type { FastifyInstance } from 'fastify';
import type { SignedIn } from '../support/login.ts';

export interface SseEvent {
  type: string;
  data: unknown;
  /** When it arrived (ms since epoch). */
  at: number;
}

/** An open event stream read the way a browser's EventSource reads it. */
export interface SseStream {
  status: number;
  headers: http.IncomingHttpHeaders;
  events: SseEvent[];
  /** Every byte received, as text (for scans). */
  raw: () => string;
  comments: () => number;
  retry: () => number | undefined;
  /** Resolves with the first event (already received or coming) that matches, or rejects after timeoutMs. */
  next: (match: (e: SseEvent) => boolean, timeoutMs?: number) => Promise<SseEvent>;
  ended: Promise<void>;
  close: () => void;
}

/** Starts the app on a free local port (once) and answers its base URL. */
export async function listen(app: FastifyInstance): Promise<string> {
  if (!app.server.listening) await app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = app.server.address() as AddressInfo;
  return `http://127.0.0.1:${port}`;
}

/** POST /api/realtime/ticket through the real server. */
export async function ticketFor(baseUrl: string, user: SignedIn): Promise<string> {
  const res = await fetch(`${baseUrl}/api/realtime/ticket`, { method: 'POST', headers: user.auth });
  if (res.status !== 200) throw new Error(`ticket failed: ${res.status} ${await res.text()}`);
  return ((await res.json()) as { ticket: string }).ticket;
}

export function openStream(baseUrl: string, query: string, headers: Record<string, string> = {}): Promise<SseStream> {
  return new Promise((resolve, reject) => {
    const req = http.get(`${baseUrl}/api/realtime/stream${query}`, { headers: { accept: 'text/event-stream', ...headers } }, (res) => {
      let buffer = '';
      let raw = '';
      let comments = 0;
      let retry: number | undefined;
      const events: SseEvent[] = [];
      const waiters: Array<{ match: (e: SseEvent) => boolean; resolve: (e: SseEvent) => void }> = [];
      res.setEncoding('utf8');
      res.on('data', (chunk: string) => {
        raw += chunk;
        buffer += chunk;
        let cut: number;
        while ((cut = buffer.indexOf('\n\n')) >= 0) {
          const block = buffer.slice(0, cut);
          buffer = buffer.slice(cut + 2);
          let type = 'message';
          const data: string[] = [];
          let hasData = false;
          for (const line of block.split('\n')) {
            if (line.startsWith(':')) comments += 1;
            else if (line.startsWith('event: ')) type = line.slice(7);
            else if (line.startsWith('data: ')) {
              data.push(line.slice(6));
              hasData = true;
            } else if (line.startsWith('retry: ')) retry = Number(line.slice(7));
          }
          if (!hasData) continue;
          const text = data.join('\n');
          let parsed: unknown = text;
          try {
            parsed = JSON.parse(text);
          } catch {
            // keep the text
          }
          const event = { type, data: parsed, at: Date.now() };
          events.push(event);
          for (const w of [...waiters]) {
            if (w.match(event)) {
              waiters.splice(waiters.indexOf(w), 1);
              w.resolve(event);
            }
          }
        }
      });
      const ended = new Promise<void>((done) => {
        res.on('end', done);
        res.on('close', done);
        res.on('error', () => done());
      });
      resolve({
        status: res.statusCode ?? 0,
        headers: res.headers,
        events,
        raw: () => raw,
        comments: () => comments,
        retry: () => retry,
        ended,
        next: (match, timeoutMs = 2000) =>
          new Promise((ok, fail) => {
            const found = events.find(match);
            if (found) return ok(found);
            const timer = setTimeout(() => fail(new Error(`no matching event within ${timeoutMs} ms; got ${JSON.stringify(events)}`)), timeoutMs);
            waiters.push({
              match,
              resolve: (e) => {
                clearTimeout(timer);
                ok(e);
              },
            });
          }),
        close: () => {
          req.destroy();
          res.destroy();
        },
      });
    });
    req.on('error', reject);
  });
}
