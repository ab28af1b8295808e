import type { FastifyInstance } from 'fastify';
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from 'prom-client';
import type { Database } from '../../db/client.ts';

/** The outside services the app sends to. */
export type OutboundChannel = 'sms' | 'payment' | 'telegram';

/**
 * The operator's figures for /metrics (Prometheus text format): requests by route, method and
 * status with their latency; the process (event-loop lag, memory, GC: prom-client's defaults);
 * the database pool; periodic job runs and failures; SMS, payment-gateway and Telegram Bot API calls and failures;
 * open event streams. One registry per app (tests build several apps in one process).
 */
export interface OpsMetrics {
  readonly registry: Registry;
  /** A call to an outside service ended: ok, or failed (an error or a refusal). */
  outbound(channel: OutboundChannel, ok: boolean): void;
  jobRun(job: string, ok: boolean, seconds: number): void;
  /** Where the number of open event streams of this process is read from. */
  watchStreams(count: () => number): void;
}

const LATENCY_BUCKETS = [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10];

export function createOpsMetrics(app: FastifyInstance, database: Database): OpsMetrics {
  const registry = new Registry();
  collectDefaultMetrics({ register: registry, eventLoopMonitoringPrecision: 20 });

  const labelNames = ['method', 'route', 'status'] as const;
  const requests = new Counter({
    name: 'betoch_http_requests_total',
    help: 'HTTP requests answered, by route pattern, method and status.',
    labelNames,
    registers: [registry],
  });
  const latency = new Histogram({
    name: 'betoch_http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by route pattern, method and status.',
    labelNames,
    buckets: LATENCY_BUCKETS,
    registers: [registry],
  });
  app.addHook('onResponse', async (req, reply) => {
    // The route's pattern (/api/listings/:id), never the raw URL: one series per route.
    const labels = { method: req.method, route: req.routeOptions.url ?? 'unmatched', status: String(reply.statusCode) };
    requests.inc(labels);
    latency.observe(labels, reply.elapsedTime / 1000);
  });

  const pool = database.poolStats;
  if (pool) {
    new Gauge({
      name: 'betoch_db_pool_connections',
      help: 'PostgreSQL pool connections: total, idle, and queries waiting for one.',
      labelNames: ['state'],
      registers: [registry],
      collect() {
        const stats = pool();
        this.set({ state: 'total' }, stats.total);
        this.set({ state: 'idle' }, stats.idle);
        this.set({ state: 'waiting' }, stats.waiting);
      },
    });
  }

  const jobRuns = new Counter({
    name: 'betoch_job_runs_total',
    help: 'Periodic job runs by this process, by job and outcome (ok, failed).',
    labelNames: ['job', 'outcome'],
    registers: [registry],
  });
  const jobSeconds = new Histogram({
    name: 'betoch_job_duration_seconds',
    help: 'Time a periodic job run took.',
    labelNames: ['job'],
    buckets: [0.01, 0.1, 1, 10, 60, 300],
    registers: [registry],
  });
  const outbound = new Counter({
    name: 'betoch_outbound_calls_total',
    help: 'Calls to outside services (sms: the SMS gateway; payment: the payment gateway; telegram: the Bot API), by outcome (ok, failed).',
    labelNames: ['channel', 'outcome'],
    registers: [registry],
  });
  let streams: () => number = () => 0;
  new Gauge({
    name: 'betoch_open_event_streams',
    help: 'Event streams (server-sent events) open on this process.',
    registers: [registry],
    collect() {
      this.set(streams());
    },
  });

  return {
    registry,
    outbound: (channel, ok) => outbound.inc({ channel, outcome: ok ? 'ok' : 'failed' }),
    jobRun(job, ok, seconds) {
      jobRuns.inc({ job, outcome: ok ? 'ok' : 'failed' });
      jobSeconds.observe({ job }, seconds);
    },
    watchStreams(count) {
      streams = count;
    },
  };
}
