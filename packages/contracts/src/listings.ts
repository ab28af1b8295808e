import { z } from 'zod';
import {
  ADVANCE_MONTHS_MAX,
  BEDROOMS_MAX,
  BROWSE_MAX_PAGE_SIZE,
  BROWSE_QUERY_MAX_LENGTH,
  BROWSE_PAGE_SIZE,
  CONTACT_PREFERENCES,
  LISTING_SOURCES,
  LISTING_TYPES,
  normalizeSubcity,
  PHOTOS_MAX,
  VISIBILITIES,
} from './constants.ts';
import { okAnswer } from './common.ts';
import { CONFIRMED_RECENTLY_DAYS } from './freshness-rules.ts';
import { dropInvisible } from './invisible-characters.ts';
import { TINT_PATTERN } from './card-photo.ts';
import { ZPhoto } from './uploads.ts';

/** Validation messages of the draft form, answered in `fields` of a 400. */
export const LISTING_MESSAGES = {
  titleRequired: 'Title is required',
  descriptionRequired: 'Description is required',
  typeRequired: 'Property type is required',
  priceInvalid: 'Price must be a valid positive number',
  bedroomsRange: 'Bedrooms must be between 1 and 20',
  subcityRequired: 'Subcity is required',
  bathroomsRange: 'Bathrooms must be between 0 and 20',
  areaInvalid: 'Area must be a valid positive number',
  tooManyPhotos: `At most ${PHOTOS_MAX} photos`,
  photoKeyInvalid: 'Photo not found',
  visibilityInvalid: 'Use publish to make a listing live',
  advanceTooHigh: 'The rent law (Proclamation No. 1320/2024) allows at most two months of advance rent',
  advanceInvalid: 'Advance must be a whole number of months (0, 1 or 2)',
  depositInvalid: 'Deposit must be a valid amount in birr',
  brokerFeeInvalid: 'Broker fee must be a valid amount in birr',
  brokerFeePercentInvalid: "Broker fee share must be between 1 and 100 percent of one month's rent",
} as const;

export const DEPOSIT_MAX_ETB = 100_000_000;

export const TITLE_MAX = 120;
export const DESCRIPTION_MAX = 5000;
export const SPECIFIC_LOCATION_MAX = 120;
export const PRICE_MAX_ETB = 100_000_000;
export const AREA_MAX_SQM = 100_000;

/** Form inputs often arrive as strings ('15,000', '3', ''): '' is "not given", digits are numbers. */
function numberish(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim().replace(/[,\s]/g, '');
  if (trimmed === '') return undefined;
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : value;
}

function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

const ZTitle = z
  .string({ error: LISTING_MESSAGES.titleRequired })
  .overwrite(dropInvisible)
  .trim()
  .min(1, LISTING_MESSAGES.titleRequired)
  .max(TITLE_MAX, `Title must be at most ${TITLE_MAX} characters`);

const ZDescription = z
  .string({ error: LISTING_MESSAGES.descriptionRequired })
  .overwrite(dropInvisible)
  .trim()
  .min(1, LISTING_MESSAGES.descriptionRequired)
  .max(DESCRIPTION_MAX, `Description must be at most ${DESCRIPTION_MAX} characters`);

export const ZListingType = z.enum(LISTING_TYPES, { error: LISTING_MESSAGES.typeRequired });

/** ETB per month, whole birr (a decimal input is rounded). */
const ZPrice = z.preprocess(
  numberish,
  z
    .number({ error: LISTING_MESSAGES.priceInvalid })
    .positive(LISTING_MESSAGES.priceInvalid)
    .max(PRICE_MAX_ETB, LISTING_MESSAGES.priceInvalid)
    .transform((v) => Math.round(v))
    .refine((v) => v >= 1, LISTING_MESSAGES.priceInvalid),
);

/**
 * Bedrooms: 1 to 20 from the draft form, and 0 for a studio (the wizard's 'studio' choice).
 * Optional; null clears it on an edit.
 */
const ZBedrooms = z.preprocess(
  numberish,
  z
    .number({ error: LISTING_MESSAGES.bedroomsRange })
    .int(LISTING_MESSAGES.bedroomsRange)
    .min(0, LISTING_MESSAGES.bedroomsRange)
    .max(BEDROOMS_MAX, LISTING_MESSAGES.bedroomsRange)
    .nullable()
    .optional(),
);

