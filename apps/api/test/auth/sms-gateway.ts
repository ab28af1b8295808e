import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedSms {
  method: string;
  path: string;
  authorization: string | undefined;
  contentType: string | undefined;
  body: Record<string, unknown>;
}

/**
 * A local stand-in for the SMS gateway: records every call and answers as AfroMessage does
 * ({ acknowledge: 'success' | 'error', response }) or with a chosen failure.
 */
export async function startFakeGateway() {
  const received: RecordedSms[] = [];
  let mode: 'ok' | 'refuse' | 'http500' | 'hang' = 'ok';
  const server = http.createServer((req, res) => {
    let raw = '';
    req.on('data', (chunk: Buffer) => {
      raw += chunk.toString('utf8');
    });
    req.on('end', () => {
      let body: Record<string, unknown>;
      try {
        body = JSON.parse(raw) as Record<string, unknown>;
      } catch {
        body = { unparsed: raw };
      }
      received.push({
        method: req.method ?? '',
        path: req.url ?? '',
        authorization: req.headers.authorization,
        contentType: req.headers['content-type'],
        body,
      });
      if (mode === 'hang') return;
      if (mode === 'http500') {
        res.writeHead(500, { 'content-type': 'text/plain' }).end('gateway exploded');
        return;
      }
      const answer =
        mode === 'ok'
          ? { acknowledge: 'success', response: { status: 'Send', message_id: `m-${received.length}`, to: body.to } }
          : { acknowledge: 'error', response: { errors: ['insufficient balance'] } };
      res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(answer));
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    received,
    setMode(next: typeof mode) {
      mode = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
