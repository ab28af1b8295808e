import type { ErrorCode } from '@betoch/contracts/errors';

const MESSAGES: Partial<Record<ErrorCode, string>> = {
  validation_error: 'Some fields are not valid.',
  invalid_json: 'The request body is not valid JSON.',
  invalid_phone: 'Please enter a valid phone number.',
  invalid_code: 'That code is not right. Please try again.',
  code_expired: 'This code has expired or was used. Please request a new one.',
  agency_name_required: 'Agency name is required for brokers.',
  unauthorized: 'Please log in.',
  invalid_token: 'Your session has ended. Please log in again.',
  insufficient_credits: 'You do not have enough credits.',
  insufficient_post_credits: 'You do not have enough post credits.',
  forbidden: 'You are not allowed to do this.',
  admin_required: 'Admins only.',
  account_banned: 'This account has been banned.',
  account_suspended: 'This account is suspended.',
  posting_blocked: 'Posting is blocked for this account.',
  contact_hidden: 'The owner accepts messages only.',
  own_listing: 'This is your own listing.',
  self_approval_forbidden: 'Another admin must review this adjustment.',
  wrong_role: 'This is not available for your account type.',
  not_found: 'Not found.',
  user_not_found: 'No account uses this phone number.',
  route_not_found: 'Not found.',
  user_already_exists: 'An account with this phone number already exists.',
  landlord_listing_limit_exceeded:
    'You have reached the maximum of 3 listings. Please delete an existing listing to post a new one.',
  nothing_to_unlock: 'The owner has not replied yet.',
  already_reported: 'You have already reported this.',
  adjustment_not_pending: 'This adjustment was already reviewed.',
  balance_would_go_negative: 'This debit would take the balance below zero.',
  idempotency_conflict: 'This request is already being processed.',
  payload_too_large: 'The upload is too large.',
  image_too_large: 'The image is too large.',
  unsupported_media_type: 'Only JPG, PNG or WebP images are accepted.',
  cooldown_active: 'Please wait before requesting a new code.',
  rate_limited: 'Too many requests. Please try again later.',
  internal_error: 'Something went wrong. Please try again.',
  payment_unavailable: 'Payments are not available yet. Please contact support.',
  sms_unavailable: 'We could not send the code by SMS. Please try again in a moment.',
  not_ready: 'The service is starting. Please try again shortly.',
};

export function defaultErrorMessage(code: ErrorCode): string {
  return MESSAGES[code] ?? code;
}
