/** Business constants: the one place both sides read them from. */

export const API_TIMEOUT_MS = 10_000;

export const OTP_LENGTH = 6;
export const OTP_TTL_SECONDS = 300;
export const OTP_MAX_ATTEMPTS = 5;
export const OTP_RESEND_COOLDOWN_SECONDS = 60;
export const OTP_MAX_PER_PHONE_PER_HOUR = 5;
export const OTP_MAX_PER_IP_PER_HOUR = 30;

export const TOKEN_TTL_DAYS = 30;

/**
 * The version of the Terms and the Privacy notice (/terms, /privacy) the app shows: the date they
 * last changed. Signup records it with the moment it was accepted; a change of either text gets a
 * new date here.
 */
export const TERMS_VERSION = '2026-11-25';

export const LANDLORD_LIVE_LISTING_CAP = 3;
export const PHOTOS_MIN_TO_PUBLISH_UI = 3;
export const PHOTOS_MIN_TO_PUBLISH = 1;
export const PHOTOS_MAX = 8;
export const PHOTO_MAX_BYTES = 10 * 1024 * 1024;
export const PHOTO_MAX_MEGAPIXELS = 40;

export const BROWSE_PAGE_SIZE = 20;
export const BROWSE_MAX_PAGE_SIZE = 50;
/** Longest place search text on /browse. */
export const BROWSE_QUERY_MAX_LENGTH = 60;
export const FEATURED_COUNT = 3;

export const BEDROOMS_MIN = 1;
export const BEDROOMS_MAX = 20;

export const MESSAGE_MAX_LENGTH = 2000;
export const REPLY_UNLOCK_COST = 1;
export const CONTACT_UNLOCK_COST = 1;
/** Post credits a broker's publish (or renewal) takes when no unlimited plan covers it. */
export const PUBLISH_POST_CREDIT_COST = 1;

/** Addis Ababa time is UTC+3 all year (no daylight saving): the market's calendar days. */
export const ADDIS_UTC_OFFSET_HOURS = 3;

export const PLAN_DAYS = 30;
export const SUSPENSION_DAYS = 7;
export const REPORT_AUTO_HIDE_THRESHOLD = 3;
export const DELALA_AUTO_BLOCK_HIDDEN = 2;
export const DELALA_AUTO_BLOCK_WINDOW_DAYS = 30;

export const UNREAD_BADGE_MAX = 99;
export const UNREAD_REFRESH_MS = 30_000;
export const MODERATION_LIST_LIMIT = 50;
export const METRICS_DAILY_DAYS = 14;
export const METRICS_FUNNEL_DAYS = 30;
export const METRICS_ALERTS_HOURS = 24;
export const MIN_MANUAL_ADJUSTMENT = 1;

export const LANGUAGES = ['en', 'am'] as const;
export type Language = (typeof LANGUAGES)[number];
export const FALLBACK_LANGUAGE: Language = 'en';

export const I18N_NAMESPACES = [
  'common',
  'auth',
  'listings',
  'wallet',
  'chat',
  'landing',
  'landlord',
  'tenant',
  'delala',
  'freshness',
  'alerts',
  'favourites',
  'extras',
  'refunds',
  'account',
] as const;
export type I18nNamespace = (typeof I18N_NAMESPACES)[number];

/** Browser storage keys. */
export const STORAGE_KEYS = {
  token: 'token',
  user: 'user',
  userType: 'userType',
  language: 'i18nextLng',
} as const;

/**
 * A copy of the interface language in a cookie, so the server can name the right text files in
 * the page it sends (the app itself reads the language from storage, STORAGE_KEYS.language).
 */
export const LANGUAGE_COOKIE = 'betoch_lng';

/** The query parameter of a page's address that names its language (`?lng=am`): the language switch's links, and each page's alternates. */
export const LANGUAGE_PARAM = 'lng';

/**
 * A copy of this device's data-saver choice ('1' on, '0' off; absent when never chosen), so the
 * server names no photo for the phone to fetch early when photos wait for a tap.
 */
