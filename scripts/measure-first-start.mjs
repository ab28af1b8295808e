// `node scripts/measure-first-start.mjs [runs] [checkout]`: the demo's first start as a newcomer sees
// it (in this checkout, or another one with its own node_modules, to compare two versions).
// Each run removes its data folder and what an earlier start left (LEFT_BY_A_START), runs the
// real start command (`npm start`: the build, then the server) on it and prints how long it took
// until /api/healthz and then /api/listings first answered 200, the server's own milestones (from its log), and the load average before and after.
// Figures on a busy machine are not comparable: compare runs taken side by side (docs/listings.md).
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const RUNS = Number(process.argv[2] ?? 1);
const ROOT = path.resolve(process.argv[3] ?? path.join(import.meta.dirname, '..'));
const PORT = Number(process.env.MEASURE_PORT ?? 8191);
const LIMIT_MS = 300_000;

const seconds = (ms) => (ms / 1000).toFixed(1);
const load = () =>
  os
    .loadavg()
    .map((n) => n.toFixed(2))
    .join(' ');

async function answers(url) {
  try {
    const res = await fetch(url, { signal: AbortSignal.timeout(2000) });
    await res.arrayBuffer();
    return res.status === 200;
  } catch {
    return false;
  }
}

async function waitFor(url, started) {
  while (Date.now() - started < LIMIT_MS) {
    if (await answers(url)) return Date.now() - started;
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  throw new Error(`${url} did not answer within ${LIMIT_MS / 1000} s`);
}

/** The server's log lines (pino JSON) that mark where the time went, with when each was seen. */
const MILESTONES = { 'migrations applied': 'migrated', 'demo data seeded': 'seeded' };

/**
 * CPU seconds the start command's processes have used so far (user and system): the running ones'
 * own and what their finished children used (the builds). Unlike the wall time it hardly depends
 * on what else the machine runs. Linux only (/proc).
 */
function cpuSecondsOf(groupId) {
  const tick = 100; // USER_HZ
  let total = 0;
  for (const pid of fs.readdirSync('/proc').filter((name) => /^\d+$/.test(name))) {
    let stat;
    try {
      stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
    } catch {
      continue;
    }
    const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
    if (Number(fields[2]) !== groupId) continue;
    total += [11, 12, 13, 14].reduce((sum, i) => sum + Number(fields[i]), 0);
  }
  return total / tick;
}

/**
 * What a fresh `npm ci` has not made, removed before each run so a run after another one (or after
 * a build) measures a first start too: the builds' output (apps/api/dist, apps/web/dist) and the
 * caches tools keep in node_modules (none today; listed so one added later cannot make a run lie).
 */
const LEFT_BY_A_START = [
  'apps/api/dist',
  'apps/web/dist',
  'node_modules/.cache',
  'node_modules/.vite',
  'apps/web/node_modules/.vite',
  'apps/web/node_modules/.cache',
  'apps/api/node_modules/.cache',
];

async function measureOnce() {
  for (const left of LEFT_BY_A_START) fs.rmSync(path.join(ROOT, left), { recursive: true, force: true });
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-first-start-'));
  fs.rmSync(dataDir, { recursive: true, force: true });
  const loadBefore = load();
  const started = Date.now();
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: String(PORT), APP_MODE: 'demo', LOG_LEVEL: 'info' },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
  });
  const seen = {};
  let output = '';
  let seed = null;
  const tail = [];
  const onData = (chunk) => {
    output += chunk;
    tail.push(String(chunk));
    if (tail.length > 20) tail.shift();
    const lines = output.split('\n');
    output = lines.pop() ?? '';
    for (const line of lines) {
      if (line.includes('API built into') && !seen.built) seen.built = Date.now() - started;
      for (const [msg, name] of Object.entries(MILESTONES)) {
        if (!line.includes(`"msg":"${msg}"`) || seen[name]) continue;
        seen[name] = Date.now() - started;
        if (name === 'seeded') seed = JSON.parse(line);
      }
    }
  };
  child.stdout.on('data', onData);
  child.stderr.on('data', onData);
  try {
    const health = await waitFor(`http://127.0.0.1:${PORT}/api/healthz`, started);
    const listings = await waitFor(`http://127.0.0.1:${PORT}/api/listings?limit=20`, started);
    return {
      cpu: cpuSecondsOf(child.pid),
      health,
      listings,
      ...seen,
      seedMs: seed?.ms,
      drawMs: seed?.drawMs,
      storyMs: seed?.storyMs,
      loadBefore,
      loadAfter: load(),
    };
  } catch (error) {
    console.error(tail.join(''));
    throw error;
  } finally {
    process.kill(-child.pid, 'SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  }
}

for (let run = 1; run <= RUNS; run++) {
  const r = await measureOnce();
  const parts = [
    `run ${run}: first answer ${seconds(r.health)} s (/api/healthz), ${seconds(r.listings)} s (/api/listings)`,
    r.built !== undefined ? `build done ${seconds(r.built)} s` : null,
    r.migrated !== undefined ? `migrations applied ${seconds(r.migrated)} s` : null,
    r.seeded !== undefined
      ? `seeded ${seconds(r.seeded)} s (seed ${r.seedMs} ms${r.drawMs !== undefined ? `, drawings waited ${r.drawMs} ms` : ''}, story ${r.storyMs} ms)`
      : null,
    `CPU ${r.cpu.toFixed(1)} s`,
    `load average ${r.loadBefore} -> ${r.loadAfter}`,
  ];
  console.log(parts.filter(Boolean).join('; '));
}
