// The load generator of `npm run bench`, run in its own process (pinned with taskset to a core the
// server does not use). Reads one job as JSON from the file named by argv[2], answers one JSON line.
//
// Job: { base, paths: [...], connections, duration (s), rate? (overall requests/s), headers?,
//        uploads?: { token, file, count, delayMs } }
// Paths are taken in turn by each connection. With `uploads`, the photo is sent `count` times at
// once after `delayMs` while the load runs, and the load stops when the last upload has answered.
import fs from 'node:fs';
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

async function upload(base, token, bytes) {
  const form = new FormData();
  form.append('file', new Blob([bytes], { type: 'image/jpeg' }), 'photo.jpg');
  const started = performance.now();
  const res = await fetch(`${base}/api/uploads`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  await res.arrayBuffer();
  return { status: res.status, ms: performance.now() - started };
}

const instance = autocannon({
  url: job.base,
  connections: job.connections ?? 10,
  duration: job.duration ?? 5,
  ...(job.rate ? { overallRate: job.rate } : {}),
  headers: { 'accept-encoding': 'gzip', ...(job.headers ?? {}) },
  requests: job.paths.map((path) => ({ method: 'GET', path })),
});

let uploads;
if (job.uploads) {
  const bytes = fs.readFileSync(job.uploads.file);
  uploads = new Promise((resolve) => setTimeout(resolve, job.uploads.delayMs ?? 1000))
    .then(() => Promise.all(Array.from({ length: job.uploads.count }, () => upload(job.base, job.uploads.token, bytes))))
    .finally(() => instance.stop());
}

const result = await instance;
process.stdout.write(`${JSON.stringify({ ...summary(result), uploads: uploads ? await uploads : undefined })}\n`);
