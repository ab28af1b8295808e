import { z } from 'zod';
import { LISTING_SOURCES, LISTING_TYPES, SUBCITIES } from './constants.ts';
import { okAnswer } from './common.ts';
import { dropInvisible } from './invisible-characters.ts';
import { titledListingFields } from './titled-listing.ts';
import { ZBrowseQuery } from './listings.ts';

/** Most saved searches one person may keep. The 11th is refused with saved_search_limit. */
export const SAVED_SEARCHES_MAX = 10;
/** Longest name of a saved search. */
export const SAVED_SEARCH_NAME_MAX = 80;
/** 'New matches since the last visit' is counted up to this; more reads '99+'. */
export const SAVED_SEARCH_NEW_MATCHES_CAP = 99;
/** No SMS digest from 21:00 to 07:00 Addis time; one waiting then goes out at 07:00. */
export const SMS_QUIET_FROM_HOUR = 21;
export const SMS_QUIET_UNTIL_HOUR = 7;
/** How many notifications GET /notifications answers (newest first). */
export const NOTIFICATIONS_PAGE_SIZE = 50;

export const SAVED_SEARCH_MESSAGES = {
  nameRequired: 'Name is required',
  nameTooLong: `Name must be at most ${SAVED_SEARCH_NAME_MAX} characters`,
  limit: `You can keep at most ${SAVED_SEARCHES_MAX} saved searches. Delete one to save another.`,
} as const;

/**
 * The filters a saved search keeps: those of /browse (type, subcity, price bounds, source, place),
 * validated as GET /listings validates them. Empty means 'any'.
 */
export const ZSavedSearchFilters = ZBrowseQuery.pick({ type: true, subcity: true, price_min: true, price_max: true, source: true, q: true });
export type TSavedSearchFiltersInput = z.input<typeof ZSavedSearchFilters>;

/** The filters as answered: only those set. */
export const ZSavedSearchFiltersAnswer = z.object({
  type: z.enum(LISTING_TYPES).optional(),
  subcity: z.enum(SUBCITIES).optional(),
  price_min: z.number().int().optional(),
  price_max: z.number().int().optional(),
  source: z.enum(LISTING_SOURCES).optional(),
  q: z.string().optional(),
});
export type TSavedSearchFilters = z.infer<typeof ZSavedSearchFiltersAnswer>;

const ZName = z
  .string({ error: SAVED_SEARCH_MESSAGES.nameRequired })
  .overwrite(dropInvisible)
  .trim()
  .min(1, SAVED_SEARCH_MESSAGES.nameRequired)
  .max(SAVED_SEARCH_NAME_MAX, SAVED_SEARCH_MESSAGES.nameTooLong);

/** POST /saved-searches: the name (the app proposes one), the filters, and SMS digest on or off. */
export const ZCreateSavedSearchRequest = z.object({
  name: ZName,
  filters: ZSavedSearchFilters,
  sms: z.boolean().default(false),
  /** Alerts by Telegram instead (a linked account; docs/telegram.md). With sms, sms wins. */
  telegram: z.boolean().default(false),
});
export type TCreateSavedSearchRequest = z.input<typeof ZCreateSavedSearchRequest>;
export type TCreateSavedSearchInput = z.output<typeof ZCreateSavedSearchRequest>;

/** PATCH /saved-searches/{id}: rename, alerts on/off (one tap stops them), SMS digest on/off. */
export const ZUpdateSavedSearchRequest = z.object({
  name: ZName.optional(),
  alerts: z.boolean().optional(),
  sms: z.boolean().optional(),
  /** Alerts by Telegram (turns SMS off); SMS on turns Telegram off. */
  telegram: z.boolean().optional(),
});
export type TUpdateSavedSearchRequest = z.input<typeof ZUpdateSavedSearchRequest>;

export const ZSavedSearch = z.object({
  _id: z.string(),
  name: z.string(),
  filters: ZSavedSearchFiltersAnswer,
  /** In-app notifications for new matches (and the SMS digest, when sms is on too). */
  alerts: z.boolean(),
  sms: z.boolean(),
  /** Alerts by Telegram (one channel per search: Telegram, SMS, or only the app). */
  telegram: z.boolean(),
  /** Live listings matching, published since the last visit (capped at SAVED_SEARCH_NEW_MATCHES_CAP). */
  new_matches: z.number().int(),
  last_visited_at: z.string(),
  created_at: z.string(),
});
export type TSavedSearch = z.infer<typeof ZSavedSearch>;

export const ZSavedSearchAnswer = okAnswer({ saved_search: ZSavedSearch });
export type TSavedSearchAnswer = z.infer<typeof ZSavedSearchAnswer>;

export const ZSavedSearchesAnswer = okAnswer({ saved_searches: z.array(ZSavedSearch), max: z.number().int() });
export type TSavedSearchesAnswer = z.infer<typeof ZSavedSearchesAnswer>;

/** A notification's listing, as the list shows it (null fields when it is no longer available). */
export const ZNotificationListing = z.object({
  ...titledListingFields,
  price: z.number().int(),
  /** False once it is no longer live (rented, hidden, removed). */
  available: z.boolean(),
});

/**
 * What a notification tells: a new listing matched one of the person's saved searches, or a
 * listing they saved left the market (rented, expired, hidden by an admin).
 */
export const NOTIFICATION_KINDS = ['saved_search_match', 'saved_listing_gone'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

export const ZNotification = z.object({
  _id: z.string(),
  kind: z.enum(NOTIFICATION_KINDS),
  listing: ZNotificationListing,
  /** The saved search that matched (null when it has since been deleted, and for 'saved_listing_gone'). */
  search_name: z.string().nullable(),
  read: z.boolean(),
  created_at: z.string(),
});
export type TNotification = z.infer<typeof ZNotification>;

export const ZNotificationsAnswer = okAnswer({ notifications: z.array(ZNotification), unread: z.number().int() });
export type TNotificationsAnswer = z.infer<typeof ZNotificationsAnswer>;

export const ZNotificationsUnreadAnswer = okAnswer({ count: z.number().int() });
export type TNotificationsUnreadAnswer = z.infer<typeof ZNotificationsUnreadAnswer>;

/** The event stream's `notifications` event: the unread count. */
export const ZNotificationsEvent = z.object({ count: z.number().int() });
export type TNotificationsEvent = z.infer<typeof ZNotificationsEvent>;

/**
 * POST /sms/inbound: a reply that reached the SMS gateway, forwarded by it (or by a relay) with the
 * shared secret in the x-sms-inbound-secret header. 'STOP' (or 'ቁም' / 'አቁም') turns every SMS
 * digest of that phone off. Accepts the common field names of gateways.
 */
export const ZSmsInboundRequest = z.object({
  from: z.string().max(32).optional(),
  phone: z.string().max(32).optional(),
  message: z.string().max(1000).optional(),
  text: z.string().max(1000).optional(),
});
export type TSmsInboundRequest = z.input<typeof ZSmsInboundRequest>;

export const ZSmsInboundAnswer = okAnswer({ stopped: z.number().int() });
export type TSmsInboundAnswer = z.infer<typeof ZSmsInboundAnswer>;

/** Words that stop SMS digests when replied. */
export const SMS_STOP_WORDS = ['STOP', 'STOPALL', 'UNSUBSCRIBE', 'ቁም', 'አቁም'] as const;
