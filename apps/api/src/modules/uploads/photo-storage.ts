/**
 * Where photo files live. Keys look like `{uploadKey}/{width}.webp`. The filesystem store under
 * DATA_DIR is the default; an S3-compatible store (with a CDN in front) implements the same four
 * calls when several app servers must share the files.
 */
export interface PhotoStorage {
  readonly name: string;
  put(fileKey: string, data: Buffer): Promise<void>;
  /** The bytes, or undefined when there is no such file. */
  read(fileKey: string): Promise<Buffer | undefined>;
  /** Removes every file of one upload (all its renditions). */
  removeUpload(uploadKey: string): Promise<void>;
  /** The URL a browser loads the file from. */
  urlFor(fileKey: string): string;
  /** Resolves when the store can be written to (the readiness check); rejects with why not. */
  check(): Promise<void>;
  /** Lets go of connections (when the app closes). */
  close?(): void;
}

/** Upload keys are UUIDs; file names are `{width}.webp`. Anything else never reaches the storage. */
export const UPLOAD_KEY_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/;
export const FILE_NAME_PATTERN = /^[1-9]\d{0,4}\.webp$/;

export function fileKeyOf(uploadKey: string, width: number): string {
  return `${uploadKey}/${width}.webp`;
}

export function isValidFileKey(fileKey: string): boolean {
  const [key, file, ...rest] = fileKey.split('/');
  return rest.length === 0 && !!key && !!file && UPLOAD_KEY_PATTERN.test(key) && FILE_NAME_PATTERN.test(file);
}
