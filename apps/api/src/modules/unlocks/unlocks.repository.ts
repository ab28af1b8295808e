import { and, desc, eq, inArray } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client.ts';
import { listings, type ListingRow, type StoredPhoto } from '../../db/schema/listings.ts';
import { contactUnlocks } from '../../db/schema/unlocks.ts';
import { users } from '../../db/schema/users.ts';

export interface UnlockRecord {
  id: string;
  usedCredit: boolean;
  createdAt: Date;
}

export async function findUnlock(db: DbOrTx, userId: string, listingId: string): Promise<UnlockRecord | undefined> {
  const [row] = await db
    .select({ id: contactUnlocks.id, usedCredit: contactUnlocks.usedCredit, createdAt: contactUnlocks.createdAt })
    .from(contactUnlocks)
    .where(and(eq(contactUnlocks.userId, userId), eq(contactUnlocks.listingId, listingId)))
    .limit(1);
  return row;
}

/** Records the unlock; undefined when one already exists (the unique pair is the backstop). */
export async function insertUnlock(
  db: DbOrTx,
  unlock: { id: string; userId: string; listingId: string; usedCredit: boolean; createdAt: Date },
): Promise<UnlockRecord | undefined> {
  const [row] = await db
    .insert(contactUnlocks)
    .values(unlock)
    .onConflictDoNothing({ target: [contactUnlocks.userId, contactUnlocks.listingId] })
    .returning({ id: contactUnlocks.id, usedCredit: contactUnlocks.usedCredit, createdAt: contactUnlocks.createdAt });
  return row;
}

/** The poster phones of those of the listings the user has unlocked, by listing id. */
export async function findUnlockedPhones(db: DbOrTx, userId: string, listingIds: string[]): Promise<Map<string, string>> {
  if (listingIds.length === 0) return new Map();
  const rows = await db
    .select({ listingId: contactUnlocks.listingId, phone: users.phone })
    .from(contactUnlocks)
    .innerJoin(listings, eq(listings.id, contactUnlocks.listingId))
    .innerJoin(users, eq(users.id, listings.posterId))
    .where(and(eq(contactUnlocks.userId, userId), inArray(contactUnlocks.listingId, listingIds)));
  return new Map(rows.map((r) => [r.listingId, r.phone]));
}

export interface MyUnlockRow {
  id: string;
  usedCredit: boolean;
  createdAt: Date;
  listingId: string;
  title: string;
  titleMasked: string | null;
  titleGenerated: boolean;
  subcity: string;
  type: ListingRow['type'];
  bedrooms: number | null;
  priceEtb: number;
  photos: StoredPhoto[];
  posterPhone: string;
}

/** The user's unlocks with their listings and poster phones, newest first. */
export async function listMyUnlocks(db: DbOrTx, userId: string): Promise<MyUnlockRow[]> {
  return db
    .select({
      id: contactUnlocks.id,
      usedCredit: contactUnlocks.usedCredit,
      createdAt: contactUnlocks.createdAt,
      listingId: listings.id,
      title: listings.title,
      titleMasked: listings.titleMasked,
      titleGenerated: listings.titleGenerated,
      subcity: listings.subcity,
      type: listings.type,
      bedrooms: listings.bedrooms,
      priceEtb: listings.priceEtb,
      photos: listings.photos,
      posterPhone: users.phone,
    })
    .from(contactUnlocks)
    .innerJoin(listings, eq(listings.id, contactUnlocks.listingId))
    .innerJoin(users, eq(users.id, listings.posterId))
    .where(eq(contactUnlocks.userId, userId))
    .orderBy(desc(contactUnlocks.createdAt), desc(contactUnlocks.id));
}
