/**
 * Listings that stay true: the numbers of the freshness rules. No zod here, so the
 * public pages can read them without loading it.
 */
const DAY_MS = 24 * 60 * 60 * 1000;
const HOUR_MS = 60 * 60 * 1000;

/** Days without a confirmation after which the poster is asked 'Is {title} still available?'. */
export const CONFIRM_ASK_AFTER_DAYS = 14;
/** Days without a confirmation after which a live listing expires. */
export const EXPIRE_AFTER_DAYS = 30;
/** Days after expiry in which a broker renews without a new post credit (and the listing keeps its place). */
export const FREE_RENEW_DAYS = 7;
/** Unanswered tenant asks that expire a listing early, once the poster has left them this long. */
export const TENANT_ASKS_TO_EXPIRE = 3;
export const TENANT_ASK_ANSWER_HOURS = 48;
/** How long the link in an SMS answers (single use). */
export const CONFIRM_LINK_DAYS = 7;
/** The browse filter 'Confirmed in the last 7 days'. */
export const CONFIRMED_RECENTLY_DAYS = 7;

export const CONFIRM_ASK_AFTER_MS = CONFIRM_ASK_AFTER_DAYS * DAY_MS;
export const EXPIRE_AFTER_MS = EXPIRE_AFTER_DAYS * DAY_MS;
export const FREE_RENEW_MS = FREE_RENEW_DAYS * DAY_MS;
export const TENANT_ASK_ANSWER_MS = TENANT_ASK_ANSWER_HOURS * HOUR_MS;
export const CONFIRM_LINK_MS = CONFIRM_LINK_DAYS * DAY_MS;
export const CONFIRMED_RECENTLY_MS = CONFIRMED_RECENTLY_DAYS * DAY_MS;
