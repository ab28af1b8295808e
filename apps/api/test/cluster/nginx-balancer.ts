import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { REPO_ROOT } from '../faults/server-process.ts';

/** The proxying rules of the repository, the same file deploy/nginx.conf includes in production. */
export const PROXY_RULES = path.join(REPO_ROOT, 'deploy/nginx/betoch-proxy.conf');
/** Its http-level settings (server_tokens off, the `betoch` access-log format), also included by deploy/nginx.conf. */
export const HTTP_SETTINGS = path.join(REPO_ROOT, 'deploy/nginx/betoch-http.conf');

export interface Balancer {
  port: number;
  base: string;
  child: ChildProcess;
  /** nginx's error log (for a failure message). */
  errors: () => string;
  /** nginx's access log so far, in the repository's `betoch` format. */
  accessLog: () => string;
  stop(): Promise<void>;
}

function nginxBinary(): string {
  for (const candidate of ['/usr/sbin/nginx', '/usr/local/sbin/nginx', '/usr/bin/nginx']) if (fs.existsSync(candidate)) return candidate;
  return 'nginx';
}

async function listening(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const socket = net.connect(port, '127.0.0.1', () => {
      socket.end();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });
}

/**
 * nginx (Debian's package) on 127.0.0.1:`port` in front of the app servers, in the foreground, with
 * every file in a temporary folder. Each answer names the app server that made it
 * (X-Betoch-Upstream: a test-only header), so tests can tell which server answered.
 */
