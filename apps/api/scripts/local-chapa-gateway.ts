/**
 * A local stand-in for Chapa's API, speaking its documented shapes: POST
 * /v1/transaction/initialize (Bearer secret key; answers {status:'success', data:{checkout_url}}),
 * GET /v1/transaction/verify/{tx_ref} (answers data with status success/failed/pending, amount,
 * currency, tx_ref, reference), a hosted checkout page (Pay / Cancel) that returns the user to
 * return_url, and signed webhooks (HMAC-SHA256 of the body with the webhook secret, in
 * `Chapa-Signature` and `x-chapa-signature`). Tests steer it (fail, slow, 5xx, wrong amount);
 * the browser journey runs it as a process:
 *   node --import tsx apps/api/scripts/local-chapa-gateway.ts   (CHAPA_GATEWAY_PORT, CHAPA_SECRET_KEY,
 *   CHAPA_WEBHOOK_SECRET, CHAPA_WEBHOOK_URL)
 */
import { createHmac, randomBytes } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { pathToFileURL } from 'node:url';

export interface GatewayTransaction {
  txRef: string;
  amount: string;
  currency: string;
  returnUrl: string | null;
  callbackUrl: string | null;
  phone: string | null;
  status: 'pending' | 'success' | 'failed' | 'cancelled';
  reference: string;
  /** Steering for tests: what verify reports instead of the truth. */
  reportAmount?: string;
  reportCurrency?: string;
  reportTxRef?: string;
}

export type Fault = 'none' | '5xx' | 'slow' | 'garbage';

export interface LocalChapaGateway {
  url: string;
  port: number;
  transactions: Map<string, GatewayTransaction>;
  /** Calls received, in order ('initialize <tx_ref>', 'verify <tx_ref>'). */
  calls: string[];
  faults: { initialize: Fault; verify: Fault };
  slowMs: number;
  pay(txRef: string): GatewayTransaction;
  fail(txRef: string, status?: 'failed' | 'cancelled'): GatewayTransaction;
  /** The webhook body Chapa sends for this transaction now, and its signature. */
  webhook(txRef: string): { body: string; signature: string };
  sign(body: string): string;
  close(): Promise<void>;
}

export interface GatewayOptions {
  secretKey: string;
  webhookSecret: string;
  port?: number;
  /** Where the checkout page's Pay button sends the signed webhook (the browser journey). */
  webhookUrl?: string;
}

function send(res: http.ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json' });
  res.end(JSON.stringify(body));
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let data = '';
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => (data += chunk));
    req.on('end', () => resolve(data));
    req.on('error', reject);
  });
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

