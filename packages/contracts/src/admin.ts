import { z } from 'zod';
import {
  ADJUSTMENT_TARGETS,
  ADJUSTMENT_TYPES,
  LISTING_SOURCES,
  LISTING_TYPES,
  MIN_MANUAL_ADJUSTMENT,
  MODERATION_ACTIONS,
  MODERATION_LIST_LIMIT,
  REPORT_REASONS,
  USER_TYPES,
} from './constants.ts';
import { adminAnswer } from './common.ts';

/*
 * Admin calls. Every answer is { ok: true, data }; every call answers 401 to
 * anonymous callers and 403 admin_required to signed-in non-admins.
 */

function blankToUndefined(value: unknown): unknown {
  return typeof value === 'string' && value.trim() === '' ? undefined : value;
}

/** Form inputs may arrive as strings ('5'); digits become numbers, anything else stays as sent. */
function numberish(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  const trimmed = value.trim();
  return /^-?\d+(\.\d+)?$/.test(trimmed) ? Number(trimmed) : value;
}

const ZAdminReason = (message: string) => z.string({ error: message }).trim().min(1, message).max(500, 'At most 500 characters');

const ZOptionalNotes = z.preprocess(blankToUndefined, z.string().trim().max(1000, 'At most 1000 characters').optional());

// ---------------------------------------------------------------------------------------------
// Moderation cases

export const CASE_TARGET_TYPES = ['listing', 'user', 'conversation'] as const;
export type CaseTargetType = (typeof CASE_TARGET_TYPES)[number];

export const CASE_STATUSES = ['open', 'closed'] as const;
export type CaseStatus = (typeof CASE_STATUSES)[number];

/**
 * Automatic actions a rule took on a case: `hide` with reason `report_threshold` (a listing
 * reported by 3 people), `block_posting` with reason `hidden_listings_threshold` (a broker with 2
 * listings hidden by moderation within 30 days).
 */
export const AUTO_ACTION_TYPES = ['hide', 'block_posting', 'refund_claim'] as const;
export const AUTO_ACTION_REASONS = ['report_threshold', 'hidden_listings_threshold', 'asked_for_money_before_viewing'] as const;

export const ZAutoAction = z.object({
  type: z.enum(AUTO_ACTION_TYPES),
  reason: z.enum(AUTO_ACTION_REASONS),
  at: z.string(),
});
export type TAutoAction = z.infer<typeof ZAutoAction>;

/**
 * The signals a listing's trust score (0 to 100, 100 = nothing suspicious) is made of, each with
 * the points it took off.
 */
export const TRUST_SIGNALS = [
  'open_reports',
  'duplicate_cluster',
  'few_photos',
  'price_far_below_median',
  'price_below_median',
  'new_account',
  'poster_warnings',
  'poster_suspended_before',
  'poster_restricted',
  'poster_refunds',
] as const;
export type TrustSignal = (typeof TRUST_SIGNALS)[number];

export const ZTrustSignal = z.object({ code: z.enum(TRUST_SIGNALS), points: z.number().int() });
export type TTrustSignal = z.infer<typeof ZTrustSignal>;

/** A listing case's summary: title, price, source, hidden, trust score, and more. */
export const ZListingCaseSummary = z.object({
  title: z.string(),
  price_etb: z.number().int(),
  source: z.enum(LISTING_SOURCES),
  admin_hidden: z.boolean(),
  hidden_reason: z.string().nullable(),
  visibility: z.enum(['live', 'draft', 'expired']),
  subcity: z.string(),
  listing_type: z.enum(LISTING_TYPES),
  photo_count: z.number().int(),
  poster_phone: z.string(),
  poster_name: z.string().nullable(),
  poster_status: z.enum(['active', 'suspended', 'banned']),
  /** When the poster was verified with Fayda (docs/fayda.md); absent: not verified. */
  poster_fayda_verified_at: z.string().optional(),
  trustScore: z.number().int().min(0).max(100),
  trustSignals: z.array(ZTrustSignal),
});
export type TListingCaseSummary = z.infer<typeof ZListingCaseSummary>;

