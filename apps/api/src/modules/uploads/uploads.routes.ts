import type { FastifyInstance, FastifyRequest } from 'fastify';
import { uploadsCalls } from '@betoch/contracts/routes/uploads';
import type { MultipartFile } from '@fastify/multipart';
import type { AppContext } from '../../app-context.ts';
import { AppError } from '../../lib/app-error.ts';
import { route } from '../../lib/route.ts';
import { FILE_NAME_PATTERN, UPLOAD_KEY_PATTERN, type PhotoStorage } from './photo-storage.ts';
import type { UploadsService } from './uploads.service.ts';

/** Reads the one file of a multipart request into memory (at most PHOTO_MAX_BYTES, else 413). */
async function readOneFile(req: FastifyRequest): Promise<Buffer> {
  if (!req.isMultipart()) throw new AppError('unsupported_media_type', 'Send the photo as multipart/form-data.');
  let part;
  try {
    part = await req.file();
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'FST_REQ_FILE_TOO_LARGE' || code === 'FST_FILES_LIMIT' || code === 'FST_PARTS_LIMIT') {
      throw new AppError('image_too_large', 'Photos must be at most 10 MB.');
    }
    throw new AppError('validation_error', undefined, { fields: { file: 'A photo is required' } });
  }
  if (!part) throw new AppError('validation_error', undefined, { fields: { file: 'A photo is required' } });
  return readSlowly(part.file);
}

/**
 * The file's bytes, letting other calls run after each chunk: read in one go (part.toBuffer()),
 * photos arriving at once held the event loop for long turns (docs/performance.md, 'Figures behind choices in the code'). While this waits, the
 * stream's buffer fills and backpressure stops reading the socket, so each turn of the loop takes
 * a little of each upload.
 */
async function readSlowly(file: MultipartFile['file']): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of file as AsyncIterable<Buffer>) {
    // Past the limit the stream ends by itself (busboy stops it); nothing more is kept.
    if (!file.truncated) chunks.push(chunk);
    await new Promise<void>((resolve) => setImmediate(resolve));
  }
  if (file.truncated) throw new AppError('image_too_large', 'Photos must be at most 10 MB.');
  return Buffer.concat(chunks);
}

export function uploadsRoutes(app: FastifyInstance, ctx: AppContext, uploads: UploadsService, storage: PhotoStorage): void {
  route(app, ctx, {
    ...uploadsCalls.uploadPhoto,
    summary: 'Upload one photo (multipart form, one file): JPG, PNG or WebP, at most 10 MB and 40 megapixels',
    tags: ['listings'],
    auth: 'user',
    errors: [403, 413, 415, 429],
    handler: async ({ user, req }) => {
      const content = await readOneFile(req);
      return { ok: true as const, ...(await uploads.upload(user, content)) };
    },
  });

  // The stored renditions. Keys are random and files never change, so browsers and proxies keep them.
  app.get<{ Params: { key: string; file: string } }>('/media/:key/:file', async (req, reply) => {
    const { key, file } = req.params;
    if (!UPLOAD_KEY_PATTERN.test(key) || !FILE_NAME_PATTERN.test(file)) throw new AppError('not_found');
    const data = await storage.read(`${key}/${file}`);
    if (!data) throw new AppError('not_found');
    return reply
      .header('content-type', 'image/webp')
      .header('cache-control', 'public, max-age=31536000, immutable')
      .header('x-content-type-options', 'nosniff')
      .header('content-disposition', 'inline')
      .send(data);
  });
}
