/**
 * Every error code the API can answer, with its HTTP status.
 * The client translates codes (errors namespace) and falls back to the server's message.
 */
export const ERROR_STATUS = {
  // 400: the request itself is wrong
  validation_error: 400,
  invalid_json: 400,
  invalid_phone: 400,
  invalid_code: 400,
  code_expired: 400,
  agency_name_required: 400,
  not_enough_photos: 400,
  too_many_photos: 400,
  invalid_state: 400,
  fayda_failed: 400,
  fayda_cancelled: 400,
  telegram_ticket_invalid: 400,
  // 401: who are you?
  unauthorized: 401,
  invalid_token: 401,
  invalid_signature: 401,
  telegram_login_expired: 401,
  // 402: pay first
  insufficient_credits: 402,
  insufficient_post_credits: 402,
  // 403: not allowed
  forbidden: 403,
  admin_required: 403,
  account_banned: 403,
  account_suspended: 403,
  posting_blocked: 403,
  contact_hidden: 403,
  own_listing: 403,
  self_approval_forbidden: 403,
  wrong_role: 403,
  refund_not_available: 403,
  phone_banned: 403,
  fayda_identity_banned: 403,
  fayda_revoked: 403,
  // 404: missing or not yours
  not_found: 404,
  user_not_found: 404,
  route_not_found: 404,
  // 409: state conflicts
  user_already_exists: 409,
  landlord_listing_limit_exceeded: 409,
  nothing_to_unlock: 409,
  already_reported: 409,
  adjustment_not_pending: 409,
  balance_would_go_negative: 409,
  cluster_not_open: 409,
  idempotency_conflict: 409,
  // 410: a link that no longer answers (used, expired or unknown)
  confirm_link_invalid: 410,
  export_link_invalid: 410,
  saved_search_limit: 409,
  refund_window_closed: 409,
  refund_already_claimed: 409,
  refund_not_pending: 409,
  refund_limit_reached: 409,
  phone_taken: 409,
  export_not_ready: 409,
  fayda_identity_in_use: 409,
  revocation_not_pending: 409,
  revocation_pending: 409,
  // 413 / 415: uploads
  payload_too_large: 413,
  image_too_large: 413,
  unsupported_media_type: 415,
  // 429: slow down
  cooldown_active: 429,
  rate_limited: 429,
  export_too_soon: 429,
  // 5xx: never with internals
  internal_error: 500,
  payment_gateway_error: 502,
  payment_unavailable: 503,
  sms_unavailable: 503,
  fayda_unavailable: 503,
  not_ready: 503,
  shutting_down: 503,
} as const;

export type ErrorCode = keyof typeof ERROR_STATUS;

export const ERROR_CODES = Object.keys(ERROR_STATUS) as ErrorCode[];

export function isErrorCode(value: unknown): value is ErrorCode {
  // Own keys only: 'constructor' or 'toString' is in every object but is no error code.
  return typeof value === 'string' && Object.hasOwn(ERROR_STATUS, value);
}