const ZBathrooms = z.preprocess(
  numberish,
  z
    .number({ error: LISTING_MESSAGES.bathroomsRange })
    .int(LISTING_MESSAGES.bathroomsRange)
    .min(0, LISTING_MESSAGES.bathroomsRange)
    .max(20, LISTING_MESSAGES.bathroomsRange)
    .nullable()
    .optional(),
);

const ZArea = z.preprocess(
  numberish,
  z
    .number({ error: LISTING_MESSAGES.areaInvalid })
    .positive(LISTING_MESSAGES.areaInvalid)
    .max(AREA_MAX_SQM, LISTING_MESSAGES.areaInvalid)
    .transform((v) => Math.round(v))
    .nullable()
    .optional(),
);

/** A subcity of the list, any known spelling; answered in its canonical form. */
export const ZSubcityInput = z.string({ error: LISTING_MESSAGES.subcityRequired }).transform((value, ctx) => {
  const subcity = normalizeSubcity(value);
  if (!subcity) {
    ctx.addIssue({ code: 'custom', message: LISTING_MESSAGES.subcityRequired });
    return z.NEVER;
  }
  return subcity;
});

const ZSpecificLocation = z.preprocess(
  (value) => blankToUndefined(typeof value === 'string' ? dropInvisible(value) : value),
  z.string().trim().max(SPECIFIC_LOCATION_MAX, `Specific location must be at most ${SPECIFIC_LOCATION_MAX} characters`).nullable().optional(),
);

export const ZContactPreference = z.enum(CONTACT_PREFERENCES);

/**
 * Move-in cost: the advance the landlord asks, in months of rent. The rent law
 * (Residential House Rent Control and Administration Proclamation No. 1320/2024) allows at most
 * two months: more is refused with the reason. Null clears it on an edit.
 */
const ZAdvanceMonths = z.preprocess(
  numberish,
  z
    .number({ error: LISTING_MESSAGES.advanceInvalid })
    .int(LISTING_MESSAGES.advanceInvalid)
    .min(0, LISTING_MESSAGES.advanceInvalid)
    .max(ADVANCE_MONTHS_MAX, LISTING_MESSAGES.advanceTooHigh)
    .nullable()
    .optional(),
);

/** A deposit in ETB, if any (0 or absent: none). */
const ZDepositEtb = z.preprocess(
  numberish,
  z
    .number({ error: LISTING_MESSAGES.depositInvalid })
    .min(0, LISTING_MESSAGES.depositInvalid)
    .max(DEPOSIT_MAX_ETB, LISTING_MESSAGES.depositInvalid)
    .transform((v) => Math.round(v))
    .nullable()
    .optional(),
);

/** A broker's fee in ETB (brokers only; the server ignores it for landlords). */
const ZBrokerFeeEtb = z.preprocess(
  numberish,
  z
    .number({ error: LISTING_MESSAGES.brokerFeeInvalid })
    .min(0, LISTING_MESSAGES.brokerFeeInvalid)
    .max(DEPOSIT_MAX_ETB, LISTING_MESSAGES.brokerFeeInvalid)
    .transform((v) => Math.round(v))
    .nullable()
    .optional(),
);

/** A broker's fee as a share of one month's rent, in percent (1 to 100). */
const ZBrokerFeePercent = z.preprocess(
  numberish,
  z
    .number({ error: LISTING_MESSAGES.brokerFeePercentInvalid })
    .int(LISTING_MESSAGES.brokerFeePercentInvalid)
    .min(1, LISTING_MESSAGES.brokerFeePercentInvalid)
    .max(100, LISTING_MESSAGES.brokerFeePercentInvalid)
    .nullable()
    .optional(),
);

/** The move-in fields of a create or an edit. A broker gives the fee in ETB or as a share, not both. */
export const moveInFields = {
  advance_months: ZAdvanceMonths,
  deposit_etb: ZDepositEtb,
  broker_fee_etb: ZBrokerFeeEtb,
  broker_fee_percent: ZBrokerFeePercent,
};