/** A user case's summary: phone, name, type, status. */
export const ZUserCaseSummary = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  type: z.enum(USER_TYPES),
  status: z.enum(['active', 'suspended', 'banned']),
  suspended_until: z.string().nullable(),
  warnings: z.number().int(),
  posting_blocked_reason: z.string().nullable(),
  /** When the user was verified with Fayda (docs/fayda.md); absent: not verified. */
  fayda_verified_at: z.string().optional(),
});
export type TUserCaseSummary = z.infer<typeof ZUserCaseSummary>;

/** A conversation case's summary: the two phones, flagged (hidden by moderation), unlocked. */
export const ZConversationCaseSummary = z.object({
  tenant_phone: z.string(),
  owner_phone: z.string(),
  flagged: z.boolean(),
  unlocked: z.boolean(),
  listing_id: z.string().nullable(),
  listing_title: z.string().nullable(),
});
export type TConversationCaseSummary = z.infer<typeof ZConversationCaseSummary>;

export const ZCaseReport = z.object({
  _id: z.string(),
  reason: z.enum(REPORT_REASONS),
  details: z.string().nullable(),
  createdAt: z.string(),
});

export const ZModerationCase = z.object({
  _id: z.string(),
  status: z.enum(CASE_STATUSES),
  target: z.object({ type: z.enum(CASE_TARGET_TYPES), id: z.string() }),
  /** Null when the target no longer exists (a deleted listing). Read it by target.type. */
  targetSummary: z.union([ZListingCaseSummary, ZConversationCaseSummary, ZUserCaseSummary]).nullable(),
  reportIds: z.array(z.string()),
  reportCount: z.number().int(),
  reports: z.array(ZCaseReport),
  createdAt: z.string(),
  closedAt: z.string().nullable(),
  lastAction: z.enum(MODERATION_ACTIONS).nullable(),
  lastActionReason: z.string().nullable(),
  lastActionAt: z.string().nullable(),
  /** Phone of the admin who took the last action. */
  lastActionBy: z.string().nullable(),
  autoActions: z.array(ZAutoAction),
});
export type TModerationCase = z.infer<typeof ZModerationCase>;

/** GET /admin/moderation/cases?status=open|closed&limit=50 (newest first). */
export const ZModerationCasesQuery = z.object({
  status: z.enum(CASE_STATUSES).default('open'),
  limit: z.coerce.number().int().min(1).max(MODERATION_LIST_LIMIT).default(MODERATION_LIST_LIMIT),
});
export type TModerationCasesQuery = z.infer<typeof ZModerationCasesQuery>;

export const ZModerationCasesAnswer = adminAnswer(z.object({ items: z.array(ZModerationCase) }));
export type TModerationCasesAnswer = z.infer<typeof ZModerationCasesAnswer>;

/**
 * POST /admin/moderation/cases/{id}/actions. The screen sends 'Admin action: {action}' when the
 * moderator notes are empty, so a reason is always required here.
 */
export const ZModerationActionRequest = z.object({
  action: z.enum(MODERATION_ACTIONS, { error: 'Unknown action' }),
  reason: ZAdminReason('Reason is required'),
});
export type TModerationActionRequest = z.input<typeof ZModerationActionRequest>;

export const ZModerationActionAnswer = adminAnswer(z.object({ case: ZModerationCase }));
export type TModerationActionAnswer = z.infer<typeof ZModerationActionAnswer>;

// ---------------------------------------------------------------------------------------------
// Duplicate clusters

export const DUPLICATE_CLUSTER_STATUSES = ['open', 'merged', 'dismissed', 'removed'] as const;
export type DuplicateClusterStatus = (typeof DUPLICATE_CLUSTER_STATUSES)[number];

/** Why two listings look like the same home. */
export const DUPLICATE_REASONS = ['same_photos', 'similar_description', 'same_poster_details'] as const;
export type DuplicateReason = (typeof DUPLICATE_REASONS)[number];

