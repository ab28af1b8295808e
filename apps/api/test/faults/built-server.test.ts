import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import { afterAll, describe, expect, it } from 'vitest';
import { migratedDataDir } from '../support/migrated-data-dir.ts';
import { ApiClient, REPO_ROOT, startReady, stopServer, testJpeg, type ServerProcess } from './server-process.ts';

/**
 * `npm start` runs the server built into JavaScript (apps/api/dist, apps/api/build.mjs), not
 * through a TypeScript loader: the built server starts, finds its migrations, answers, and hands
 * photos to its worker process (built beside it).
 */
const servers: ServerProcess[] = [];
const dataDir = migratedDataDir('betoch-built-');

afterAll(async () => {
  for (const server of servers) await stopServer(server);
  fs.rmSync(dataDir, { recursive: true, force: true });
});

describe('the built server (npm start)', () => {
  it('starts from apps/api/dist, answers and processes an uploaded photo in its worker', async () => {
    execFileSync(process.execPath, ['apps/api/build.mjs'], { cwd: REPO_ROOT, stdio: 'pipe' });
    const server = await startReady({ DATA_DIR: dataDir }, servers, { built: true });
    // No TypeScript loader in the process: it runs the built file.
    expect(fs.readFileSync(`/proc/${server.child.pid}/cmdline`, 'utf8').split('\0')).toEqual([process.execPath, 'apps/api/dist/main.js', '']);
    const health = await fetch(`${server.base}/api/healthz`);
    expect(health.status).toBe(200);

    const owner = new ApiClient(server.base, '10.9.0.1');
    await owner.signUp('+251911000777', 'landlord');
    const key = await owner.uploadPhoto(await testJpeg(7));
    expect(key).toMatch(/\S/);
    const browse = await owner.call('GET', '/api/listings?visibility=live&limit=5');
    expect(browse.status).toBe(200);
  }, 180_000);
});