export const DATA_SAVER_COOKIE = 'betoch_ds';
/**
 * The data saver's link for a page without JavaScript (`?saver=1` on, `?saver=0` off): the server
 * sets DATA_SAVER_COOKIE and sends the browser back to the same page without it.
 */
export const DATA_SAVER_PARAM = 'saver';

export const USER_TYPES = ['tenant', 'landlord', 'delala'] as const;
export type UserType = (typeof USER_TYPES)[number];

export const ROLES = ['tenant', 'landlord', 'delala', 'admin'] as const;
export type Role = (typeof ROLES)[number];

export const SUBCITIES = ['Addis Ketema', 'Akaky Kaliti', 'Arada', 'Bole', 'Gullele', 'Kirkos', 'Kolfe Keranio', 'Lideta', 'Nefas Silk-Lafto', 'Yeka'] as const;
export type Subcity = (typeof SUBCITIES)[number];

/**
 * Spellings people and one wizard use, mapped to the canonical subcity name. A Map, not a plain
 * object: a user's text ('__proto__', 'constructor') must not find what every object inherits.
 */
export const SUBCITY_ALIASES: ReadonlyMap<string, Subcity> = new Map<string, Subcity>([
  ['nifas silk-lafto', 'Nefas Silk-Lafto'],
  ['nifas silk lafto', 'Nefas Silk-Lafto'],
  ['nefas silk lafto', 'Nefas Silk-Lafto'],
  ['akaki kaliti', 'Akaky Kaliti'],
  ['kolfe keraniyo', 'Kolfe Keranio'],
  ['gulele', 'Gullele'],
]);

export function normalizeSubcity(value: string): Subcity | undefined {
  const trimmed = value.trim().replace(/\s+/g, ' ');
  const exact = SUBCITIES.find((s) => s.toLowerCase() === trimmed.toLowerCase());
  return exact ?? SUBCITY_ALIASES.get(trimmed.toLowerCase());
}

/** Types a listing is stored with. */
export const LISTING_TYPES = ['apartment', 'villa', 'condo', 'house', 'studio', 'condominium'] as const;
export type ListingType = (typeof LISTING_TYPES)[number];

/**
 * Types that mean the same home to a tenant: condominium is condo (a type filter finds both; fair
 * prices and duplicates compare them as one). The listings table keeps it as type_group.
 */
export function typeGroupOf(type: string): string {
  return type === 'condominium' ? 'condo' : type;
}

/** Types offered in the posting forms. */
export const PROPERTY_TYPES_OFFERED = ['apartment', 'house', 'studio', 'villa', 'condominium'] as const;
export type PropertyTypeOffered = (typeof PROPERTY_TYPES_OFFERED)[number];

/** The posting wizard's property type to the stored listing type (and whether it is a studio). */
export const WIZARD_TYPE_MAP: Record<PropertyTypeOffered, { type: ListingType; studio: boolean }> = {
  apartment: { type: 'apartment', studio: false },
  house: { type: 'villa', studio: false },
  studio: { type: 'apartment', studio: true },
  villa: { type: 'villa', studio: false },
  condominium: { type: 'condo', studio: false },
};

export const LISTING_SOURCES = ['landlord', 'delala'] as const;
export type ListingSource = (typeof LISTING_SOURCES)[number];

export const CONTACT_PREFERENCES = ['hide', 'show'] as const;
export type ContactPreference = (typeof CONTACT_PREFERENCES)[number];

export const VISIBILITIES = ['live', 'draft'] as const;
export type Visibility = (typeof VISIBILITIES)[number];

export const REPORT_REASONS = ['fake', 'scam', 'wrong_price', 'duplicate', 'harassment', 'other'] as const;
export type ReportReason = (typeof REPORT_REASONS)[number];
/** Longest free text of a report. This and the next are here, not in reports.ts, so the report forms load no zod. */
export const REPORT_DETAILS_MAX = 1000;
/** Default reason of each report modal. */
export const DEFAULT_REPORT_REASON = { listing: 'fake', conversation: 'harassment' } as const;

