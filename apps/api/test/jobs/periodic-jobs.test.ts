import fs from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { createJobRunner, type PeriodicJob } from '../../src/jobs/job-runner.ts';
import { listJobRuns } from '../../src/jobs/job-runs.repository.ts';
import { createPhotoStorage } from '../../src/modules/uploads/create-photo-storage.ts';
import type { PhotoStorage } from '../../src/modules/uploads/photo-storage.ts';
import { createUploadsService } from '../../src/modules/uploads/uploads.service.ts';
import { createWorkQueue } from '../../src/modules/uploads/work-queue.ts';
import { createListingsTestApp, uploadTestPhoto } from '../support/factories.ts';
import { signUp } from '../support/login.ts';
import { useTwoServers } from '../support/second-server.ts';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const quiet = { info: () => undefined, warn: () => undefined };

// Two app instances on one database, as two servers.
const { a, b } = useTwoServers(createListingsTestApp);

/** A job that counts its runs; `gate` holds a run open until released. */
function countingJob(name: string, everyMs: number, leaseMs?: number) {
  const job = {
    runs: 0,
    gate: undefined as Promise<void> | undefined,
    definition: {
      name,
      everyMs,
      leaseMs,
      run: async () => {
        job.runs++;
        await job.gate;
      },
    } satisfies PeriodicJob,
  };
  return job;
}

function runnersFor(...jobs: PeriodicJob[]) {
  const onA = createJobRunner({ db: a.ctx.db, jobs, now: a.clock.now, log: quiet, holder: 'server-a' });
  const onB = createJobRunner({ db: b.ctx.db, jobs, now: a.clock.now, log: quiet, holder: 'server-b' });
  return { onA, onB, both: () => Promise.all([onA.tick(), onB.tick(), onA.tick(), onB.tick()]) };
}

