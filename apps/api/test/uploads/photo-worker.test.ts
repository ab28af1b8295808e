import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { AppError } from '../../src/lib/app-error.ts';
import { createPhotoWorker, type PhotoWorker } from '../../src/modules/uploads/photo-worker.ts';
import { createListingsTestApp, pngDeclaring, testImage, uploadRaw } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';

/**
 * Photo work runs in a separate low-priority process (src/modules/uploads/photo-worker.ts), so it
 * can never hold up other calls. Nothing here depends on how fast the machine is: a "heavy" job is
 * a worker frozen with SIGSTOP (a job that takes as long as the test wants), a crash is SIGKILL.
 */
const hasProc = fs.existsSync('/proc/self/task');

function alive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
}

/** Nice value of every thread of a process (field 19 of /proc/<pid>/task/<tid>/stat). */
function niceOfThreads(pid: number): number[] {
  return fs.readdirSync(`/proc/${pid}/task`).map((tid) => {
    const stat = fs.readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
    // The name (field 2) may hold spaces; the fields after its closing parenthesis start at 3.
    return Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[16]);
  });
}

/** The photo worker this test process's app started (a child of this process running photo-worker-main). */
function appWorkerPid(): number | undefined {
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue;
    try {
      const stat = fs.readFileSync(`/proc/${entry}/stat`, 'utf8');
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1]);
      if (ppid !== process.pid) continue;
      if (fs.readFileSync(`/proc/${entry}/cmdline`, 'utf8').includes('photo-worker-main')) return Number(entry);
    } catch {
      // a process that has just ended
    }
  }
  return undefined;
}

/** Settles with the outcome, and tells whether it has settled yet. */
function watch<T>(promise: Promise<T>) {
  const state: { settled: boolean; value?: T; error?: unknown } = { settled: false };
  const done = promise.then(
    (value) => Object.assign(state, { settled: true, value }),
    (error: unknown) => Object.assign(state, { settled: true, error }),
  );
  return { state, done };
}

/** Lets the event loop run a few turns (the IPC answers of a live worker would arrive here). */
async function turns(n = 20): Promise<void> {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setTimeout(resolve, 5));
}

describe('the photo worker', () => {
  let worker: PhotoWorker;
  beforeAll(() => {
    worker = createPhotoWorker({ jobTimeoutMs: 60_000, stopGraceMs: 1000 });
  });
  afterAll(async () => {
    await worker.close();
  });

  it('answers what the pipeline answers: the sizes, and its refusals with their status and message', async () => {
    const image = await worker.process(await testImage({ width: 1600, height: 1200 }));
    expect(image.renditions.map((r) => [r.width, r.height])).toEqual([
      [320, 240],
      [640, 480],
      [1280, 960],
    ]);
    expect(Buffer.isBuffer(image.renditions[0]!.data)).toBe(true);
    expect(image.placeholder).toMatch(/^data:image\/webp;base64,/);
    expect(image.phash).toMatch(/^[0-9a-f]{16}$/);

    const text = await worker.process(Buffer.from('not a picture')).catch((error: unknown) => error);
    expect(text).toBeInstanceOf(AppError);
    expect(text).toMatchObject({ code: 'unsupported_media_type', status: 415, message: 'Only JPG, PNG or WebP images are accepted.' });
    const bomb = await worker.process(pngDeclaring(10_000, 10_000)).catch((error: unknown) => error);
    expect(bomb).toMatchObject({ code: 'image_too_large', status: 413 });
    expect((bomb as Error).message).toContain('40 megapixels');
  });

  it.runIf(hasProc)('runs in another process with every thread at the lowest CPU priority (nice 19)', async () => {
    await worker.process(await testImage());
    const pid = worker.pid!;
    expect(pid).not.toBe(process.pid);
    const nice = niceOfThreads(pid);
    expect(nice.length).toBeGreaterThan(1);
    expect(new Set(nice)).toEqual(new Set([19]));
  });

  it('a worker that dies during a job: that job is refused as an unreadable image, the next one gets a new worker', async () => {
    await worker.start();
    const first = worker.pid!;
    process.kill(first, 'SIGSTOP'); // the job cannot finish before the crash
    const job = watch(worker.process(await testImage()));
    await turns();
    expect(job.state.settled).toBe(false);
    process.kill(first, 'SIGKILL');
    await job.done;
    expect(job.state.error).toBeInstanceOf(AppError);
    expect(job.state.error).toMatchObject({ code: 'unsupported_media_type', status: 415 });

    const next = await worker.process(await testImage({ width: 400, height: 300 }));
    expect(next.width).toBe(400);
    expect(worker.pid).not.toBe(first);
    expect(alive(first)).toBe(false);
  });

  it('a job that never ends is given up after the time limit, and the worker is replaced', async () => {
    const impatient = createPhotoWorker({ jobTimeoutMs: 300, stopGraceMs: 1000 });
    try {
      await impatient.start();
      const stuck = impatient.pid!;
      process.kill(stuck, 'SIGSTOP');
      const refused = await impatient.process(await testImage()).catch((error: unknown) => error);
      expect(refused).toMatchObject({ code: 'unsupported_media_type' });
      expect(alive(stuck)).toBe(false);
      await impatient.start();
      expect(impatient.pid).toBeDefined();
      expect(impatient.pid).not.toBe(stuck);
    } finally {
      await impatient.close();
    }
  });

  it('close() ends the worker even when it does not answer, and later jobs are refused', async () => {
    const closing = createPhotoWorker({ stopGraceMs: 300 });
    await closing.start();
    const pid = closing.pid!;
    process.kill(pid, 'SIGSTOP');
    const inFlight = watch(closing.process(await testImage()));
    await closing.close();
    await inFlight.done;
    expect(alive(pid)).toBe(false);
    expect(inFlight.state.error).toBeInstanceOf(Error);
    await expect(closing.process(await testImage())).rejects.toThrow(/closing/);
  });
});