/**
 * True: the title is the app's own '{Type} in {subcity}' (the wizard's, or a suggestion the poster
 * left as it was), kept as generated and read in each reader's language (./listing-title.ts); the
 * server stores its English form, whatever `title` says. False or absent: the title as typed.
 */
const ZTitleGenerated = z.boolean().optional();

/**
 * POST /listings: creates a draft. `source`, `poster_phone`, `visibility`, `admin_hidden` and any
 * other field outside this schema are dropped: the source comes from the poster's account type.
 */
export const ZCreateListingRequest = z.object({
  title: ZTitle,
  title_generated: ZTitleGenerated,
  description: ZDescription,
  type: ZListingType,
  price_etb: ZPrice,
  bedrooms: ZBedrooms,
  bathrooms: ZBathrooms,
  area_sqm: ZArea,
  specific_location: ZSpecificLocation,
  subcity: ZSubcityInput,
  contact_preference: ZContactPreference.default('hide'),
  ...moveInFields,
});
export type TCreateListingRequest = z.input<typeof ZCreateListingRequest>;
export type TCreateListingInput = z.output<typeof ZCreateListingRequest>;

/** A photo in an edit: its upload key, or a photo object as answered earlier (only key is read). */
export const ZPhotoRef = z.union([z.string().trim().min(1).max(200), z.object({ key: z.string().trim().min(1).max(200) }).transform((p) => p.key)]);

/**
 * PATCH /listings/{id}: any subset of the create fields, and/or `photos` (the full ordered list of
 * upload keys, first = primary, at most 8), and/or `visibility: 'draft'` (mark as rented).
 * A draft becomes live only through POST /listings/{id}/publish.
 * Title: `title_generated: true` makes it the generated one; a `title` without it is typed; with
 * neither, a generated title stays generated and follows a new type, bedrooms or subcity.
 */
export const ZUpdateListingRequest = z.object({
  title: ZTitle.optional(),
  title_generated: ZTitleGenerated,
  description: ZDescription.optional(),
  type: ZListingType.optional(),
  price_etb: ZPrice.optional(),
  bedrooms: ZBedrooms,
  bathrooms: ZBathrooms,
  area_sqm: ZArea,
  specific_location: ZSpecificLocation,
  subcity: ZSubcityInput.optional(),
  contact_preference: ZContactPreference.optional(),
  photos: z.array(ZPhotoRef).max(PHOTOS_MAX, LISTING_MESSAGES.tooManyPhotos).optional(),
  visibility: z.enum(VISIBILITIES).optional(),
  ...moveInFields,
});
export type TUpdateListingRequest = z.input<typeof ZUpdateListingRequest>;
export type TUpdateListingInput = z.output<typeof ZUpdateListingRequest>;

/**
 * What a listing answer's visibility may say: also 'expired' (freshness), set only by
 * the server. Here, not in constants.ts, so the app's first code does not carry it.
 */
export const LISTING_STATES = ['live', 'draft', 'expired'] as const;
export type ListingState = (typeof LISTING_STATES)[number];

/** Who posted: for the badge. Never a phone number. */
export const ZPostedBy = z.object({
  /** The verified name when the poster is verified with Fayda. */
  name: z.string().nullable(),
  /** Brokers only. */
  agency_name: z.string().nullable(),
  is_broker: z.boolean(),
  /** Present (true) only when the poster is verified with Fayda (docs/fayda.md): the badge; the name is then the verified name. */
  verified: z.literal(true).optional(),
});
export type TPostedBy = z.infer<typeof ZPostedBy>;

const listingFields = {
  _id: z.string(),
  /** As typed, or the English form of a generated title: show it with listingTitleIn (./listing-title.ts). */
  title: z.string(),
  /** The title is the app's '{Type} in {subcity}': compose it in the reader's language. */
  title_generated: z.boolean(),
  description: z.string(),
  type: ZListingType,
  price_etb: z.number().int(),
  /** 0 = studio; null = not given. */
  bedrooms: z.number().int().nullable(),
  bathrooms: z.number().int().nullable(),
  area_sqm: z.number().int().nullable(),
  specific_location: z.string().nullable(),
  subcity: z.string(),
  source: z.enum(LISTING_SOURCES),
  contact_preference: ZContactPreference,
  visibility: z.enum(LISTING_STATES),
  photos: z.array(ZPhoto),
  posted_by: ZPostedBy,
  published_at: z.string().nullable(),
  /** When the poster last confirmed it is still available (publish, edit, 'Still available'); null: never. */
  confirmed_at: z.string().nullable(),
  createdAt: z.string(),
  updatedAt: z.string(),
  /** Move-in cost parts: null = not given. Broker fee: in ETB or as a share of one month's rent. */
  advance_months: z.number().int().nullable(),
  deposit_etb: z.number().int().nullable(),
  broker_fee_etb: z.number().int().nullable(),
  broker_fee_percent: z.number().int().nullable(),
};