/** One flagged pair: score 0 to 100 and its reasons ('Score — reasons' on the screen). */
export const ZDuplicateMatch = z.object({
  listingIds: z.array(z.string()),
  score: z.number().int().min(0).max(100),
  reasons: z.array(z.enum(DUPLICATE_REASONS)),
  /** Photos of the newer listing that match one of the other's. */
  matchedPhotos: z.number().int(),
  /** Word-shingle Jaccard similarity of the descriptions, 0 to 1. */
  descriptionSimilarity: z.number(),
});
export type TDuplicateMatch = z.infer<typeof ZDuplicateMatch>;

export const ZDuplicateMember = z.object({
  _id: z.string(),
  title: z.string(),
  price_etb: z.number().int(),
  subcity: z.string(),
  listing_type: z.enum(LISTING_TYPES),
  bedrooms: z.number().int().nullable(),
  source: z.enum(LISTING_SOURCES),
  poster_phone: z.string(),
  admin_hidden: z.boolean(),
  visibility: z.enum(['live', 'draft', 'expired']),
  photo_url: z.string().nullable(),
  createdAt: z.string(),
});
export type TDuplicateMember = z.infer<typeof ZDuplicateMember>;

export const ZDuplicateCluster = z.object({
  _id: z.string(),
  status: z.enum(DUPLICATE_CLUSTER_STATUSES),
  memberIds: z.array(z.string()),
  members: z.array(ZDuplicateMember),
  createdAt: z.string(),
  updatedAt: z.string(),
  signals: z.object({ matches: z.array(ZDuplicateMatch) }),
});
export type TDuplicateCluster = z.infer<typeof ZDuplicateCluster>;

/** GET /admin/moderation/duplicates: clusters awaiting review by default, oldest first. */
export const ZDuplicatesQuery = z.object({
  status: z.enum(DUPLICATE_CLUSTER_STATUSES).default('open'),
  limit: z.coerce.number().int().min(1).max(100).default(50),
});
export type TDuplicatesQuery = z.infer<typeof ZDuplicatesQuery>;

export const ZDuplicatesAnswer = adminAnswer(z.object({ items: z.array(ZDuplicateCluster) }));
export type TDuplicatesAnswer = z.infer<typeof ZDuplicatesAnswer>;

export const DUPLICATE_MESSAGES = {
  primaryRequired: 'Select a primary listing to keep.',
  primaryNotMember: 'The primary listing must be one of the cluster.',
} as const;

/** POST /admin/moderation/duplicates/{id}/merge: keep the primary, hide the other members. */
export const ZMergeDuplicatesRequest = z.object({
  primaryListingId: z.string({ error: DUPLICATE_MESSAGES.primaryRequired }).trim().min(1, DUPLICATE_MESSAGES.primaryRequired),
});
export type TMergeDuplicatesRequest = z.input<typeof ZMergeDuplicatesRequest>;

/** Merge, dismiss (false positive) and remove (hide all) answer the resolved cluster. */
export const ZDuplicateDecisionAnswer = adminAnswer(z.object({ cluster: ZDuplicateCluster }));
export type TDuplicateDecisionAnswer = z.infer<typeof ZDuplicateDecisionAnswer>;

// ---------------------------------------------------------------------------------------------
// Payments: broker accounts and their posting block

export const ZDelalaAccount = z.object({
  phone: z.string(),
  name: z.string().nullable(),
  agency_name: z.string().nullable(),
  post_credits: z.number().int(),
  subscription_active: z.boolean(),
  /** End of the unlimited posting plan (ISO), or null. */
  subscription_until: z.string().nullable(),
  posting_blocked: z.boolean(),
  posting_blocked_reason: z.string().nullable(),
  posting_blocked_at: z.string().nullable(),
  status: z.enum(['active', 'suspended', 'banned']),
  /** Listings hidden by moderation within the last 30 days (2 block posting automatically). */
  hidden_listings_30d: z.number().int(),
});
export type TDelalaAccount = z.infer<typeof ZDelalaAccount>;

