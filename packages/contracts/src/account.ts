import { z } from 'zod';
import { ZCodeInput, ZPhoneInput, ZSignupFields, ZUser } from './auth.ts';
import { adminAnswer, okAnswer } from './common.ts';
import { ZMessage, ZConversationSummary } from './conversations.ts';
import { ZFaydaVerification } from './fayda.ts';
import { ZFavourite } from './favourites.ts';
import { ZOwnerListing } from './listings.ts';
import { ZSavedSearch } from './saved-searches.ts';
import { ZUnlockRecord } from './unlocks.ts';

/** One export per this many hours; a ready export's link works this long. */
export const EXPORT_EVERY_HOURS = 24;
export const EXPORT_LINK_HOURS = 24;
/** Sign-ins shown on the account page (the export holds them all). */
export const SIGN_INS_SHOWN = 10;

/** PATCH /account: the profile fields one may change; the phone has its own calls (a code proves it). */
export const ZUpdateAccountRequest = z.object({
  name: ZSignupFields.shape.name,
  email: ZSignupFields.shape.email,
  /** Brokers only; required for them. */
  agencyName: ZSignupFields.shape.agencyName,
});
export type TUpdateAccountRequest = z.input<typeof ZUpdateAccountRequest>;

export const ZAccountUserAnswer = okAnswer({ user: ZUser });
export type TAccountUserAnswer = z.infer<typeof ZAccountUserAnswer>;

export const ZSignIn = z.object({ at: z.string(), device: z.string() });
export type TSignIn = z.infer<typeof ZSignIn>;

export const EXPORT_STATUSES = ['requested', 'ready', 'downloaded', 'expired', 'failed'] as const;
export const ZExportStatus = z.object({
  status: z.enum(EXPORT_STATUSES),
  requested_at: z.string(),
  ready_at: z.string().nullable(),
  /** When the download link stops working (ready exports). */
  expires_at: z.string().nullable(),
  /** When the next export may be asked for. */
  next_allowed_at: z.string(),
});
export type TExportStatus = z.infer<typeof ZExportStatus>;

/** GET /account: what the account page shows beside the profile (GET /auth/me). */
export const ZAccountAnswer = okAnswer({
  sign_ins: z.array(ZSignIn),
  export: ZExportStatus.nullable(),
});
export type TAccountAnswer = z.infer<typeof ZAccountAnswer>;

export const ZExportAnswer = okAnswer({ export: ZExportStatus });
/** GET /account/export: the latest export, or null when none was asked for. */
export const ZExportStateAnswer = okAnswer({ export: ZExportStatus.nullable() });
export type TExportAnswer = z.infer<typeof ZExportAnswer>;

/** POST /account/export/link: a single-use link to the ready file (path under the site). */
export const ZExportLinkAnswer = okAnswer({ url: z.string(), expires_at: z.string() });
export type TExportLinkAnswer = z.infer<typeof ZExportLinkAnswer>;

export const ZTokenParams = z.object({ token: z.string().max(200) });

/** A code sent by SMS for an account change (demo mode shows it, like sign-in). */
export const ZAccountCodeAnswer = okAnswer({
  code: z.string().optional(),
  expires_in: z.number().int(),
  retry_after: z.number().int(),
});
export type TAccountCodeAnswer = z.infer<typeof ZAccountCodeAnswer>;

export const ZPhoneCodeRequest = z.object({ phone: ZPhoneInput });
export type TPhoneCodeRequest = z.input<typeof ZPhoneCodeRequest>;

export const ZChangePhoneRequest = z.object({ phone: ZPhoneInput, code: ZCodeInput });
export type TChangePhoneRequest = z.input<typeof ZChangePhoneRequest>;

/** The new phone's session: every older token stopped working, this device goes on with this one. */
export const ZChangePhoneAnswer = okAnswer({ token: z.string(), user: ZUser });
export type TChangePhoneAnswer = z.infer<typeof ZChangePhoneAnswer>;

export const ZDeleteAccountRequest = z.object({ code: ZCodeInput });
export type TDeleteAccountRequest = z.input<typeof ZDeleteAccountRequest>;

/* The export file: what the user may see through the app, in the app's own answer shapes. */

export const ZExportPurchase = z.object({
  _id: z.string(),
  sku: z.string(),
  price_etb: z.number().int(),
  status: z.string(),
  created_at: z.string(),
  paid_at: z.string().nullable(),
});

export const ZExportLedgerEntry = z.object({
  _id: z.string(),
  account: z.string(),
  kind: z.string(),
  delta: z.number().int(),
  balance_after: z.number().int().nullable(),
  plan_until: z.string().nullable(),
  created_at: z.string(),
});

export const ZExportReport = z.object({
  _id: z.string(),
  target_type: z.string(),
  target_id: z.string(),
  reason: z.string(),
  details: z.string().nullable(),
  created_at: z.string(),
});

export const ZExportConversation = z.object({
  conversation: ZConversationSummary,
  messages: z.array(ZMessage),
});

export const ZAccountExportFile = z.object({
  format: z.literal('betoch-account-export-1'),
  generated_at: z.string(),
  /** A readable summary: what each part holds, and how many of each. */
  summary: z.object({ lines: z.array(z.string()), counts: z.record(z.string(), z.number().int()) }),
  profile: ZUser,
  listings: z.array(ZOwnerListing),
  conversations: z.array(ZExportConversation),
  unlocks: z.array(ZUnlockRecord),
  purchases: z.array(ZExportPurchase),
  ledger: z.array(ZExportLedgerEntry),
  reports: z.array(ZExportReport),
  favourites: z.array(ZFavourite),
  saved_searches: z.array(ZSavedSearch),
  sign_ins: z.array(ZSignIn),
  /** Verified with Fayda: the date, the verified name and the phone match (docs/fayda.md); null: not verified. */
  fayda: ZFaydaVerification.nullable(),
});
export type TAccountExportFile = z.infer<typeof ZAccountExportFile>;

/* Admin */

export const ACCOUNT_REQUEST_KINDS = ['export', 'deletion'] as const;
export const ACCOUNT_REQUEST_STATUSES = ['requested', 'ready', 'downloaded', 'expired', 'failed', 'done'] as const;
export const ACCOUNT_REQUEST_VIAS = ['app', 'admin'] as const;

export const ZAccountRequestLog = z.object({
  _id: z.string(),
  kind: z.enum(ACCOUNT_REQUEST_KINDS),
  status: z.enum(ACCOUNT_REQUEST_STATUSES),
  via: z.enum(ACCOUNT_REQUEST_VIAS),
  user_id: z.string().nullable(),
  created_at: z.string(),
  ready_at: z.string().nullable(),
  completed_at: z.string().nullable(),
});
export type TAccountRequestLog = z.infer<typeof ZAccountRequestLog>;

export const ZAccountRequestsAnswer = adminAnswer(z.object({ items: z.array(ZAccountRequestLog) }));
export type TAccountRequestsAnswer = z.infer<typeof ZAccountRequestsAnswer>;

/** An admin runs a deletion asked for outside the app, once the person's identity was checked. */
export const ZAdminDeletionRequest = z.object({
  phone: ZPhoneInput,
  reason: z.string({ error: 'reason_required' }).trim().min(5, 'reason_required').max(500, 'reason_too_long'),
});
export type TAdminDeletionRequest = z.input<typeof ZAdminDeletionRequest>;

export const ZAdminDeletionAnswer = adminAnswer(z.object({ request: ZAccountRequestLog }));
export type TAdminDeletionAnswer = z.infer<typeof ZAdminDeletionAnswer>;
