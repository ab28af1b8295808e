import path from 'node:path';
import type { Env } from '../../config/env.ts';
import { FsPhotoStorage } from './fs-photo-storage.ts';
import type { PhotoStorage } from './photo-storage.ts';
import { S3PhotoStorage } from './s3-photo-storage.ts';

/** The photo store the environment names: the disk under DATA_DIR, or the S3-compatible bucket. */
export function createPhotoStorage(env: Pick<Env, 'dataDir' | 'photoStorage'>): PhotoStorage {
  const config = env.photoStorage;
  if (config.kind === 's3') return new S3PhotoStorage(config);
  return new FsPhotoStorage(path.join(env.dataDir, 'uploads'));
}

/** The origin photos load from when it is not the app's own (it goes into the CSP's img-src). */
export function photoOrigin(env: Pick<Env, 'photoStorage'>): string | undefined {
  const config = env.photoStorage;
  return config.kind === 's3' && config.publicBaseUrl ? new URL(config.publicBaseUrl).origin : undefined;
}
