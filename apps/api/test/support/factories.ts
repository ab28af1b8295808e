import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import zlib from 'node:zlib';
import sharp from 'sharp';
import type { LightMyRequestResponse } from 'fastify';
import type { TCreateListingRequest, TOwnerListing, TPublishListingAnswer } from '@betoch/contracts/listings';
import type { TPhoto } from '@betoch/contracts/uploads';
import { createPhotoStorage } from '../../src/modules/uploads/create-photo-storage.ts';
import { createUploadsService, type UploadsService } from '../../src/modules/uploads/uploads.service.ts';
import { createWorkQueue } from '../../src/modules/uploads/work-queue.ts';
import { createTestApp, type TestApp } from './test-app.ts';
import { logIn, signUp, type SignedIn } from './login.ts';

/**
 * A test app whose photos go to a fresh temporary DATA_DIR (removed on close), so tests never
 * write into ./data. Use it for anything that uploads.
 */
export async function createListingsTestApp(envOverrides: Record<string, string> = {}): Promise<TestApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'betoch-test-'));
  const t = await createTestApp({ DATA_DIR: dataDir, ...envOverrides });
  const close = t.close;
  return {
    ...t,
    close: async () => {
      await close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** The first admin phone of createTestApp's ADMIN_PHONES: signing up with it makes an admin. */
export const TEST_ADMIN_PHONE = '+251900000001';

export async function signUpAdmin(t: TestApp): Promise<SignedIn> {
  const existing = await t.database.sql.query<{ id: string }>('SELECT id FROM users WHERE phone = $1', [TEST_ADMIN_PHONE]);
  if (existing.length) return logIn(t, TEST_ADMIN_PHONE);
  return signUp(t, { phone: TEST_ADMIN_PHONE, name: 'Test Admin' });
}

/** A small real image. Each call with a different `seed` gives a different picture. */
export async function testImage(options: { width?: number; height?: number; format?: 'jpeg' | 'png' | 'webp'; seed?: number } = {}): Promise<Buffer> {
  const width = options.width ?? 64;
  const height = options.height ?? 48;
  const seed = options.seed ?? Math.floor(Math.random() * 360);
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}">
<rect width="${width}" height="${height}" fill="hsl(${seed % 360},60%,60%)"/>
<rect x="${width / 4}" y="${height / 4}" width="${width / 2}" height="${height / 2}" fill="hsl(${(seed + 180) % 360},60%,30%)"/></svg>`;
  const image = sharp(Buffer.from(svg));
  const format = options.format ?? 'jpeg';
  return format === 'png' ? image.png().toBuffer() : format === 'webp' ? image.webp().toBuffer() : image.jpeg().toBuffer();
}

/** A PNG whose header declares width x height but which holds almost no data (a decompression bomb). */
export function pngDeclaring(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(zlib.crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // RGB
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(Buffer.alloc(1024))),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

/** A multipart/form-data body with one file field. */
export function multipart(
  content: Buffer,
  options: { filename?: string; contentType?: string; field?: string } = {},
): { payload: Buffer; headers: Record<string, string> } {
  const boundary = `----betoch${Math.random().toString(16).slice(2)}`;
  const head =
    `--${boundary}\r\nContent-Disposition: form-data; name="${options.field ?? 'file'}"; filename="${options.filename ?? 'photo.jpg'}"\r\n` +
    `Content-Type: ${options.contentType ?? 'image/jpeg'}\r\n\r\n`;
  return {
    payload: Buffer.concat([Buffer.from(head), content, Buffer.from(`\r\n--${boundary}--\r\n`)]),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** POST /api/uploads with any bytes; answers the raw response. */
export function uploadRaw(
  t: TestApp,
  owner: SignedIn | null,
  content: Buffer,
  options: { filename?: string; contentType?: string } = {},
): Promise<LightMyRequestResponse> {
  const body = multipart(content, options);
  return t.request({
    method: 'POST',
    url: '/api/uploads',
    payload: body.payload,
    headers: { ...body.headers, ...(owner ? owner.auth : {}) },
  });
}

/** Uploads a small generated JPEG (or the given image) and answers the stored photo. */
export async function uploadTestPhoto(t: TestApp, owner: SignedIn, image?: Buffer): Promise<TPhoto> {
  const res = await uploadRaw(t, owner, image ?? (await testImage()));
  if (res.statusCode !== 201) throw new Error(`upload failed: ${res.statusCode} ${res.body}`);
  return res.json() as TPhoto;
}

/** Fields of a create payload; anything else too, to test what the server ignores or refuses. */
export type ListingOverrides = Partial<Record<keyof TCreateListingRequest, unknown>> & Record<string, unknown>;

export function listingPayload(overrides: ListingOverrides = {}): Record<string, unknown> {
  return {
    title: '2-Bedroom Apartment in Bole',
    description: 'Bright apartment near Bole Atlas with water tank and parking.',
    type: 'apartment',
    price_etb: 25000,
    bedrooms: 2,
    bathrooms: 1,
    area_sqm: 85,
    specific_location: 'Bole Atlas',
    subcity: 'Bole',
    contact_preference: 'show',
    ...overrides,
  };
}

/** POST /api/listings (a draft) and answers the owner's view. */
export async function createListing(t: TestApp, owner: SignedIn, overrides: ListingOverrides = {}): Promise<TOwnerListing> {
  const res = await t.request({ method: 'POST', url: '/api/listings', headers: owner.auth, payload: listingPayload(overrides) });
  if (res.statusCode !== 201) throw new Error(`create listing failed: ${res.statusCode} ${res.body}`);
  return res.json().listing as TOwnerListing;
}

/** PATCH /api/listings/{id} with the photo keys, in order. */
export async function setPhotos(t: TestApp, owner: SignedIn, listingId: string, keys: string[]): Promise<LightMyRequestResponse> {
  return t.request({ method: 'PATCH', url: `/api/listings/${listingId}`, headers: owner.auth, payload: { photos: keys } });
}

/** A draft with `photos` uploaded and attached (1 by default): ready to publish. */
export async function createDraftWithPhotos(t: TestApp, owner: SignedIn, overrides: ListingOverrides = {}, photos = 1): Promise<TOwnerListing> {
  const listing = await createListing(t, owner, overrides);
  const keys: string[] = [];
  for (let i = 0; i < photos; i += 1) keys.push((await uploadTestPhoto(t, owner)).key);
  const res = await setPhotos(t, owner, listing._id, keys);
  if (res.statusCode !== 200) throw new Error(`attach photos failed: ${res.statusCode} ${res.body}`);
  return res.json().listing as TOwnerListing;
}

/** POST /api/listings/{id}/publish; answers the raw response (its status is often the point). */
export function publishListing(t: TestApp, actor: SignedIn, listingId: string): Promise<LightMyRequestResponse> {
  return t.request({ method: 'POST', url: `/api/listings/${listingId}/publish`, headers: actor.auth });
}

/** A published listing with one photo. */
export async function createLiveListing(t: TestApp, owner: SignedIn, overrides: ListingOverrides = {}): Promise<TOwnerListing> {
  const draft = await createDraftWithPhotos(t, owner, overrides);
  const res = await publishListing(t, owner, draft._id);
  if (res.statusCode !== 200) throw new Error(`publish failed: ${res.statusCode} ${res.body}`);
  return (res.json() as TPublishListingAnswer).listing;
}

/**
 * Moderation stand-ins until the admin calls exist: suspend (until a date), ban, block posting,
 * hide a listing. They write the same columns those calls will.
 */
export async function suspendUser(t: TestApp, who: SignedIn, until: Date): Promise<void> {
  await t.database.sql.query("UPDATE users SET status = 'suspended', suspended_until = $2 WHERE phone = $1", [who.phone, until.toISOString()]);
}

export async function banUser(t: TestApp, who: SignedIn): Promise<void> {
  await t.database.sql.query("UPDATE users SET status = 'banned' WHERE phone = $1", [who.phone]);
}

export async function blockPosting(t: TestApp, who: SignedIn, reason: string): Promise<void> {
  await t.database.sql.query('UPDATE users SET posting_blocked_reason = $2, posting_blocked_at = now() WHERE phone = $1', [who.phone, reason]);
}

export async function hideListing(t: TestApp, listingId: string, reason = 'report_threshold'): Promise<void> {
  await t.database.sql.query('UPDATE listings SET admin_hidden = true, hidden_reason = $2, hidden_at = now() WHERE id = $1', [listingId, reason]);
}

/** The uploads service of a test app's photo store, for calling the orphan sweep with the test clock. */
export function uploadsServiceOf(t: TestApp): UploadsService {
  return createUploadsService(t.ctx, createPhotoStorage(t.env), createWorkQueue({ concurrency: 1, maxWaiting: 10 }));
}

export { signUp };
export type { SignedIn };