/** GET /admin/payments/delala: broker accounts, blocked ones first, then newest. */
export const ZDelalaAccountsQuery = z.object({
  limit: z.coerce.number().int().min(1).max(500).default(200),
});
export const ZDelalaAccountsAnswer = adminAnswer(z.object({ items: z.array(ZDelalaAccount) }));
export type TDelalaAccountsAnswer = z.infer<typeof ZDelalaAccountsAnswer>;

export const ZPhoneParams = z.object({ phone: z.string() });

/** POST /admin/payments/delala/{phone}/unblock (the screen's prompt defaults to 'manual review'). */
export const ZUnblockPostingRequest = z.object({ reason: ZAdminReason('Reason is required') });
export type TUnblockPostingRequest = z.input<typeof ZUnblockPostingRequest>;

export const ZUnblockPostingAnswer = adminAnswer(z.object({ account: ZDelalaAccount }));
export type TUnblockPostingAnswer = z.infer<typeof ZUnblockPostingAnswer>;

// ---------------------------------------------------------------------------------------------
// Manual adjustments (four eyes)

export const ADJUSTMENT_STATUSES = ['pending', 'approved', 'rejected'] as const;
export type AdjustmentStatus = (typeof ADJUSTMENT_STATUSES)[number];
export type AdjustmentType = (typeof ADJUSTMENT_TYPES)[number];
export type AdjustmentTarget = (typeof ADJUSTMENT_TARGETS)[number];

/** Largest single adjustment (credits, post credits, or days of unlimited posting). */
export const MAX_MANUAL_ADJUSTMENT = 100_000;

/** The form's messages. */
export const ADJUSTMENT_MESSAGES = {
  phoneRequired: 'Phone number is required',
  amountMin: 'Amount must be at least 1',
  amountMax: `Amount must be at most ${MAX_MANUAL_ADJUSTMENT}`,
  reasonRequired: 'Reason is required',
  brokerTargetOnly: 'Post credits and posting plans exist for delala accounts only',
} as const;

/** POST /admin/payments/manual-adjustments: logged as pending; another admin approves or rejects. */
export const ZManualAdjustmentRequest = z.object({
  phone: z.string({ error: ADJUSTMENT_MESSAGES.phoneRequired }).trim().min(1, ADJUSTMENT_MESSAGES.phoneRequired),
  amount: z.preprocess(
    numberish,
    z
      .number({ error: ADJUSTMENT_MESSAGES.amountMin })
      .int(ADJUSTMENT_MESSAGES.amountMin)
      .min(MIN_MANUAL_ADJUSTMENT, ADJUSTMENT_MESSAGES.amountMin)
      .max(MAX_MANUAL_ADJUSTMENT, ADJUSTMENT_MESSAGES.amountMax),
  ),
  type: z.enum(ADJUSTMENT_TYPES).default('credit'),
  /** delala_subscription: the amount is in days of unlimited posting. */
  target: z.enum(ADJUSTMENT_TARGETS).default('wallet'),
  reason: ZAdminReason(ADJUSTMENT_MESSAGES.reasonRequired),
  notes: ZOptionalNotes,
});
export type TManualAdjustmentRequest = z.input<typeof ZManualAdjustmentRequest>;

export const ZManualAdjustment = z.object({
  _id: z.string(),
  type: z.enum(ADJUSTMENT_TYPES),
  amount: z.number().int(),
  subjectPhone: z.string(),
  subjectName: z.string().nullable(),
  subjectType: z.enum(USER_TYPES),
  reason: z.string(),
  notes: z.string().nullable(),
  meta: z.object({ target: z.enum(ADJUSTMENT_TARGETS) }),
  status: z.enum(ADJUSTMENT_STATUSES),
  createdAt: z.string(),
  /** Phone of the admin who logged it. */
  createdBy: z.string().nullable(),
  /** True when the viewer logged it: they may not approve or reject it. */
  createdByViewer: z.boolean(),
  reviewedBy: z.string().nullable(),
  reviewedAt: z.string().nullable(),
  reviewNotes: z.string().nullable(),
});
export type TManualAdjustment = z.infer<typeof ZManualAdjustment>;

