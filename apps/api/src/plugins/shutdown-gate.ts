import type { Socket } from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from '../lib/app-error.ts';

/** How long a client waits before trying again (another process, or this one restarted). */
export const SHUTDOWN_RETRY_AFTER_SECONDS = 5;

/**
 * The port closes only after this long without a new connection. A burst of clients (a page's
 * calls, a retrying app) keeps connecting after the signal; on a busy host one of its connections
 * can complete its handshake just after the queue was seen empty, and closing the port then resets
 * it (ECONNRESET). A quiet spell this long means the burst is over.
 */
const QUIET_MS = 150;

export interface ShutdownGate {
  /** From now on, a request that has not started is answered 503 shutting_down. */
  begin(): void;
  /**
   * Resolves once every connection accepted so far has sent its request or closed (looked at after
   * the kernel's queue of new connections was read) and none has come for QUIET_MS, or after maxWaitMs. Closing the port before
   * that resets those connections: the client cannot tell whether its call was done.
   */
  settled(maxWaitMs: number): Promise<void>;
}

/**
 * Once shutdown begins, every request whose headers arrive afterwards (readiness checks included,
 * so a load balancer stops sending) is answered 503 `shutting_down` in the error envelope with
 * retry_after and Retry-After, and its connection is closed; calls already started finish as usual,
 * and their connections close once answered.
 * Register it before the routes.
 */
export function shutdownGate(app: FastifyInstance): ShutdownGate {
  let draining = false;
  // Connections accepted whose first request has not arrived yet.
  const waiting = new Set<Socket>();
  let lastConnectionAt = 0;
  app.server.on('connection', (socket: Socket) => {
    lastConnectionAt = Date.now();
    waiting.add(socket);
    socket.once('close', () => waiting.delete(socket));
  });
  app.server.on('request', (req: { socket: Socket }) => waiting.delete(req.socket));

  app.addHook('onRequest', async (_req, reply) => {
    if (!draining) return;
    reply.header('connection', 'close');
    throw new AppError('shutting_down', undefined, { retry_after: SHUTDOWN_RETRY_AFTER_SECONDS });
  });
  // A call that started before shutdown and is answered after it (one waiting on a slow database or
  // a silent Redis) closes its connection too: left open for keep-alive, it would hold app.close()
  // until the keep-alive timeout (72 s), past the 15 s after which the process gives up and exits 1.
  app.addHook('onSend', async (_req, reply, payload) => {
    if (draining) reply.header('connection', 'close');
    return payload;
  });

  return {
    begin() {
      draining = true;
    },
    async settled(maxWaitMs) {
      const until = Date.now() + maxWaitMs;
      while (Date.now() < until) {
        await new Promise((resolve) => setTimeout(resolve, 20));
        // setImmediate runs after the event loop's poll phase, where queued connections are accepted.
        await new Promise((resolve) => setImmediate(resolve));
        if (waiting.size === 0 && Date.now() - lastConnectionAt >= QUIET_MS) return;
      }
    },
  };
}
