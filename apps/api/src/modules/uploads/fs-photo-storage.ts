import { randomUUID } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { isValidFileKey, UPLOAD_KEY_PATTERN, type PhotoStorage } from './photo-storage.ts';

/**
 * Photos on the local disk: `{root}/{first 2 key chars}/{uploadKey}/{width}.webp` (the two-letter
 * fan-out keeps directories small at millions of files). Writes go to a temporary name first and
 * are renamed into place, so a reader never sees half a file.
 */
export class FsPhotoStorage implements PhotoStorage {
  readonly name = 'filesystem';

  constructor(
    private readonly root: string,
    private readonly publicPrefix = '/media',
  ) {}

  private uploadDir(uploadKey: string): string {
    if (!UPLOAD_KEY_PATTERN.test(uploadKey)) throw new Error('invalid upload key');
    return path.join(this.root, uploadKey.slice(0, 2), uploadKey);
  }

  private pathOf(fileKey: string): string {
    if (!isValidFileKey(fileKey)) throw new Error('invalid file key');
    const [uploadKey, file] = fileKey.split('/') as [string, string];
    return path.join(this.uploadDir(uploadKey), file);
  }

  async put(fileKey: string, data: Buffer): Promise<void> {
    const target = this.pathOf(fileKey);
    await fs.mkdir(path.dirname(target), { recursive: true });
    const temporary = `${target}.${randomUUID()}.tmp`;
    await fs.writeFile(temporary, data);
    await fs.rename(temporary, target);
  }

  async read(fileKey: string): Promise<Buffer | undefined> {
    if (!isValidFileKey(fileKey)) return undefined;
    try {
      return await fs.readFile(this.pathOf(fileKey));
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
      throw error;
    }
  }

  async removeUpload(uploadKey: string): Promise<void> {
    await fs.rm(this.uploadDir(uploadKey), { recursive: true, force: true });
  }

  async check(): Promise<void> {
    await fs.mkdir(this.root, { recursive: true });
    await fs.access(this.root, fs.constants.W_OK);
  }

  urlFor(fileKey: string): string {
    return `${this.publicPrefix}/${fileKey}`;
  }
}