export const MODERATION_ACTIONS = ['warn', 'hide', 'suspend', 'ban', 'restore'] as const;
export type ModerationAction = (typeof MODERATION_ACTIONS)[number];

export type SkuPlan = 'tenant_unlimited' | 'delala_unlimited';

/** One row of the sku table. */
interface SkuRow {
  priceEtb: number;
  /** Who may buy it: tenants (and landlords) or brokers. */
  audience: 'tenant' | 'delala';
  /** Carries the 'BEST VALUE' label wherever it is sold. */
  bestValue: boolean;
  grant: { kind: 'credits'; amount: number } | { kind: 'post_credits'; amount: number } | { kind: 'plan'; plan: SkuPlan; days: number };
}

/**
 * Everything the app sells: one row per sku, in the order the screens list them. A new sku is a
 * row here, its name in `common:plans.names` (both languages), and a migration that adds it to the
 * CHECK on purchases.sku (apps/api/migrations/0003_wallet.sql lists the names; a test compares).
 */
const SKU_TABLE = {
  CREDIT_SINGLE: { priceEtb: 30, audience: 'tenant', bestValue: false, grant: { kind: 'credits', amount: 1 } },
  CREDIT_BUNDLE_10: { priceEtb: 250, audience: 'tenant', bestValue: true, grant: { kind: 'credits', amount: 10 } },
  SUB_TENANT_MONTHLY: { priceEtb: 500, audience: 'tenant', bestValue: false, grant: { kind: 'plan', plan: 'tenant_unlimited', days: PLAN_DAYS } },
  post_credit_1: { priceEtb: 50, audience: 'delala', bestValue: false, grant: { kind: 'post_credits', amount: 1 } },
  post_subscription_delala_unlimited: {
    priceEtb: 199,
    audience: 'delala',
    bestValue: true,
    grant: { kind: 'plan', plan: 'delala_unlimited', days: PLAN_DAYS },
  },
} as const satisfies Record<string, SkuRow>;

export type Sku = keyof typeof SKU_TABLE;
export const SKUS = Object.keys(SKU_TABLE) as [Sku, ...Sku[]];

export interface SkuInfo extends SkuRow {
  sku: Sku;
}

export const SKU_CATALOG = Object.fromEntries(SKUS.map((sku) => [sku, { sku, ...SKU_TABLE[sku] }])) as Record<Sku, SkuInfo>;

/**
 * What a bundle saves per unit against the single unit of the same grant (the 10-credit bundle
 * against one credit: 25 ETB instead of 30, 17%), rounded; null for a sku that is no bundle.
 */
export function bundleSavingPercent(sku: Sku): number | null {
  const { grant, priceEtb } = SKU_CATALOG[sku];
  if (grant.kind === 'plan' || grant.amount <= 1) return null;
  const single = SKUS.map((s) => SKU_CATALOG[s]).find((info) => info.grant.kind === grant.kind && info.grant.amount === 1);
  if (!single) return null;
  return Math.round((1 - priceEtb / grant.amount / single.priceEtb) * 100);
}

export const ADJUSTMENT_TYPES = ['credit', 'debit'] as const;
export const ADJUSTMENT_TARGETS = ['wallet', 'post_credits', 'delala_subscription'] as const;

/**
 * Stands in text written by someone else (a chat message, a listing's title, description or
 * location, a poster's name) for a phone number, e-mail address or messenger handle that the
 * reader may not see (in chat: until the tenant has paid for the listing's contact; in listing
 * text: always, the phone is reached through unlock-contact). The client shows its own words in
 * its place (chat `contact_hidden` in messages, common `contactHidden` elsewhere), e.g.
 * 'Call me on ⟦contact hidden⟧' -> 'Call me on [contact hidden - unlock the contact to see it]'.
 */
export const CONTACT_MASK = '⟦contact hidden⟧';

/** The rent law (Proclamation No. 1320/2024): at most two months of advance rent. */
export const ADVANCE_MONTHS_MAX = 2;
