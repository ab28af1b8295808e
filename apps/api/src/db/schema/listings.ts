import { sql } from 'drizzle-orm';
import { bigint, boolean, index, integer, jsonb, pgTable, text, uuid } from 'drizzle-orm/pg-core';
import { PLACE_TEXT_SQL } from '../place-fold.ts';
import { users } from './users.ts';
import { createdAtColumn, idColumn, timestamptz } from './columns.ts';

/** One rendition of a photo: a WebP file of the given size under the storage key. */
export interface StoredPhotoSize {
  width: number;
  height: number;
  key: string;
  bytes: number;
}

/** A photo as a listing keeps it (denormalised from uploads, so browse reads one row per card). */
export interface StoredPhoto {
  key: string;
  width: number;
  height: number;
  sizes: StoredPhotoSize[];
  placeholder: string;
  /**
   * The card's colour tint of the placeholder (modules/listings/card-tint.ts), made when the photo
   * is put on a listing; null when none can be made. Absent on photos stored before it was kept.
   */
  tint?: string | null;
}

/** The first photo as the cover_photo column holds it: the largest size, every width, the placeholder and its tint. */
export interface CoverPhoto {
  key: string;
  width: number;
  height: number;
  widths: number[];
  placeholder: string;
  /** Null when the photo was stored without one (or none could be made). */
  tint: string | null;
}

const LIVE_NOT_HIDDEN = sql`visibility = 'live' AND admin_hidden = false`;

