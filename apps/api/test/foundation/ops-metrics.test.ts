import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isPrivateAddress } from '../../src/modules/ops-metrics/metrics-access.ts';
import { listen, openStream, ticketFor, type SseStream } from '../conversations/sse-client.ts';
import { signUp } from '../support/login.ts';
import { createTestApp, type TestApp } from '../support/test-app.ts';

const TOKEN = 'metrics-token-0123456789';
let t: TestApp;
let stream: SseStream | undefined;
beforeAll(async () => {
  t = await createTestApp({ METRICS_TOKEN: TOKEN });
});
afterAll(async () => {
  stream?.close();
  await t.close();
});

/** One sample's value from the text format, or undefined when the series is absent. */
function sample(text: string, series: string): number | undefined {
  const line = text.split('\n').find((l) => l.startsWith(`${series} `));
  return line === undefined ? undefined : Number(line.slice(series.length + 1));
}

describe('who may read /metrics', () => {
  it('a request made directly from a private address, or the bearer of METRICS_TOKEN from anywhere', async () => {
    // app.inject comes from 127.0.0.1.
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(200);
    // Forwarded by a proxy (nginx, on the same machine): the client is public.
    const forwarded = await t.request({ method: 'GET', url: '/metrics', headers: { 'x-forwarded-for': '196.188.1.1' } });
    expect(forwarded.statusCode).toBe(403);
    expect(forwarded.json()).toMatchObject({ ok: false, error: 'forbidden' });
    expect(forwarded.body).not.toContain('betoch_');
    const wrong = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: 'Bearer metrics-token-0123456788' } });
    expect(wrong.statusCode).toBe(403);
    const right = await t.request({ method: 'GET', url: '/metrics', headers: { authorization: `Bearer ${TOKEN}`, 'x-forwarded-for': '196.188.1.1' } });
    expect(right.statusCode).toBe(200);
    expect(right.headers['content-type']).toMatch(/^text\/plain; version=0\.0\.4/);
    expect(right.headers['cache-control']).toBe('no-store');
  });

  it('private means loopback, link-local and the private ranges, IPv4-mapped too', () => {
    for (const a of ['127.0.0.1', '10.1.2.3', '172.20.0.5', '192.168.1.9', '::1', 'fd00::5', '::ffff:192.168.1.1', '169.254.1.1'])
      expect(isPrivateAddress(a), a).toBe(true);
    for (const a of ['8.8.8.8', '172.32.0.1', '196.188.1.1', '2001:db8::1', '::ffff:8.8.8.8', '', 'localhost']) expect(isPrivateAddress(a), a).toBe(false);
  });
});

describe('the figures', () => {
  it('requests by route pattern, method and status with latency; process; streams; SMS; jobs', async () => {
    const before = (await t.request({ method: 'GET', url: '/metrics' })).body;
    const healthSeries = 'betoch_http_requests_total{method="GET",route="/api/healthz",status="200"}';
    const countBefore = sample(before, healthSeries) ?? 0;
    for (let i = 0; i < 3; i++) await t.request({ method: 'GET', url: '/api/healthz' });
    await t.request({ method: 'GET', url: '/api/listings/does-not-exist' });
    // A sign-up sends one SMS (the recording sender, counted like the gateway).
    const user = await signUp(t);
    const base = await listen(t.app);
    stream = await openStream(base, `?ticket=${encodeURIComponent(await ticketFor(base, user))}`);
    await stream.next((e) => e.type === 'unread');
    t.clock.advance(48 * 3600_000);
    const ran = await t.jobs.tick();
    expect(ran.length).toBeGreaterThan(0);

    const text = (await t.request({ method: 'GET', url: '/metrics' })).body;
    expect(sample(text, healthSeries)).toBe(countBefore + 3);
    // The pattern, never the raw URL.
    expect(text).toMatch(/betoch_http_requests_total\{method="GET",route="\/api\/listings\/:id",status="4\d\d"\} 1/);
    expect(text).not.toContain('does-not-exist');
    expect(sample(text, 'betoch_http_request_duration_seconds_count{method="GET",route="/api/healthz",status="200"}')).toBe(countBefore + 3);
    expect(text).toContain('betoch_http_request_duration_seconds_bucket{le="0.05",method="GET",route="/api/healthz",status="200"}');
    for (const name of [
      'nodejs_eventloop_lag_seconds',
      'nodejs_eventloop_lag_p99_seconds',
      'process_resident_memory_bytes',
      'nodejs_heap_size_used_bytes',
      'nodejs_gc_duration_seconds',
    ]) {
      expect(text, name).toContain(`# TYPE ${name} `);
    }
    expect(sample(text, 'betoch_open_event_streams')).toBe(1);
    expect(sample(text, 'betoch_outbound_calls_total{channel="sms",outcome="ok"}')).toBeGreaterThanOrEqual(1);
    expect(sample(text, `betoch_job_runs_total{job="${ran[0]}",outcome="ok"}`)).toBe(1);
    expect(text).toContain(`betoch_job_duration_seconds_count{job="${ran[0]}"} 1`);
    if (t.database.kind === 'postgres') expect(sample(text, 'betoch_db_pool_connections{state="total"}')).toBeGreaterThanOrEqual(1);
    else expect(text).not.toContain('betoch_db_pool_connections');
  });
});