export async function startLocalChapaGateway(options: GatewayOptions): Promise<LocalChapaGateway> {
  const transactions = new Map<string, GatewayTransaction>();
  const calls: string[] = [];
  const faults: LocalChapaGateway['faults'] = { initialize: 'none', verify: 'none' };
  const sockets = new Set<Socket>();
  let base = '';

  const sign = (body: string) => createHmac('sha256', options.webhookSecret).update(body).digest('hex');
  const find = (txRef: string) => {
    const tx = transactions.get(txRef);
    if (!tx) throw new Error(`unknown tx_ref ${txRef}`);
    return tx;
  };
  const webhook = (txRef: string) => {
    const tx = find(txRef);
    const body = JSON.stringify({
      event: tx.status === 'success' ? 'charge.success' : `charge.${tx.status}`,
      type: 'API',
      tx_ref: tx.txRef,
      reference: tx.reference,
      amount: tx.amount,
      currency: tx.currency,
      status: tx.status,
      mode: 'test',
      created_at: new Date().toISOString(),
    });
    return { body, signature: sign(body) };
  };

  async function fault(kind: Fault, res: http.ServerResponse): Promise<boolean> {
    if (kind === 'slow') await new Promise((r) => setTimeout(r, gateway.slowMs));
    if (kind === '5xx') {
      send(res, 502, { message: 'Bad gateway', status: 'failed', data: null });
      return true;
    }
    if (kind === 'garbage') {
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<html>maintenance</html>');
      return true;
    }
    return false;
  }

  const server = http.createServer((req, res) => {
    void (async () => {
      const url = new URL(req.url ?? '/', 'http://gateway');
      if (url.pathname === '/healthz') return send(res, 200, { status: 'success' });
      const authorized = req.headers.authorization === `Bearer ${options.secretKey}`;
      if (req.method === 'POST' && url.pathname === '/v1/transaction/initialize') {
        const body = JSON.parse(await readBody(req)) as Record<string, unknown>;
        calls.push(`initialize ${String(body.tx_ref)}`);
        if (await fault(faults.initialize, res)) return;
        if (!authorized) return send(res, 401, { message: 'Invalid API Key', status: 'failed', data: null });
        const txRef = String(body.tx_ref ?? '');
        if (!txRef || transactions.has(txRef))
          return send(res, 400, { message: { tx_ref: ['Transaction reference has been used before'] }, status: 'failed', data: null });
        if (body.currency !== 'ETB' || !/^\d+(\.\d+)?$/.test(String(body.amount))) {
          return send(res, 400, { message: 'Invalid currency or amount', status: 'failed', data: null });
        }
        transactions.set(txRef, {
          txRef,
          amount: String(body.amount),
          currency: String(body.currency),
          returnUrl: typeof body.return_url === 'string' ? body.return_url : null,
          callbackUrl: typeof body.callback_url === 'string' ? body.callback_url : null,
          phone: typeof body.phone_number === 'string' ? body.phone_number : null,
          status: 'pending',
          reference: `AP${randomBytes(6).toString('hex').toUpperCase()}`,
        });
        return send(res, 200, { message: 'Hosted Link', status: 'success', data: { checkout_url: `${base}/checkout/payment/${encodeURIComponent(txRef)}` } });
      }
      const verify = /^\/v1\/transaction\/verify\/([^/]+)$/.exec(url.pathname);
      if (req.method === 'GET' && verify) {
        const txRef = decodeURIComponent(verify[1]!);
        calls.push(`verify ${txRef}`);
        if (await fault(faults.verify, res)) return;
        if (!authorized) return send(res, 401, { message: 'Invalid API Key', status: 'failed', data: null });
        const tx = transactions.get(txRef);
        if (!tx) return send(res, 404, { message: 'Invalid transaction or Transaction not found', status: 'failed', data: null });
        return send(res, 200, {
          message: 'Payment details',
          status: 'success',
          data: {
            first_name: null,
            last_name: null,
            email: null,
            currency: tx.reportCurrency ?? tx.currency,
            amount: Number(tx.reportAmount ?? tx.amount),
            charge: 0,
            mode: 'test',
            method: 'telebirr',
            type: 'API',
            status: tx.status,
            reference: tx.reference,
            tx_ref: tx.reportTxRef ?? tx.txRef,
            customization: { title: 'Betoch', description: null, logo: null },
            meta: null,
            created_at: new Date().toISOString(),
            updated_at: new Date().toISOString(),
          },
        });
      }
      const checkout = /^\/checkout\/payment\/([^/]+)(\/pay|\/cancel)?$/.exec(url.pathname);
      if (checkout) {
        const tx = transactions.get(decodeURIComponent(checkout[1]!));
        if (!tx) return send(res, 404, { message: 'Checkout not found', status: 'failed', data: null });
        if (req.method === 'POST' && checkout[2]) {
          tx.status = checkout[2] === '/pay' ? 'success' : 'cancelled';
          if (tx.status === 'success' && options.webhookUrl) {
            const hook = webhook(tx.txRef);
            await fetch(options.webhookUrl, {
              method: 'POST',
              headers: { 'content-type': 'application/json', 'chapa-signature': hook.signature, 'x-chapa-signature': hook.signature },
              body: hook.body,
            }).catch(() => undefined);
          }
          res.writeHead(303, { location: tx.returnUrl ?? '/' });
          return res.end();
        }
        res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
        return res.end(`<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width"><title>Local Chapa checkout</title></head>
<body><main><h1>Local Chapa checkout</h1><p>Amount: <strong>${escapeHtml(tx.amount)} ${escapeHtml(tx.currency)}</strong></p>
<form method="post" action="${escapeHtml(url.pathname)}/pay"><button type="submit">Pay ${escapeHtml(tx.amount)} ETB with telebirr</button></form>
<form method="post" action="${escapeHtml(url.pathname)}/cancel"><button type="submit">Cancel payment</button></form></main></body></html>`);
      }
      send(res, 404, { message: 'Not found', status: 'failed', data: null });
    })().catch((err: unknown) => {
      if (!res.headersSent) send(res, 500, { message: String(err), status: 'failed', data: null });
    });
  });
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(options.port ?? 0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  base = `http://127.0.0.1:${port}`;

  const gateway: LocalChapaGateway = {
    url: base,
    port,
    transactions,
    calls,
    faults,
    slowMs: 3000,
    pay: (txRef) => Object.assign(find(txRef), { status: 'success' as const }),
    fail: (txRef, status = 'failed') => Object.assign(find(txRef), { status }),
    webhook,
    sign,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
  return gateway;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const gateway = await startLocalChapaGateway({
    port: Number(process.env.CHAPA_GATEWAY_PORT ?? 8299),
    secretKey: process.env.CHAPA_SECRET_KEY ?? 'CHASECK_TEST-local',
    webhookSecret: process.env.CHAPA_WEBHOOK_SECRET ?? 'local-webhook-secret',
    webhookUrl: process.env.CHAPA_WEBHOOK_URL,
  });
  console.log(`local Chapa gateway on ${gateway.url}`);
}
