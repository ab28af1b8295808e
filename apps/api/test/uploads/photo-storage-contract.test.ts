import { randomUUID } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FsPhotoStorage } from '../../src/modules/uploads/fs-photo-storage.ts';
import { fileKeyOf, type PhotoStorage } from '../../src/modules/uploads/photo-storage.ts';
import { S3PhotoStorage } from '../../src/modules/uploads/s3-photo-storage.ts';
import { startS3Server, type TestS3Server } from '../support/s3-server.ts';

let s3: TestS3Server;
let diskRoot: string;
beforeAll(async () => {
  s3 = await startS3Server();
  diskRoot = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-disk-'));
});
afterAll(async () => {
  await s3?.close();
  fs.rmSync(diskRoot, { recursive: true, force: true });
});

function s3Storage(publicBaseUrl?: string): S3PhotoStorage {
  return new S3PhotoStorage({
    bucket: s3.bucket,
    region: 'us-east-1',
    endpoint: s3.endpoint,
    accessKeyId: 'S3RVER',
    secretAccessKey: 'S3RVER',
    publicBaseUrl,
  });
}

const stores: Array<[string, () => PhotoStorage]> = [
  ['disk', () => new FsPhotoStorage(diskRoot)],
  ['S3', () => s3Storage()],
];

describe.each(stores)('photo storage contract: %s', (_name, make) => {
  it('gives back exactly the bytes written, for every rendition of an upload', async () => {
    const store = make();
    const key = randomUUID();
    const small = Buffer.from(`small ${key}`);
    const large = Buffer.alloc(300_000, 7);
    await store.put(fileKeyOf(key, 320), small);
    await store.put(fileKeyOf(key, 1280), large);
    expect(await store.read(fileKeyOf(key, 320))).toEqual(small);
    expect((await store.read(fileKeyOf(key, 1280)))?.equals(large)).toBe(true);
    store.close?.();
  });

  it('answers undefined for a file that does not exist or a key that is not a photo key', async () => {
    const store = make();
    expect(await store.read(fileKeyOf(randomUUID(), 640))).toBeUndefined();
    expect(await store.read('../../etc/passwd')).toBeUndefined();
    expect(await store.read(`${randomUUID()}/index.html`)).toBeUndefined();
    store.close?.();
  });

  it('refuses to write under a key that is not a photo key', async () => {
    const store = make();
    await expect(store.put('../escape/320.webp', Buffer.from('x'))).rejects.toThrow();
    await expect(store.put(`${randomUUID()}/evil.html`, Buffer.from('x'))).rejects.toThrow();
    store.close?.();
  });

  it('removes every rendition of one upload and nothing of another', async () => {
    const store = make();
    const gone = randomUUID();
    const kept = randomUUID();
    for (const width of [320, 640, 1280]) {
      await store.put(fileKeyOf(gone, width), Buffer.from(`g${width}`));
      await store.put(fileKeyOf(kept, width), Buffer.from(`k${width}`));
    }
    await store.removeUpload(gone);
    for (const width of [320, 640, 1280]) {
      expect(await store.read(fileKeyOf(gone, width))).toBeUndefined();
      expect((await store.read(fileKeyOf(kept, width)))?.toString()).toBe(`k${width}`);
    }
    // Removing what is already gone is not an error (a retried sweep).
    await store.removeUpload(gone);
    store.close?.();
  });

  it('names the app-served URL /media/{key} when no public base URL is set', () => {
    const store = make();
    const fileKey = fileKeyOf(randomUUID(), 640);
    expect(store.urlFor(fileKey)).toBe(`/media/${fileKey}`);
    store.close?.();
  });
});

describe('S3 photo storage with a public base URL', () => {
  it('names URLs on the public base, and the bucket serves them as WebP that every cache may keep a year', async () => {
    const store = s3Storage(`${s3.publicBaseUrl}/`);
    const fileKey = fileKeyOf(randomUUID(), 320);
    const bytes = Buffer.from('RIFF....WEBPVP8 fake but stored as is');
    await store.put(fileKey, bytes);
    const url = store.urlFor(fileKey);
    expect(url).toBe(`${s3.publicBaseUrl}/${fileKey}`);
    // A browser loads it without credentials, straight from the bucket.
    const res = await fetch(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/webp');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(Buffer.from(await res.arrayBuffer()).equals(bytes)).toBe(true);
    store.close();
  });
});
