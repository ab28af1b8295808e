/**
 * Copies the photos kept on this machine's disk (DATA_DIR/uploads) into the S3-compatible bucket
 * the environment names (PHOTO_STORAGE=s3 and the S3_* variables):
 *   PHOTO_STORAGE=s3 S3_BUCKET=… npm run photos:migrate
 * Safe to run again: a file already in the bucket is skipped, so an interrupted copy just goes on.
 * The database keeps storage keys, not URLs, so nothing else changes: start the servers with the same
 * S3 settings afterwards. Exit codes: 0 done, 1 some files failed, 78 bad environment.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { EXIT_BAD_ENV, loadEnvOrSay, runAsCommand } from './cli-start.ts';
import { FILE_NAME_PATTERN, UPLOAD_KEY_PATTERN } from '../modules/uploads/photo-storage.ts';
import { S3PhotoStorage } from '../modules/uploads/s3-photo-storage.ts';

export interface MigrateResult {
  copied: number;
  skipped: number;
  failed: string[];
}

async function listDir(dir: string): Promise<string[]> {
  try {
    return await fs.readdir(dir);
  } catch (error) {
    // Missing, or a stray file where a folder was expected: nothing of ours in it.
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') return [];
    throw error;
  }
}

/** Every `{uploadKey}/{width}.webp` under the disk store's root (`{2 chars}/{uploadKey}/{file}`). */
export async function* diskFileKeys(root: string): AsyncGenerator<string> {
  for (const fan of (await listDir(root)).sort()) {
    for (const uploadKey of (await listDir(path.join(root, fan))).sort()) {
      if (!UPLOAD_KEY_PATTERN.test(uploadKey) || !uploadKey.startsWith(fan)) continue;
      for (const file of (await listDir(path.join(root, fan, uploadKey))).sort()) {
        if (FILE_NAME_PATTERN.test(file)) yield `${uploadKey}/${file}`;
      }
    }
  }
}

/** Copies each disk file missing from the bucket; a failed file is reported and the rest go on. */
export async function migratePhotos(root: string, bucket: S3PhotoStorage, log: (line: string) => void = () => undefined): Promise<MigrateResult> {
  const result: MigrateResult = { copied: 0, skipped: 0, failed: [] };
  for await (const fileKey of diskFileKeys(root)) {
    try {
      if (await bucket.has(fileKey)) {
        result.skipped++;
        continue;
      }
      const [uploadKey, file] = fileKey.split('/') as [string, string];
      await bucket.put(fileKey, await fs.readFile(path.join(root, uploadKey.slice(0, 2), uploadKey, file)));
      result.copied++;
      if (result.copied % 500 === 0) log(`${result.copied} copied so far`);
    } catch (error) {
      result.failed.push(fileKey);
      log(`${fileKey}: ${error instanceof Error ? error.message : String(error)}`);
    }
  }
  return result;
}

async function main(): Promise<number> {
  const env = loadEnvOrSay();
  if (!env) return EXIT_BAD_ENV;
  if (env.photoStorage.kind !== 's3') {
    console.error('Set PHOTO_STORAGE=s3 and the S3_* variables of the bucket to copy the photos into.');
    return EXIT_BAD_ENV;
  }
  const root = path.join(env.dataDir, 'uploads');
  const bucket = new S3PhotoStorage(env.photoStorage);
  try {
    console.log(`Copying photos from ${root} to the bucket ${env.photoStorage.bucket}…`);
    const result = await migratePhotos(root, bucket, (line) => console.log(line));
    console.log(`${result.copied} copied, ${result.skipped} already in the bucket, ${result.failed.length} failed.`);
    return result.failed.length ? 1 : 0;
  } finally {
    bucket.close();
  }
}

runAsCommand(import.meta.url, 'photo migration', main);
