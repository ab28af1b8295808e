import { expect } from 'vitest';
import sharp from 'sharp';
import type { InjectOptions, LightMyRequestResponse } from 'fastify';
import type { TDuplicateCluster, TManualAdjustment, TModerationCase } from '@betoch/contracts/admin';
import type { TListingCard } from '@betoch/contracts/listings';
import type { TPhoto } from '@betoch/contracts/uploads';
import { createListingsTestApp, createListing, publishListing, setPhotos, uploadTestPhoto, type ListingOverrides } from '../support/factories.ts';
import { logIn, signUp, type SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { seededRandom } from '../../src/modules/demo-seed/demo-market.ts';

/** Three admin phones: an adjustment's author and two other admins who may review it. */
export const ADMIN_PHONES = ['+251900000001', '+251900000002', '+251900000003'] as const;

/** A test app (photos in a temp dir) with three admin phones. */
export function createTrustTestApp(): Promise<TestApp> {
  return createListingsTestApp({ ADMIN_PHONES: ADMIN_PHONES.join(',') });
}

/** Signs up (or in) the n-th admin (0, 1 or 2). */
export async function admin(t: TestApp, n: 0 | 1 | 2 = 0): Promise<SignedIn> {
  const phone = ADMIN_PHONES[n];
  const existing = await t.database.sql.query('SELECT 1 FROM users WHERE phone = $1', [phone]);
  return existing.length ? logIn(t, phone) : signUp(t, { phone, name: `Admin ${n + 1}` });
}

export function call(t: TestApp, who: SignedIn | null, method: 'GET' | 'POST', url: string, payload?: InjectOptions['payload']) {
  return t.request({ method, url, headers: who ? who.auth : {}, ...(payload === undefined ? {} : { payload }) });
}

export function expectStatus(res: LightMyRequestResponse, status: number, error?: string): void {
  expect(res.statusCode, res.body).toBe(status);
  if (error) expect(res.json().error).toBe(error);
}

export function reportRaw(t: TestApp, who: SignedIn | null, targetType: string, targetId: string, reason: string = 'fake', details?: string) {
  return call(t, who, 'POST', '/api/reports', { targetType, targetId, reason, ...(details === undefined ? {} : { details }) });
}

export async function report(t: TestApp, who: SignedIn, targetType: 'listing' | 'conversation', targetId: string, reason = 'fake') {
  const res = await reportRaw(t, who, targetType, targetId, reason);
  expectStatus(res, 201);
  return res.json().report as { _id: string };
}

export async function cases(t: TestApp, who: SignedIn, status: 'open' | 'closed' = 'open'): Promise<TModerationCase[]> {
  const res = await call(t, who, 'GET', `/api/admin/moderation/cases?status=${status}&limit=50`);
  expectStatus(res, 200);
  return res.json().data.items as TModerationCase[];
}

/** The case of a target in the list of that status (undefined when there is none). */
export async function caseOf(t: TestApp, who: SignedIn, targetId: string, status: 'open' | 'closed' = 'open'): Promise<TModerationCase | undefined> {
  return (await cases(t, who, status)).find((c) => c.target.id === targetId);
}

export function actRaw(t: TestApp, who: SignedIn | null, caseId: string, action: string, reason = `Admin action: ${action}`) {
  return call(t, who, 'POST', `/api/admin/moderation/cases/${caseId}/actions`, { action, reason });
}

export async function act(t: TestApp, who: SignedIn, caseId: string, action: string, reason?: string): Promise<TModerationCase> {
  const res = await actRaw(t, who, caseId, action, reason);
  expectStatus(res, 200);
  return res.json().data.case as TModerationCase;
}

export async function browseIds(t: TestApp, query = ''): Promise<string[]> {
  const res = await t.request({ method: 'GET', url: `/api/listings?limit=50${query}` });
  expectStatus(res, 200);
  return (res.json().listings as TListingCard[]).map((l) => l._id);
}

export function detail(t: TestApp, who: SignedIn | null, listingId: string) {
  return call(t, who, 'GET', `/api/listings/${listingId}`);
}

export async function clusters(t: TestApp, who: SignedIn, status = 'open'): Promise<TDuplicateCluster[]> {
  const res = await call(t, who, 'GET', `/api/admin/moderation/duplicates?status=${status}`);
  expectStatus(res, 200);
  return res.json().data.items as TDuplicateCluster[];
}

export async function pendingAdjustments(t: TestApp, who: SignedIn, status = 'pending'): Promise<TManualAdjustment[]> {
  const res = await call(t, who, 'GET', `/api/admin/payments/manual-adjustments?status=${status}`);
  expectStatus(res, 200);
  return res.json().data.items as TManualAdjustment[];
}

/**
 * A photo-like JPEG: 16 x 12 blocks of random colour, scaled up smoothly. Each seed is a different
 * picture with plenty of structure, so its dHash is informative and unlike other seeds'.
 */
export async function photo(seed: number, width = 480, height = 360): Promise<Buffer> {
  const next = seededRandom(seed);
  const cols = 16;
  const rows = 12;
  const raw = Buffer.alloc(cols * rows * 3);
  for (let i = 0; i < raw.length; i += 1) raw[i] = Math.floor(next() * 256);
  return sharp(raw, { raw: { width: cols, height: rows, channels: 3 } })
    .resize(width, height, { kernel: 'cubic' })
    .jpeg({ quality: 90 })
    .toBuffer();
}

/** The same picture as someone would re-save it: 85% of the size, stronger compression, a little brighter. */
export async function reencoded(image: Buffer): Promise<Buffer> {
  const meta = await sharp(image).metadata();
  return sharp(image)
    .resize(Math.round((meta.width ?? 480) * 0.85))
    .modulate({ brightness: 1.05 })
    .jpeg({ quality: 60 })
    .toBuffer();
}

export async function uploadPhotos(t: TestApp, owner: SignedIn, images: Buffer[]): Promise<TPhoto[]> {
  const out: TPhoto[] = [];
  for (const image of images) out.push(await uploadTestPhoto(t, owner, image));
  return out;
}

/** Creates a listing with these pictures and publishes it; answers the listing id. */
export async function publishWithPhotos(t: TestApp, owner: SignedIn, images: Buffer[], overrides: ListingOverrides = {}): Promise<string> {
  const listing = await createListing(t, owner, overrides);
  const photos = await uploadPhotos(t, owner, images);
  expectStatus(
    await setPhotos(
      t,
      owner,
      listing._id,
      photos.map((p) => p.key),
    ),
    200,
  );
  expectStatus(await publishListing(t, owner, listing._id), 200);
  return listing._id;
}

/** A description of about 30 words, different for each seed. */
export function description(seed: number): string {
  const words = ['bright', 'quiet', 'spacious', 'modern', 'sunny', 'cosy', 'renovated', 'airy', 'secure', 'furnished', 'new', 'large'];
  const places = ['Bole', 'Kazanchis', 'Piassa', 'Megenagna', 'Sarbet', 'Gerji', 'Lebu', 'Ayat', 'CMC', 'Summit', 'Jemo', 'Mexico'];
  const pick = seededRandom(seed * 7919 + 13);
  const parts: string[] = [];
  for (let i = 0; i < 6; i += 1) {
    parts.push(`${words[Math.floor(pick() * words.length)]} home near ${places[Math.floor(pick() * places.length)]} number ${Math.floor(pick() * 1000)}`);
  }
  return `${parts.join(', ')}.`;
}