/** A listing as anyone but its poster and admins sees it: this schema has no poster_phone at all. */
export const ZPublicListing = z.object({
  ...listingFields,
  /** How the viewer relates to it: 'public' (contact panel), 'poster' (manage panel), 'admin'. */
  access: z.literal('public'),
});
export type TPublicListing = z.infer<typeof ZPublicListing>;

/** A listing as its poster (access 'poster') or an admin (access 'admin') sees it. */
export const ZOwnerListing = z.object({
  ...listingFields,
  access: z.enum(['poster', 'admin']),
  poster_phone: z.string(),
  admin_hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  /** When the 14-day 'Is it still available?' went out for this confirmation (null: not asked). */
  confirm_asked_at: z.string().nullable(),
  /** When it expired (visibility 'expired') and why: 30 days unconfirmed, or tenants' asks left unanswered. */
  expired_at: z.string().nullable(),
  expired_reason: z.enum(['unconfirmed', 'tenant_asks']).nullable(),
  /** Tenants' 'Is it still available?' asks since the last confirmation (my-listings only). */
  open_asks: z.number().int().optional(),
});
export type TOwnerListing = z.infer<typeof ZOwnerListing>;

/** Either view; the server picks it by who asks, and `access` says which one it is. */
export const ZListing = z.discriminatedUnion('access', [ZPublicListing, ZOwnerListing]);
export type TListing = z.infer<typeof ZListing>;

/**
 * A browse card's photo (./card-photo.ts): the upload key, the widths of its WebP renditions
 * (smallest first; each file at photoFileUrl(key, width)), the largest one's width and height,
 * and a 4x3 colour tint the phone turns into the blurred placeholder. Absent tint: no placeholder.
 */
export const ZCardPhoto = z.object({
  key: z.string(),
  width: z.number().int(),
  height: z.number().int(),
  widths: z.array(z.number().int()),
  tint: z.string().regex(TINT_PATTERN).optional(),
});
export type TCardPhoto = z.infer<typeof ZCardPhoto>;

/**
 * A browse card: only what the card and the featured strip show (20 cards in at most
 * 3 KB gzip). No description, no dates, no poster; only the primary photo in its short form plus
 * the photo count; a fact that was not given (null in the full listing) is left out.
 */
export const ZListingCard = z.object({
  _id: z.string(),
  title: z.string(),
  /** Present (true) only when the title is generated: compose it in the reader's language. */
  title_generated: z.literal(true).optional(),
  type: ZListingType,
  price_etb: z.number().int(),
  /** 0 = studio; absent = not given. */
  bedrooms: z.number().int().optional(),
  bathrooms: z.number().int().optional(),
  area_sqm: z.number().int().optional(),
  specific_location: z.string().optional(),
  subcity: z.string(),
  source: z.enum(LISTING_SOURCES),
  /** At most one: the primary photo. */
  photos: z.array(ZCardPhoto).max(1),
  photo_count: z.number().int(),
  /** Present (true) only when the poster is verified with Fayda: the 'Verified with Fayda' badge. */
  poster_verified: z.literal(true).optional(),
});
export type TListingCard = z.infer<typeof ZListingCard>;

export const ZCreateListingAnswer = okAnswer({ _id: z.string(), listing: ZOwnerListing });
export type TCreateListingAnswer = z.infer<typeof ZCreateListingAnswer>;

export const ZUpdateListingAnswer = okAnswer({ listing: ZOwnerListing });
export type TUpdateListingAnswer = z.infer<typeof ZUpdateListingAnswer>;