export const listings = pgTable(
  'listings',
  {
    id: idColumn(),
    posterId: uuid('poster_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** As typed; for a generated title its English form ('Apartment in Bole'). */
    title: text('title').notNull(),
    /** The app made the title from type, bedrooms and subcity: read in each reader's language (migration 0013). */
    titleGenerated: boolean('title_generated').notNull().default(false),
    description: text('description').notNull(),
    type: text('type', { enum: ['apartment', 'villa', 'condo', 'house', 'studio', 'condominium'] }).notNull(),
    priceEtb: integer('price_etb').notNull(),
    /** 0 = studio; null = not given. */
    bedrooms: integer('bedrooms'),
    bathrooms: integer('bathrooms'),
    areaSqm: integer('area_sqm'),
    specificLocation: text('specific_location'),
    subcity: text('subcity').notNull(),
    source: text('source', { enum: ['landlord', 'delala'] }).notNull(),
    contactPreference: text('contact_preference', { enum: ['hide', 'show'] })
      .notNull()
      .default('hide'),
    visibility: text('visibility', { enum: ['draft', 'live', 'expired'] })
      .notNull()
      .default('draft'),
    adminHidden: boolean('admin_hidden').notNull().default(false),
    hiddenReason: text('hidden_reason'),
    hiddenAt: timestamptz('hidden_at'),
    photos: jsonb('photos').$type<StoredPhoto[]>().notNull().default([]),
    publishedAt: timestamptz('published_at'),
    /** Freshness (migration 0016, modules/freshness): when availability was last confirmed. */
    confirmedAt: timestamptz('confirmed_at'),
    /** When the 14-day question went out for this confirmation (null: not yet). */
    confirmAskedAt: timestamptz('confirm_asked_at'),
    /** When it expired (visibility 'expired') and why. */
    expiredAt: timestamptz('expired_at'),
    expiredReason: text('expired_reason', { enum: ['unconfirmed', 'tenant_asks'] }),
    createdAt: createdAtColumn(),
    updatedAt: timestamptz('updated_at').notNull().defaultNow(),
    /**
     * What the public reads of the free text: contact details replaced by the marker, written with
     * the text (listing-text-masking.ts, migration 0008); null only until the start masks the row.
     */
    titleMasked: text('title_masked'),
    descriptionMasked: text('description_masked'),
    specificLocationMasked: text('specific_location_masked'),
    /** The masker's version the masked columns were written with (0: not yet masked). */
    maskedWith: integer('masked_with').notNull().default(0),
    /** The masked title and specific location folded for the place search (migration 0008, never written). */
    placeText: text('place_text').generatedAlwaysAs(sql.raw(PLACE_TEXT_SQL)),
    /** The distinct pieces of two and three letters of place_text (migration 0020, never written): the place search's index. */
    placeGrams: text('place_grams')
      .array()
      .notNull()
      .generatedAlwaysAs(sql.raw(`betoch_place_grams(${PLACE_TEXT_SQL})`)),
    /**
     * The poster's standing, kept by triggers (migration 0007): null in good standing, else until
     * when the poster's listings stay out of public view ('infinity' for a ban). Never written here.
     */
    posterBlockedUntil: timestamptz('poster_blocked_until'),
    /** The poster is verified with Fayda, kept by triggers (migration 0022). Never written here. */
    posterVerified: boolean('poster_verified').notNull().default(false),
    /** Condo and condominium as one (migration 0007, never written): the type filter's column. */
    typeGroup: text('type_group').generatedAlwaysAs(sql`CASE WHEN type = 'condominium' THEN 'condo' ELSE type END`),
    /** What a browse card needs of the first photo, and the photo count (migration 0007, never written). */
    coverPhoto: jsonb('cover_photo')
      .$type<CoverPhoto | null>()
      .generatedAlwaysAs(sql`betoch_cover_photo(photos)`),
    photoCount: integer('photo_count')
      .notNull()
      .generatedAlwaysAs(sql`jsonb_array_length(photos)`),
    /** Move-in cost parts (migration 0017): null = not given. At most 2 months of advance (Proclamation 1320/2024). */
    advanceMonths: integer('advance_months'),
    depositEtb: integer('deposit_etb'),
    /** Brokers: their fee in ETB, or as a share (percent) of one month's rent. */
    brokerFeeEtb: integer('broker_fee_etb'),
    brokerFeePercent: integer('broker_fee_percent'),
  },
  (t) => [
    // Newest first per filter combination; the other filters' columns ride along as trailing keys,
    // checked on the index entry (migration 0020).
    index('listings_browse_idx').on(t.publishedAt.desc(), t.id.desc(), t.typeGroup, t.subcity, t.source, t.priceEtb).where(LIVE_NOT_HIDDEN),
    index('listings_browse_type_idx').on(t.typeGroup, t.publishedAt.desc(), t.id.desc(), t.subcity, t.source, t.priceEtb).where(LIVE_NOT_HIDDEN),
    index('listings_browse_subcity_idx').on(t.subcity, t.publishedAt.desc(), t.id.desc(), t.typeGroup, t.source, t.priceEtb).where(LIVE_NOT_HIDDEN),
    index('listings_browse_subcity_type_idx').on(t.subcity, t.typeGroup, t.publishedAt.desc(), t.id.desc(), t.source, t.priceEtb).where(LIVE_NOT_HIDDEN),
    index('listings_browse_verified_idx')
      .on(t.publishedAt.desc(), t.id.desc(), t.typeGroup, t.subcity, t.source, t.priceEtb)
      .where(sql`visibility = 'live' AND admin_hidden = false AND poster_verified`),
    index('listings_place_grams_idx').using('gin', t.placeGrams).where(LIVE_NOT_HIDDEN),
    index('listings_browse_price_idx').on(t.priceEtb).where(LIVE_NOT_HIDDEN),
    index('listings_poster_idx').on(t.posterId, t.createdAt.desc()),
    // Moderation reads listings by poster and hidden date (the broker auto-block rule).
    index('listings_hidden_poster_idx')
      .on(t.posterId, t.hiddenAt)
      .where(sql`admin_hidden = true`),
    index('listings_masked_with_idx').on(t.maskedWith),
    index('listings_confirmed_idx')
      .on(t.confirmedAt)
      .where(sql`visibility = 'live'`),
  ],
);

export type ListingRow = typeof listings.$inferSelect;
export type NewListingRow = typeof listings.$inferInsert;

/** Every stored image; listing_id null means no listing uses it (removed a day later). */
export const uploads = pgTable(
  'uploads',
  {
    key: text('key').primaryKey(),
    ownerId: uuid('owner_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    listingId: uuid('listing_id').references(() => listings.id, { onDelete: 'set null' }),
    bytes: integer('bytes').notNull(),
    width: integer('width').notNull(),
    height: integer('height').notNull(),
    sizes: jsonb('sizes').$type<StoredPhotoSize[]>().notNull(),
    placeholder: text('placeholder').notNull(),
    /** 64-bit difference hash as 16 hex digits (duplicate-photo detection). */
    phash: text('phash').notNull(),
    createdAt: createdAtColumn(),
    /** When a listing stopped using it; the day of grace counts from here. */
    releasedAt: timestamptz('released_at'),
  },
  (t) => [
    index('uploads_listing_idx').on(t.listingId),
    index('uploads_phash_idx').on(t.phash),
    // The orphan sweep: photos no listing uses, oldest first.
    index('uploads_orphan_idx')
      .on(sql`(coalesce(released_at, created_at))`)
      .where(sql`listing_id IS NULL`),
  ],
);

export type UploadRow = typeof uploads.$inferSelect;

/**
 * One row whose counter moves on every change to listings (a trigger bumps it, and notifies): the
 * listings module's answer caches are valid only for the version they were built at.
 */
export const listingsVersion = pgTable('listings_version', {
  id: boolean('id').primaryKey().default(true),
  v: bigint('v', { mode: 'number' }).notNull().default(0),
  /** The oldest version whose changes listing_changes still holds (migration 0021). */
  changesFrom: bigint('changes_from', { mode: 'number' }).notNull().default(0),
});

/** The listings each version changed, written at commit by the version's trigger (migration 0021). */
export const listingChanges = pgTable(
  'listing_changes',
  {
    v: bigint('v', { mode: 'number' }).notNull(),
    listingId: uuid('listing_id').notNull(),
  },
  (t) => [index('listing_changes_v_idx').on(t.v)],
);
