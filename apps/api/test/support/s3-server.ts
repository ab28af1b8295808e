import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import S3rver from 's3rver';

export interface TestS3Server {
  /** The endpoint (S3_ENDPOINT). */
  endpoint: string;
  bucket: string;
  /** The bucket's public URL (PHOTO_PUBLIC_BASE_URL when photos load straight from it). */
  publicBaseUrl: string;
  /** The environment of an app that keeps photos in this bucket. */
  env: Record<string, string>;
  close(): Promise<void>;
}

/**
 * A real S3-compatible server (s3rver, from the npm registry) on a free port of 127.0.0.1 with one
 * empty bucket, its objects in a temporary folder removed on close.
 */
export async function startS3Server(bucket = 'betoch-photos', port = 0): Promise<TestS3Server> {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-s3-'));
  const server = new S3rver({
    address: '127.0.0.1',
    port,
    silent: true,
    directory,
    vhostBuckets: false,
    configureBuckets: [{ name: bucket, configs: [] }],
  });
  const address = await server.run();
  const endpoint = `http://127.0.0.1:${address.port}`;
  return {
    endpoint,
    bucket,
    publicBaseUrl: `${endpoint}/${bucket}`,
    env: {
      PHOTO_STORAGE: 's3',
      S3_ENDPOINT: endpoint,
      S3_BUCKET: bucket,
      S3_REGION: 'us-east-1',
      // s3rver's fixed test credentials.
      S3_ACCESS_KEY_ID: 'S3RVER',
      S3_SECRET_ACCESS_KEY: 'S3RVER',
    },
    close: async () => {
      await server.close();
      fs.rmSync(directory, { recursive: true, force: true });
    },
  };
}
