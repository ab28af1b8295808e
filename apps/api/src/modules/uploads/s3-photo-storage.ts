import {
  HeadBucketCommand,
  DeleteObjectCommand,
  GetObjectCommand,
  ListObjectsV2Command,
  NoSuchKey,
  PutObjectCommand,
  S3Client,
  S3ServiceException,
} from '@aws-sdk/client-s3';
import { isValidFileKey, UPLOAD_KEY_PATTERN, type PhotoStorage } from './photo-storage.ts';

export interface S3PhotoStorageOptions {
  bucket: string;
  region: string;
  /** An S3-compatible server (MinIO, Ceph, R2, a test server); AWS itself when absent. */
  endpoint?: string;
  accessKeyId?: string;
  secretAccessKey?: string;
  /** `{endpoint}/{bucket}/{key}` instead of `{bucket}.{endpoint}/{key}` (most self-hosted servers). */
  forcePathStyle?: boolean;
  /**
   * Where browsers load photos from (a CDN or the bucket's public URL), without a trailing slash.
   * Absent: the app serves them itself under /media, reading from the bucket.
   */
  publicBaseUrl?: string;
}

/** Keys are random and a file never changes after it is written, so every cache may keep it a year. */
export const PHOTO_CACHE_CONTROL = 'public, max-age=31536000, immutable';

/**
 * Photos in an S3-compatible bucket, one object per rendition under the same `{uploadKey}/{width}.webp`
 * key, so every app server behind a load balancer sees every photo. A PUT is atomic in S3: a reader
 * sees the whole object or none.
 */
export class S3PhotoStorage implements PhotoStorage {
  readonly name = 's3';
  private readonly client: S3Client;
  private readonly bucket: string;
  private readonly publicBaseUrl?: string;

  constructor(options: S3PhotoStorageOptions) {
    this.bucket = options.bucket;
    this.publicBaseUrl = options.publicBaseUrl?.replace(/\/+$/, '');
    this.client = new S3Client({
      region: options.region,
      endpoint: options.endpoint,
      forcePathStyle: options.forcePathStyle ?? Boolean(options.endpoint),
      credentials: options.accessKeyId && options.secretAccessKey ? { accessKeyId: options.accessKeyId, secretAccessKey: options.secretAccessKey } : undefined,
      // Checksums only where S3 requires them: several S3-compatible servers reject the newer
      // default trailing checksums.
      requestChecksumCalculation: 'WHEN_REQUIRED',
      responseChecksumValidation: 'WHEN_REQUIRED',
      maxAttempts: 3,
    });
  }

  async put(fileKey: string, data: Buffer): Promise<void> {
    if (!isValidFileKey(fileKey)) throw new Error('invalid file key');
    await this.client.send(
      new PutObjectCommand({
        Bucket: this.bucket,
        Key: fileKey,
        Body: data,
        ContentType: 'image/webp',
        CacheControl: PHOTO_CACHE_CONTROL,
        ContentDisposition: 'inline',
      }),
    );
  }

  async read(fileKey: string): Promise<Buffer | undefined> {
    if (!isValidFileKey(fileKey)) return undefined;
    try {
      const answer = await this.client.send(new GetObjectCommand({ Bucket: this.bucket, Key: fileKey }));
      if (!answer.Body) return undefined;
      return Buffer.from(await answer.Body.transformToByteArray());
    } catch (error) {
      if (error instanceof NoSuchKey || (error instanceof S3ServiceException && error.$metadata.httpStatusCode === 404)) return undefined;
      throw error;
    }
  }

  /** Whether the file is in the bucket (the migration skips files already copied). */
  async has(fileKey: string): Promise<boolean> {
    const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: fileKey, MaxKeys: 1 }));
    return (listed.Contents ?? []).some((o) => o.Key === fileKey);
  }

  /** The bucket exists and these keys may reach it (HEAD bucket). */
  async check(): Promise<void> {
    await this.client.send(new HeadBucketCommand({ Bucket: this.bucket }));
  }

  async removeUpload(uploadKey: string): Promise<void> {
    if (!UPLOAD_KEY_PATTERN.test(uploadKey)) throw new Error('invalid upload key');
    const listed = await this.client.send(new ListObjectsV2Command({ Bucket: this.bucket, Prefix: `${uploadKey}/` }));
    for (const object of listed.Contents ?? []) {
      if (object.Key) await this.client.send(new DeleteObjectCommand({ Bucket: this.bucket, Key: object.Key }));
    }
  }

  urlFor(fileKey: string): string {
    return this.publicBaseUrl ? `${this.publicBaseUrl}/${fileKey}` : `/media/${fileKey}`;
  }

  close(): void {
    this.client.destroy();
  }
}