describe('periodic jobs run once per period across servers', () => {
  it('two servers checking at the same moments run each job once per period, never twice', async () => {
    const hourly = countingJob('test-hourly', HOUR);
    const quarter = countingJob('test-quarter', 15 * MINUTE);
    const { both } = runnersFor(hourly.definition, quarter.definition);

    await both();
    expect([hourly.runs, quarter.runs]).toEqual([1, 1]);
    // Every minute for two hours, both servers look for due jobs at the same time.
    for (let minute = 1; minute <= 120; minute++) {
      a.clock.advance(MINUTE);
      await both();
    }
    expect(hourly.runs).toBe(3); // at 0, 60 and 120 minutes
    expect(quarter.runs).toBe(9); // at 0, 15, ..., 120 minutes
  });

  it("a run still going is not started again by the other server after its period, and the lease's end frees it", async () => {
    const slow = countingJob('test-slow', MINUTE, 10 * MINUTE);
    let release!: () => void;
    slow.gate = new Promise((resolve) => (release = resolve));
    const { onA, onB } = runnersFor(slow.definition);

    const running = onA.tick();
    await expect.poll(() => slow.runs).toBe(1);
    a.clock.advance(2 * MINUTE);
    expect(await onB.tick()).toEqual([]);
    release();
    expect(await running).toEqual(['test-slow']);
    // Given back at its end: the next check after the period runs it.
    expect(await onB.tick()).toEqual(['test-slow']);
    expect(slow.runs).toBe(2);
  });

  it('a server that died mid-run holds the job only until its lease ends', async () => {
    const job = countingJob('test-orphaned-lease', MINUTE, 5 * MINUTE);
    const { onA, onB } = runnersFor(job.definition);
    job.gate = new Promise(() => undefined); // never ends: its server is gone
    void onA.tick();
    await expect.poll(() => job.runs).toBe(1);
    job.gate = undefined;
    a.clock.advance(4 * MINUTE);
    expect(await onB.tick()).toEqual([]);
    a.clock.advance(2 * MINUTE);
    expect(await onB.tick()).toEqual(['test-orphaned-lease']);
  });

  it('a check when no job is due writes nothing to the database; a due job is still claimed and run', async () => {
    const job = countingJob('test-quiet-check', 10 * MINUTE);
    const { onA } = runnersFor(job.definition);
    expect(await onA.tick()).toEqual(['test-quiet-check']);
    // A claim that finds its job not due still locks the job's row in a transaction of its own,
    // which marks the row (xmax); a check that only reads leaves the row as it was.
    const rowMarks = async () =>
      (
        (await a.ctx.db.execute(sql`SELECT xmin::text || '/' || xmax::text AS marks FROM job_runs WHERE name = 'test-quiet-check'`)) as unknown as {
          rows: Array<{ marks: string }>;
        }
      ).rows[0]!.marks;
    const before = await rowMarks();
    for (let minute = 1; minute < 10; minute++) {
      a.clock.advance(MINUTE);
      expect(await onA.tick()).toEqual([]);
    }
    expect(await rowMarks()).toBe(before);
    a.clock.advance(MINUTE);
    expect(await onA.tick()).toEqual(['test-quiet-check']);
    expect(job.runs).toBe(2);
  });

  it("the product's jobs (the list in periodic-jobs.ts) ran once when both apps checked, recorded in job_runs", async () => {
    a.clock.advance(2 * HOUR);
    const [ranA, ranB] = await Promise.all([a.jobs.tick(), b.jobs.tick()]);
    expect([...ranA, ...ranB].sort()).toEqual([
      'account-exports',
      'alert-check',
      'auth-sweep',
      'data-retention',
      'listing-freshness',
      'orphan-photo-sweep',
      'price-bands',
      'saved-search-match',
      'saved-search-sms-digest',
    ]);
    const rows = await listJobRuns(a.ctx.db);
    const product = rows.filter((r) => !r.name.startsWith('test-'));
    expect(product.map((r) => [r.name, r.runs, r.last_error])).toEqual([
      ['account-exports', 1, null],
      ['alert-check', 1, null],
      ['auth-sweep', 1, null],
      ['data-retention', 1, null],
      ['listing-freshness', 1, null],
      ['orphan-photo-sweep', 1, null],
      ['price-bands', 1, null],
      ['saved-search-match', 1, null],
      ['saved-search-sms-digest', 1, null],
    ]);
    expect(await a.jobs.tick()).toEqual([]);
    expect(await b.jobs.tick()).toEqual([]);
  });
});

describe('the orphan photo sweep leaves nothing half done', () => {
  it('a sweep that fails midway keeps every row; the next one removes rows and files together', async () => {
    const owner = await signUp(a, { userType: 'landlord' });
    const photos = [];
    for (let i = 0; i < 3; i++) photos.push(await uploadTestPhoto(a, owner));
    a.clock.advance(25 * HOUR);
    const real = createPhotoStorage(a.env);
    let removals = 0;
    // The process "dies" at the second upload's files: one upload's files are gone already.
    const failing: PhotoStorage = {
      ...real,
      name: real.name,
      put: (k, d) => real.put(k, d),
      read: (k) => real.read(k),
      urlFor: (k) => real.urlFor(k),
      check: () => real.check(),
      removeUpload: async (key) => {
        if (++removals === 2) throw new Error('killed');
        await real.removeUpload(key);
      },
    };
    const queue = createWorkQueue({ concurrency: 1, maxWaiting: 1 });
    await expect(createUploadsService(a.ctx, failing, queue).removeOrphans(a.clock.now())).rejects.toThrow('killed');
    const keys = photos.map((p) => p.key);
    const left = await a.database.sql.query<{ key: string }>('SELECT key FROM uploads WHERE key = ANY($1)', [keys]);
    expect(left).toHaveLength(3);

    expect(await createUploadsService(a.ctx, real, queue).removeOrphans(a.clock.now())).toBeGreaterThanOrEqual(3);
    expect(await a.database.sql.query('SELECT key FROM uploads WHERE key = ANY($1)', [keys])).toHaveLength(0);
    for (const key of keys) expect(fs.existsSync(path.join(a.env.dataDir, 'uploads', key.slice(0, 2), key))).toBe(false);
  });
});
