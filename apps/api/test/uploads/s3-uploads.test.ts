import { execFile } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePhotos } from '../../src/cli/migrate-photos.ts';
import { EnvError, loadEnv } from '../../src/config/env.ts';
import { FsPhotoStorage } from '../../src/modules/uploads/fs-photo-storage.ts';
import { fileKeyOf } from '../../src/modules/uploads/photo-storage.ts';
import { S3PhotoStorage } from '../../src/modules/uploads/s3-photo-storage.ts';
import { createListingsTestApp, testImage, uploadsServiceOf, uploadTestPhoto } from '../support/factories.ts';
import { signUp, type SignedIn } from '../support/login.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';
import type { TestApp } from '../support/test-app.ts';
import { REPO_ROOT } from '../faults/server-process.ts';

let s3: TestS3Server;
let t: TestApp;
let owner: SignedIn;

beforeAll(async () => {
  s3 = await startS3Server();
  t = await createListingsTestApp({ ...s3.env, PHOTO_PUBLIC_BASE_URL: s3.publicBaseUrl });
  owner = await signUp(t, { userType: 'landlord' });
});
afterAll(async () => {
  await t?.close();
  await s3?.close();
});

function bucket(): S3PhotoStorage {
  return new S3PhotoStorage({ bucket: s3.bucket, region: 'us-east-1', endpoint: s3.endpoint, accessKeyId: 'S3RVER', secretAccessKey: 'S3RVER' });
}

describe('PHOTO_STORAGE=s3: photos live in the bucket and load from its public URL', () => {
  it('an upload lands in the bucket, its URLs point at the public base, and nothing is written to the disk', async () => {
    const photo = await uploadTestPhoto(t, owner, await testImage({ width: 1600, height: 1200 }));
    for (const size of photo.sizes) {
      expect(size.url.startsWith(`${s3.publicBaseUrl}/${photo.key}/`)).toBe(true);
      const res = await fetch(size.url);
      expect(res.status).toBe(200);
      expect(res.headers.get('cache-control')).toContain('immutable');
      const meta = await sharp(Buffer.from(await res.arrayBuffer())).metadata();
      expect(meta).toMatchObject({ format: 'webp', width: size.width });
    }
    // The app still answers /media from the bucket (links made before the switch keep working).
    const viaApp = await t.request({ method: 'GET', url: `/media/${photo.key}/${photo.sizes[0]!.width}.webp` });
    expect(viaApp.statusCode).toBe(200);
    expect(fs.existsSync(path.join(t.env.dataDir, 'uploads'))).toBe(false);
  });

  it("lets pages load images from the bucket's origin (CSP img-src) and no other", async () => {
    const res = await t.request({ method: 'GET', url: '/api/healthz' });
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toContain(`img-src 'self' data: blob: ${new URL(s3.publicBaseUrl).origin};`);
  });

  it('the orphan sweep removes the files from the bucket', async () => {
    const orphan = await uploadTestPhoto(t, owner);
    t.clock.advance(25 * 3600 * 1000);
    expect(await uploadsServiceOf(t).removeOrphans(t.clock.now())).toBeGreaterThanOrEqual(1);
    for (const size of orphan.sizes) expect((await fetch(size.url)).status).toBe(404);
  });
});

describe('npm run photos:migrate: disk photos copied to the bucket', () => {
  it('copies every rendition once; a second run copies nothing and leaves the files intact', async () => {
    const root = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-migrate-'));
    try {
      const disk = new FsPhotoStorage(root);
      const keys = ['0a1b2c3d-0000-4000-8000-000000000001', 'ff1b2c3d-0000-4000-8000-000000000002'];
      for (const key of keys) for (const width of [320, 640]) await disk.put(fileKeyOf(key, width), Buffer.from(`${key}:${width}`));
      // Not photos: left alone.
      fs.writeFileSync(path.join(root, 'notes.txt'), 'x');
      const target = bucket();
      // One file was already copied by an earlier, interrupted run.
      await target.put(fileKeyOf(keys[0]!, 320), Buffer.from(`${keys[0]}:320`));

      const first = await migratePhotos(root, target);
      expect(first).toEqual({ copied: 3, skipped: 1, failed: [] });
      const again = await migratePhotos(root, target);
      expect(again).toEqual({ copied: 0, skipped: 4, failed: [] });
      for (const key of keys) {
        for (const width of [320, 640]) expect((await target.read(fileKeyOf(key, width)))?.toString()).toBe(`${key}:${width}`);
      }
      target.close();
    } finally {
      fs.rmSync(root, { recursive: true, force: true });
    }
  });

  it('the command copies from DATA_DIR/uploads and says what it did; without S3 settings it refuses', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-migrate-cli-'));
    try {
      const key = '3c1b2c3d-0000-4000-8000-000000000003';
      await new FsPhotoStorage(path.join(dataDir, 'uploads')).put(fileKeyOf(key, 320), Buffer.from('cli'));
      // Asynchronous: the S3 server answers from this process.
      const run = (env: Record<string, string>) =>
        new Promise<{ status: number | null; stdout: string; stderr: string }>((resolve) => {
          execFile(
            'npm',
            ['run', '--silent', 'photos:migrate'],
            { cwd: REPO_ROOT, env: { ...process.env, DATA_DIR: dataDir, INIT_CWD: REPO_ROOT, ...env }, timeout: 60_000 },
            (error, stdout, stderr) => resolve({ status: error ? (typeof error.code === 'number' ? error.code : null) : 0, stdout, stderr }),
          );
        });
      const refused = await run({ PHOTO_STORAGE: 'disk' });
      expect(refused.status).toBe(78);
      expect(refused.stderr).toContain('PHOTO_STORAGE=s3');
      const first = await run(s3.env);
      expect(first.status).toBe(0);
      expect(first.stdout).toContain('1 copied, 0 already in the bucket, 0 failed.');
      const second = await run(s3.env);
      expect(second.stdout).toContain('0 copied, 1 already in the bucket, 0 failed.');
      expect((await bucket().read(fileKeyOf(key, 320)))?.toString()).toBe('cli');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  }, 120_000); // two runs of the CLI, each a fresh Node with tsx: 10-25 s apiece on a loaded 2-core machine
});

describe('PHOTO_STORAGE settings', () => {
  it('disk is the default; s3 without a bucket, or with half a key pair, stops the start naming what is missing', () => {
    expect(loadEnv({}).photoStorage).toEqual({ kind: 'disk' });
    expect(() => loadEnv({ PHOTO_STORAGE: 's3' })).toThrow(EnvError);
    expect(() => loadEnv({ PHOTO_STORAGE: 's3' })).toThrow(/S3_BUCKET: is required when PHOTO_STORAGE=s3/);
    expect(() => loadEnv({ PHOTO_STORAGE: 's3', S3_BUCKET: 'photos', S3_ACCESS_KEY_ID: 'only-one' })).toThrow(/go together/);
    expect(() => loadEnv({ PHOTO_STORAGE: 'ftp' })).toThrow(/PHOTO_STORAGE/);
    expect(loadEnv({ PHOTO_STORAGE: 's3', S3_BUCKET: 'photos', PHOTO_PUBLIC_BASE_URL: 'https://cdn.example.com/p' }).photoStorage).toMatchObject({
      kind: 's3',
      bucket: 'photos',
      region: 'us-east-1',
      publicBaseUrl: 'https://cdn.example.com/p',
    });
  });
});
