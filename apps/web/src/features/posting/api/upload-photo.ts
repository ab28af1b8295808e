import { uploadsCalls } from '@betoch/contracts/routes/uploads';
import type { TPhoto } from '@betoch/contracts/uploads';
import { uploadFile, type UploadOptions } from '@/lib/upload-file';

/** POST /uploads: one photo as multipart; answers the stored photo (url, key, width, height, sizes). */
export async function uploadPhoto(file: File, options: UploadOptions = {}): Promise<TPhoto> {
  const { ok: _ok, ...photo } = await uploadFile(uploadsCalls.uploadPhoto, file, options);
  return photo;
}