describe.runIf(hasProc)('uploads through the server while photo work is stuck or crashes', () => {
  let t: TestApp;
  let owner: SignedIn;
  let closed = false;
  beforeAll(async () => {
    t = await createListingsTestApp();
    owner = await signUp(t, { userType: 'landlord' });
  });
  afterAll(async () => {
    if (!closed) await t.close();
  });

  it('other calls keep answering while a photo is processed, however long it takes; the upload then completes', async () => {
    expect((await uploadRaw(t, owner, await testImage())).statusCode).toBe(201); // starts the worker
    const pid = appWorkerPid();
    expect(pid).toBeDefined();
    process.kill(pid!, 'SIGSTOP');
    try {
      const upload = watch(uploadRaw(t, owner, await testImage({ width: 1600, height: 1200 })));
      for (let i = 0; i < 5; i += 1) {
        expect((await t.request({ method: 'GET', url: '/api/healthz' })).statusCode).toBe(200);
        expect((await t.request({ method: 'GET', url: '/api/listings?visibility=live&limit=20' })).statusCode).toBe(200);
        await turns(4);
      }
      expect(upload.state.settled).toBe(false);
      process.kill(pid!, 'SIGCONT');
      await upload.done;
      expect(upload.state.value?.statusCode).toBe(201);
      expect(upload.state.value?.json()).toMatchObject({ ok: true, width: 1280, height: 960 });
    } finally {
      process.kill(pid!, 'SIGCONT');
    }
  });

  it('a photo that crashes the worker is refused (415) and the next upload works with a new worker', async () => {
    const first = appWorkerPid()!;
    process.kill(first, 'SIGSTOP');
    const upload = watch(uploadRaw(t, owner, await testImage()));
    await turns();
    process.kill(first, 'SIGKILL');
    await upload.done;
    expect(upload.state.value?.statusCode).toBe(415);
    expect(upload.state.value?.json()).toMatchObject({ ok: false, error: 'unsupported_media_type' });

    expect((await uploadRaw(t, owner, await testImage())).statusCode).toBe(201);
    const second = appWorkerPid();
    expect(second).toBeDefined();
    expect(second).not.toBe(first);
  });

  it('closing the server ends its photo worker', async () => {
    const pid = appWorkerPid()!;
    expect(alive(pid)).toBe(true);
    closed = true;
    await t.close();
    expect(alive(pid)).toBe(false);
    expect(appWorkerPid()).toBeUndefined();
  });
});