export const ZManualAdjustmentsQuery = z.object({
  status: z.enum(ADJUSTMENT_STATUSES).default('pending'),
  limit: z.coerce.number().int().min(1).max(200).default(100),
});
export type TManualAdjustmentsQuery = z.infer<typeof ZManualAdjustmentsQuery>;

export const ZManualAdjustmentsAnswer = adminAnswer(z.object({ items: z.array(ZManualAdjustment) }));
export type TManualAdjustmentsAnswer = z.infer<typeof ZManualAdjustmentsAnswer>;

export const ZManualAdjustmentAnswer = adminAnswer(z.object({ adjustment: ZManualAdjustment }));
export type TManualAdjustmentAnswer = z.infer<typeof ZManualAdjustmentAnswer>;

/** POST .../{id}/approve and .../{id}/reject: the note prompt is optional. */
export const ZReviewAdjustmentRequest = z.object({ notes: ZOptionalNotes });
export type TReviewAdjustmentRequest = z.input<typeof ZReviewAdjustmentRequest>;

/** The subject's balances after an approval (unchanged after a rejection). */
export const ZAdjustmentBalance = z.object({
  credits: z.number().int(),
  post_credits: z.number().int(),
  sub_delala_unlimited_until: z.string().nullable(),
});

export const ZReviewAdjustmentAnswer = adminAnswer(z.object({ adjustment: ZManualAdjustment, balance: ZAdjustmentBalance }));
export type TReviewAdjustmentAnswer = z.infer<typeof ZReviewAdjustmentAnswer>;

// ---------------------------------------------------------------------------------------------
// Metrics and alerts

/** One day (Addis Ababa time, YYYY-MM-DD) of the daily table. */
export const ZDailyMetric = z.object({
  date: z.string(),
  listings: z.number().int(),
  reports: z.number().int(),
  unlocks: z.number().int(),
  creditsSpent: z.number().int(),
  autoHides: z.number().int(),
  conversationsStarted: z.number().int(),
});
export type TDailyMetric = z.infer<typeof ZDailyMetric>;

/** GET /admin/metrics/daily: 14 days, oldest first, today last. */
export const ZMetricsDailyAnswer = adminAnswer(z.object({ days: z.number().int(), series: z.array(ZDailyMetric) }));
export type TMetricsDailyAnswer = z.infer<typeof ZMetricsDailyAnswer>;

/**
 * GET /admin/metrics/funnels: conversations started in the last 30 days, how many of them the owner
 * answered, how many the tenant unlocked; unlockRate = unlocked / ownerReplied in percent, 1 decimal.
 */
export const ZFunnel = z.object({
  days: z.number().int(),
  started: z.number().int(),
  ownerReplied: z.number().int(),
  unlocked: z.number().int(),
  unlockRate: z.number(),
});
export type TFunnel = z.infer<typeof ZFunnel>;

export const ZMetricsFunnelAnswer = adminAnswer(ZFunnel);
export type TMetricsFunnelAnswer = z.infer<typeof ZMetricsFunnelAnswer>;

export const ALERT_SEVERITIES = ['alert', 'warning'] as const;
export type AlertSeverity = (typeof ALERT_SEVERITIES)[number];

/** The rules that raise alerts. */
export const ALERT_RULES = ['report_spike', 'auto_hides', 'otp_from_one_ip', 'otp_to_number_range', 'duplicate_poster', 'payment_mismatch'] as const;
export type AlertRule = (typeof ALERT_RULES)[number];

export const ZAlert = z.object({
  rule: z.enum(ALERT_RULES),
  severity: z.enum(ALERT_SEVERITIES),
  message: z.string(),
  data: z.record(z.string(), z.unknown()),
});
export type TAlert = z.infer<typeof ZAlert>;

/** GET /admin/metrics/alerts: alerts of the last 24 hours, most severe first. */
export const ZMetricsAlertsAnswer = adminAnswer(z.object({ hours: z.number().int(), items: z.array(ZAlert) }));
export type TMetricsAlertsAnswer = z.infer<typeof ZMetricsAlertsAnswer>;
