// The load generator of `npm run bench`, run in its own process (pinned with taskset to a core the
// server does not use). Reads one job as JSON from the file named by argv[2], answers one JSON line.
//
// Job: { base, paths: [...], connections, duration (s), rate? (overall requests/s), paced?, headers?,
//        uploads?: { token, file, count, delayMs } }
// With `paced` (and `rate`) the calls are evenly spaced by this script instead of autocannon.
// Paths are taken in turn, one list shared by the connections. With `uploads`, the photo is sent
// `count` times at once after `delayMs` while the load runs, and the load stops when the last
// upload has answered.
//
// Two things keep the load generator's own start-up out of the server's latencies (measured: at
// 200 calls/s the first second's calls took up to 200 ms while the server answered each in under
// 1 ms, which autocannon's rate correction then counts about a hundred times over):
// - autocannon starts a call's clock when it builds its connection, before the socket is open,
//   and with one request template per path it deep-copies and renders all of them for each
//   connection (10-20 ms each with 500 paths), so the first connections' first calls waited for
//   the last connection to be built. Here each connection gets one template whose setupRequest
//   picks the next path: building a connection costs next to nothing.
// - a cold process parses its first answers slowly (JIT): before the measured run, this process
//   sends a few thousand calls to a throwaway server of its own (never to the server measured).
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

const job = JSON.parse(fs.readFileSync(process.argv[2], 'utf8'));

function summary(result) {
  const l = result.latency;
  return {
    requestsPerSecond: result.requests.average,
    total: result.requests.total,
    durationS: result.duration,
    latency: { p50: l.p50, p90: l.p90, p97_5: l.p97_5, p99: l.p99, max: l.max, mean: l.average },
    non2xx: result.non2xx,
    errors: result.errors,
    timeouts: result.timeouts,
    statusCodes: result.statusCodeStats,
  };
}

/**
 * The photo as one multipart body, built once and sent with node:http: fetch's FormData encoding
 * of a 4 MB Blob, four at once, held this process's event loop for about 50 ms, which counted as
 * browse latency (measured against a server that only drains uploads: p99 63 ms with fetch, 9-12 ms
 * this way, 7-18 ms with no uploads).
 */
function multipart(bytes) {
  const boundary = `----betoch-bench-${Math.random().toString(16).slice(2)}`;
  const head = `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="photo.jpg"\r\nContent-Type: image/jpeg\r\n\r\n`;
  return { body: Buffer.concat([Buffer.from(head), bytes, Buffer.from(`\r\n--${boundary}--\r\n`)]), type: `multipart/form-data; boundary=${boundary}` };
}

async function upload(base, token, form) {
  const started = performance.now();
  const headers = { authorization: `Bearer ${token}`, 'content-type': form.type, 'content-length': form.body.length };
  const status = await new Promise((resolve, reject) => {
    const req = http.request(new URL('/api/uploads', base), { method: 'POST', headers }, (res) => {
      res.resume();
      res.on('end', () => resolve(res.statusCode));
    });
    req.on('error', reject);
    req.end(form.body);
  });
  return { status, ms: performance.now() - started };
}

/**
 * Open loop at `rate` calls a second, evenly spaced (one every 1000/rate ms, not autocannon's burst
 * at the start of each second), over at most `connections` keep-alive sockets; a call's time runs
 * from when it was due, so queueing behind a slow answer is counted.
 */
async function paced() {
  const agent = new http.Agent({ keepAlive: true, maxSockets: job.connections ?? 10 });
  const url = new URL(job.base);
  const every = 1000 / job.rate;
  const count = Math.round(job.rate * (job.duration ?? 5));
  const times = [];
  let failed = 0;
  const calls = [];
  const start = performance.now();
  for (let i = 0; i < count; i += 1) {
    const due = start + i * every;
    const wait = due - performance.now();
    if (wait > 1) await new Promise((resolve) => setTimeout(resolve, wait));
    const path = job.paths[i % job.paths.length];
    calls.push(
      new Promise((resolve) => {
        const req = http.get({ host: url.hostname, port: url.port, path, agent, headers: { 'accept-encoding': 'gzip' } }, (res) => {
          res.resume();
          res.on('end', () => {
            if (res.statusCode >= 200 && res.statusCode < 300) times.push(performance.now() - due);
            else failed += 1;
            resolve();
          });
        });
        req.on('error', () => {
          failed += 1;
          resolve();
        });
      }),
    );
  }
  await Promise.all(calls);
  agent.destroy();
  times.sort((a, b) => a - b);
  const at = (p) => times[Math.min(times.length - 1, Math.max(0, Math.ceil((p / 100) * times.length) - 1))] ?? Number.NaN;
  const seconds = (performance.now() - start) / 1000;
  return {
    requestsPerSecond: times.length / seconds,
    total: times.length,
    durationS: seconds,
    latency: {
      p50: at(50),
      p90: at(90),
      p97_5: at(97.5),
      p99: at(99),
      max: times[times.length - 1] ?? Number.NaN,
      mean: times.reduce((a, b) => a + b, 0) / (times.length || 1),
    },
    non2xx: failed,
    errors: 0,
    timeouts: 0,
  };
}

if (job.paced) {
  process.stdout.write(`${JSON.stringify(await paced())}\n`);
  process.exit(0);
}

/** One request template for every path: each call takes the next path of the shared list. */
function requestsFor(paths) {
  let next = 0;
  return [{ method: 'GET', path: paths[0], setupRequest: (req) => ({ ...req, path: paths[next++ % paths.length] }) }];
}

/** Runs autocannon's own code hot on a throwaway server of this process before measuring. */
async function warmLoadGenerator() {
  const body = Buffer.alloc(2048, 'x');
  const dummy = http.createServer((req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': body.length });
    res.end(body);
  });
  await new Promise((resolve) => dummy.listen(0, '127.0.0.1', resolve));
  try {
    await autocannon({
      url: `http://127.0.0.1:${dummy.address().port}`,
      connections: job.connections ?? 10,
      amount: 3000,
      headers: { 'accept-encoding': 'gzip' },
      requests: requestsFor(['/a', '/b']),
    });
  } finally {
    dummy.closeAllConnections();
    dummy.close();
  }
}

await warmLoadGenerator();
const instance = autocannon({
  url: job.base,
  connections: job.connections ?? 10,
  duration: job.duration ?? 5,
  ...(job.rate ? { overallRate: job.rate } : {}),
  headers: { 'accept-encoding': 'gzip', ...(job.headers ?? {}) },
  requests: requestsFor(job.paths),
});

let uploads;
if (job.uploads) {
  const form = multipart(fs.readFileSync(job.uploads.file));
  uploads = new Promise((resolve) => setTimeout(resolve, job.uploads.delayMs ?? 1000))
    .then(() => Promise.all(Array.from({ length: job.uploads.count }, () => upload(job.base, job.uploads.token, form))))
    .finally(() => instance.stop());
}

const result = await instance;
process.stdout.write(`${JSON.stringify({ ...summary(result), uploads: uploads ? await uploads : undefined })}\n`);