export async function startBalancer(port: number, upstreamPorts: number[]): Promise<Balancer> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-nginx-'));
  // nginx's workers drop root (to nobody) and must reach the temporary folders for large bodies.
  fs.chmodSync(dir, 0o755);
  const config = `
worker_processes 1;
pid ${dir}/nginx.pid;
error_log ${dir}/error.log warn;
events { worker_connections 1024; }
http {
  include ${HTTP_SETTINGS};
  access_log ${dir}/access.log betoch;
  client_body_temp_path ${dir}/body;
  proxy_temp_path ${dir}/proxy;
  fastcgi_temp_path ${dir}/fastcgi;
  uwsgi_temp_path ${dir}/uwsgi;
  scgi_temp_path ${dir}/scgi;
  upstream betoch {
${upstreamPorts.map((p) => `    server 127.0.0.1:${p} max_fails=1 fail_timeout=10s;`).join('\n')}
    keepalive 16;
  }
  server {
    listen 127.0.0.1:${port};
    add_header X-Betoch-Upstream $upstream_addr always;
    include ${PROXY_RULES};
  }
}
`;
  fs.writeFileSync(path.join(dir, 'nginx.conf'), config);
  const child = spawn(nginxBinary(), ['-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let out = '';
  child.stdout!.on('data', (d: Buffer) => (out += d.toString()));
  child.stderr!.on('data', (d: Buffer) => (out += d.toString()));
  const errors = () => {
    let log = '';
    try {
      log = fs.readFileSync(path.join(dir, 'error.log'), 'utf8');
    } catch {
      // not written yet
    }
    return `${out}\n${log}`;
  };
  const until = Date.now() + 15_000;
  while (!(await listening(port))) {
    if (child.exitCode !== null || Date.now() > until) throw new Error(`nginx did not start:\n${errors()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
  return {
    port,
    base: `http://127.0.0.1:${port}`,
    child,
    errors,
    accessLog: () => (fs.existsSync(path.join(dir, 'access.log')) ? fs.readFileSync(path.join(dir, 'access.log'), 'utf8') : ''),
    stop: async () => {
      if (child.exitCode === null) {
        const exited = new Promise((resolve) => child.on('exit', resolve));
        child.kill('SIGQUIT');
        await exited;
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

export interface Reply {
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- answers of many routes
  body: any;
  raw: Buffer;
  headers: http.IncomingHttpHeaders;
  /** The app server that answered (host:port), from the balancer. */
  upstream: string;
}

/**
 * One client of the balancer, connecting from an address of its own on the loopback network
 * (127.x.y.z): nginx sees that address and forwards it, so the per-address limits meet real
 * client addresses. Signs up through the demo-mode codes.
 */
export class BalancedClient {
  token?: string;
  phone?: string;
  private readonly agent: http.Agent;

  constructor(
    readonly balancer: { port: number },
    readonly address: string,
  ) {
    this.agent = new http.Agent({ keepAlive: true, maxSockets: 8 });
  }

  request(method: string, url: string, body?: Buffer | string, headers: Record<string, string> = {}): Promise<Reply> {
    return new Promise((resolve, reject) => {
      const req = http.request(
        {
          host: '127.0.0.1',
          port: this.balancer.port,
          localAddress: this.address,
          agent: this.agent,
          method,
          path: url,
          headers: { ...(this.token ? { authorization: `Bearer ${this.token}` } : {}), ...headers },
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (c: Buffer) => chunks.push(c));
          res.on('end', () => {
            const raw = Buffer.concat(chunks);
            let parsed: unknown = raw.toString();
            try {
              parsed = JSON.parse(raw.toString());
            } catch {
              // not JSON
            }
            resolve({ status: res.statusCode ?? 0, body: parsed, raw, headers: res.headers, upstream: String(res.headers['x-betoch-upstream'] ?? '') });
          });
          res.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
  }

  call(method: string, url: string, json?: unknown, headers: Record<string, string> = {}): Promise<Reply> {
    return json === undefined
      ? this.request(method, url, undefined, headers)
      : this.request(method, url, JSON.stringify(json), { 'content-type': 'application/json', ...headers });
  }

  async ok(method: string, url: string, json?: unknown, headers?: Record<string, string>): Promise<Reply> {
    const res = await this.call(method, url, json, headers);
    if (res.status < 200 || res.status > 299) throw new Error(`${method} ${url}: ${res.status} ${JSON.stringify(res.body)}`);
    return res;
  }

  async signUp(phone: string, userType: 'tenant' | 'landlord'): Promise<void> {
    const otp = await this.ok('POST', '/api/auth/request-otp', { phone });
    const session = await this.ok('POST', '/api/auth/signup', { phone, code: otp.body.code, name: `Cluster ${userType}`, userType, acceptTerms: true });
    this.token = session.body.token as string;
    this.phone = phone;
  }

  /** POST /api/uploads with one JPEG as multipart/form-data. */
  upload(jpeg: Buffer): Promise<Reply> {
    const boundary = `----betoch${Date.now().toString(16)}`;
    const body = Buffer.concat([
      Buffer.from(`--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`),
      jpeg,
      Buffer.from(`\r\n--${boundary}--\r\n`),
    ]);
    return this.request('POST', '/api/uploads', body, { 'content-type': `multipart/form-data; boundary=${boundary}` });
  }

  /** Opens the event stream with a fresh ticket; events are collected as they arrive. */
  async openStream(): Promise<EventStream> {
    const ticket = await this.ok('POST', '/api/realtime/ticket');
    return new Promise((resolve, reject) => {
      const req = http.get(
        {
          host: '127.0.0.1',
          port: this.balancer.port,
          localAddress: this.address,
          path: ticket.body.stream_url as string,
          headers: { accept: 'text/event-stream' },
        },
        (res) => {
          const ended = new Promise<void>((done) => res.on('close', () => done()));
          const stream: EventStream = {
            upstream: String(res.headers['x-betoch-upstream'] ?? ''),
            status: res.statusCode ?? 0,
            events: [],
            ended,
            close: () => req.destroy(),
          };
          let buffer = '';
          res.setEncoding('utf8');
          res.on('data', (chunk: string) => {
            buffer += chunk;
            let end;
            while ((end = buffer.indexOf('\n\n')) >= 0) {
              const block = buffer.slice(0, end);
              buffer = buffer.slice(end + 2);
              const type = /^event: (.*)$/m.exec(block)?.[1];
              const data = /^data: (.*)$/m.exec(block)?.[1];
              if (type && data) stream.events.push({ type, data: JSON.parse(data), at: Date.now() });
            }
          });
          res.on('error', () => undefined);
          resolve(stream);
        },
      );
      req.on('error', reject);
    });
  }

  close(): void {
    this.agent.destroy();
  }
}

export interface EventStream {
  upstream: string;
  status: number;
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- event payloads
  events: Array<{ type: string; data: any; at: number }>;
  /** Resolves when the server (or nginx) ends the stream. */
  ended: Promise<void>;
  close(): void;
}
