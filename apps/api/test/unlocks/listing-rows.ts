import { randomUUID } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { listings, type NewListingRow, type StoredPhoto } from '../../src/db/schema/listings.ts';
import { users } from '../../src/db/schema/users.ts';
import type { SignedIn } from '../support/login.ts';
import type { TestApp } from '../support/test-app.ts';
import { userIdOf } from '../support/wallet.ts';

/** A stored photo record as the upload pipeline keeps it (no file behind it: tests read URLs only). */
export function storedPhoto(): StoredPhoto {
  const key = randomUUID();
  return {
    key,
    width: 1280,
    height: 960,
    sizes: [
      { width: 320, height: 240, key: `${key}/320.webp`, bytes: 9000 },
      { width: 1280, height: 960, key: `${key}/1280.webp`, bytes: 90000 },
    ],
    placeholder: 'data:image/webp;base64,UklGRg==',
  };
}

/**
 * Inserts listings of the poster straight through the listings schema (live, contact shown,
 * one photo unless overridden). The unlock tests need many live listings fast; publishing through
 * the API is the listings tests' job.
 */
export async function insertListings(t: TestApp, poster: SignedIn, n: number, overrides: Partial<NewListingRow> = {}): Promise<string[]> {
  const posterId = await userIdOf(t, poster);
  const now = t.clock.now();
  const rows = Array.from({ length: n }, (_, i) => ({
    posterId,
    title: `Apartment in Bole ${i + 1}`,
    description: 'Two bedrooms, water tank, close to the ring road.',
    type: 'apartment' as const,
    priceEtb: 15000 + i,
    bedrooms: 2,
    bathrooms: 1,
    subcity: 'Bole',
    source: poster.user.userType === 'delala' ? ('delala' as const) : ('landlord' as const),
    contactPreference: 'show' as const,
    visibility: 'live' as const,
    photos: [storedPhoto()],
    publishedAt: now,
    ...overrides,
  }));
  const inserted = await t.ctx.db.insert(listings).values(rows).returning({ id: listings.id });
  return inserted.map((r) => r.id);
}

export async function insertListing(t: TestApp, poster: SignedIn, overrides: Partial<NewListingRow> = {}): Promise<string> {
  const [id] = await insertListings(t, poster, 1, overrides);
  return id!;
}

export async function setListing(t: TestApp, id: string, patch: Partial<NewListingRow>): Promise<void> {
  await t.ctx.db.update(listings).set(patch).where(eq(listings.id, id));
}

/** Moderation's effect on a user, as the admin calls will write it. */
export async function setUserStanding(
  t: TestApp,
  user: SignedIn,
  status: 'active' | 'suspended' | 'banned',
  suspendedUntil: Date | null = null,
): Promise<void> {
  await t.ctx.db
    .update(users)
    .set({ status, suspendedUntil })
    .where(eq(users.id, await userIdOf(t, user)));
}