export const ZPublishListingAnswer = okAnswer({
  listing: ZOwnerListing,
  /** Brokers: post credits left after this publish. Absent for landlords. */
  post_credits: z.number().int().optional(),
  /** Brokers: true when the unlimited plan covered the publish (no credit taken). */
  covered_by_plan: z.boolean().optional(),
});
export type TPublishListingAnswer = z.infer<typeof ZPublishListingAnswer>;

export const ZListingAnswer = okAnswer({ listing: ZListing });
export type TListingAnswer = z.infer<typeof ZListingAnswer>;

export const ZDeleteListingAnswer = okAnswer({ _id: z.string() });
export type TDeleteListingAnswer = z.infer<typeof ZDeleteListingAnswer>;

/** Counts for the /my-listings stat cards (landlord_live is the spec's; the rest are extras). */
export const ZListingStats = z.object({
  landlord_live: z.number().int(),
  delala_live: z.number().int(),
  live: z.number().int(),
  draft: z.number().int(),
  total: z.number().int(),
  /** Landlords: 3 minus landlord_live, at least 0. */
  remaining_slots: z.number().int(),
});
export type TListingStats = z.infer<typeof ZListingStats>;

/** One of the poster's own listings on /my-listings, with how many people saved it (never who). */
export const ZMyListing = ZOwnerListing.extend({ saved_count: z.number().int() });
export type TMyListing = z.infer<typeof ZMyListing>;

/** GET /listings/my-listings: every own listing (drafts too), newest first. */
export const ZMyListingsAnswer = okAnswer({ listings: z.array(ZMyListing), stats: ZListingStats });
export type TMyListingsAnswer = z.infer<typeof ZMyListingsAnswer>;

/**
 * A price bound in whole birr, as the column stores it: a decimal bound is rounded inwards (1.5 asks
 * for 2 and up, or 1 and below) and a bound past the largest price is refused, never sent to SQL.
 */
function priceFilter(round: (value: number) => number) {
  return z.preprocess(
    numberish,
    z.number({ error: 'Price must be a number' }).min(0, 'Price must be a number').max(PRICE_MAX_ETB, 'Price must be a number').transform(round).optional(),
  );
}

/**
 * GET /listings query. Only live listings are ever browsed (visibility, when sent, must be 'live').
 * `limit` defaults to 20 and is capped at 50. `cursor` (from next_cursor) continues after a page.
 */
export const ZBrowseQuery = z.object({
  visibility: z.preprocess(blankToUndefined, z.literal('live').optional()),
  type: z.preprocess(blankToUndefined, ZListingType.optional()),
  subcity: z.preprocess(blankToUndefined, ZSubcityInput.optional()),
  price_min: priceFilter(Math.ceil),
  price_max: priceFilter(Math.floor),
  source: z.preprocess(blankToUndefined, z.enum(LISTING_SOURCES).optional()),
  /** Place search: a subcity, neighbourhood or landmark in Ge'ez or Latin letters. */
  q: z.preprocess(blankToUndefined, z.string().trim().max(BROWSE_QUERY_MAX_LENGTH).optional()),
  limit: z.preprocess(
    numberish,
    z
      .number()
      .int()
      .min(1)
      .default(BROWSE_PAGE_SIZE)
      .transform((v) => Math.min(v, BROWSE_MAX_PAGE_SIZE)),
  ),
  cursor: z.preprocess(blankToUndefined, z.string().max(200).optional()),
  /** '7': only listings whose availability was confirmed in the last 7 days. Order unchanged. */
  confirmed: z.preprocess(blankToUndefined, z.literal(String(CONFIRMED_RECENTLY_DAYS), { error: 'Use confirmed=7' }).optional()),
  /** '1': 'Verified posters only' (posters verified with Fayda, docs/fayda.md). Order unchanged. */
  verified: z.preprocess(blankToUndefined, z.literal('1', { error: 'Use verified=1' }).optional()),
});
export type TBrowseQuery = z.input<typeof ZBrowseQuery>;
export type TBrowseFilters = z.output<typeof ZBrowseQuery>;

export const ZBrowseAnswer = okAnswer({
  listings: z.array(ZListingCard),
  /** Pass as `cursor` to get the next page; null on the last page. */
  next_cursor: z.string().nullable(),
});
export type TBrowseAnswer = z.infer<typeof ZBrowseAnswer>;
