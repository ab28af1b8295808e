import type { ServerResponse } from 'node:http';
import { STREAM_HEARTBEAT_MS, STREAM_RETRY_MS } from '@betoch/contracts/conversations';
import type { EventBus, RealtimeEvent } from './event-bus.ts';

export interface SseOptions {
  heartbeatMs?: number;
  /** A stream is closed after this long; the client opens a new one with a new ticket. */
  maxAgeMs?: number;
  /** Most open streams per user in one process (tabs and devices). */
  maxPerUser?: number;
}

const DEFAULTS: Required<SseOptions> = {
  heartbeatMs: STREAM_HEARTBEAT_MS,
  maxAgeMs: 60 * 60 * 1000,
  maxPerUser: 10,
};

/** The frame of one event: its type and its JSON data (no text of a message, ever). */
export function sseFrame(event: RealtimeEvent): string {
  return `event: ${event.type}\ndata: ${JSON.stringify(event.data)}\n\n`;
}

interface Stream {
  userId: string;
  res: ServerResponse;
  close: () => void;
}

/** The open event streams of this process: their heartbeats, their subscriptions, their end. */
export class SseHub {
  private readonly streams = new Set<Stream>();
  private readonly perUser = new Map<string, number>();
  readonly options: Required<SseOptions>;

  constructor(
    private readonly bus: EventBus,
    options: SseOptions = {},
  ) {
    this.options = { ...DEFAULTS, ...options };
  }

  /** True while the user may open one more stream here. */
  hasRoomFor(userId: string): boolean {
    return (this.perUser.get(userId) ?? 0) < this.options.maxPerUser;
  }

  get size(): number {
    return this.streams.size;
  }

  /**
   * Serves the stream on a response whose headers are not sent yet: subscribes the user, sends the
   * first events, then heartbeats until the client leaves, the stream is too old, the app closes,
   * or its token stops holding. `tokenHolds` is asked once the subscription stands (a revocation
   * published while the stream was being opened is not missed) and again on every 'revoked' event
   * of the user, from whichever process it was published.
   */
  async open(
    userId: string,
    res: ServerResponse,
    firstEvents: () => Promise<RealtimeEvent[]>,
    requestId: string,
    tokenHolds: () => Promise<boolean>,
  ): Promise<void> {
    res.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      // no-transform: proxies must not compress or buffer the stream.
      'cache-control': 'no-store, no-transform',
      connection: 'keep-alive',
      'x-accel-buffering': 'no',
      'x-content-type-options': 'nosniff',
      'x-request-id': requestId,
    });
    res.socket?.setNoDelay(true);
    res.socket?.setTimeout(0);
    res.write(`retry: ${STREAM_RETRY_MS}\n\n`);

    let closed = false;
    let unsubscribe: (() => void) | undefined;
    const timers: NodeJS.Timeout[] = [];
    const write = (chunk: string) => {
      if (!closed && !res.writableEnded) res.write(chunk);
    };
    const stream: Stream = {
      userId,
      res,
      close: () => {
        if (closed) return;
        closed = true;
        for (const timer of timers) clearInterval(timer);
        unsubscribe?.();
        this.streams.delete(stream);
        const left = (this.perUser.get(userId) ?? 1) - 1;
        if (left > 0) this.perUser.set(userId, left);
        else this.perUser.delete(userId);
        if (!res.writableEnded) res.end();
      },
    };
    this.streams.add(stream);
    this.perUser.set(userId, (this.perUser.get(userId) ?? 0) + 1);
    res.on('close', stream.close);

    // A failed check ends the stream too: the client opens a new one, and its ticket is checked.
    const closeUnlessTokenHolds = () => {
      tokenHolds().then(
        (holds) => holds || stream.close(),
        () => stream.close(),
      );
    };
    try {
      const off = await this.bus.subscribe(userId, (event) => {
        if (event.type === 'revoked') closeUnlessTokenHolds();
        else write(sseFrame(event));
      });
      if (closed) {
        off();
        return;
      }
      unsubscribe = off;
      if (!(await tokenHolds())) {
        stream.close();
        return;
      }
      for (const event of await firstEvents()) write(sseFrame(event));
    } catch {
      stream.close();
      return;
    }
    timers.push(setInterval(() => write(': ping\n\n'), this.options.heartbeatMs));
    timers.push(setTimeout(stream.close, this.options.maxAgeMs));
    for (const timer of timers) timer.unref();
  }

  /** Ends every stream (the app is closing). */
  closeAll(): void {
    for (const stream of [...this.streams]) stream.close();
  }
}
