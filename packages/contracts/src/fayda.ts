import { z } from 'zod';
import { adminAnswer, okAnswer } from './common.ts';
import { ZPhoneInput } from './auth.ts';

/**
 * 'Verified with Fayda' (docs/fayda.md): what the account holder sees of their own verification.
 * Only what is kept: when, the verified name, and whether the Fayda phone equals the account's.
 */
export const ZFaydaVerification = z.object({
  verified_at: z.string(),
  name: z.string(),
  phone_match: z.boolean(),
});
export type TFaydaVerification = z.infer<typeof ZFaydaVerification>;

/** GET /fayda: whether verification is offered here (FAYDA_ISSUER set) and the caller's own state. */
export const ZFaydaStatusAnswer = okAnswer({
  enabled: z.boolean(),
  /** Landlords and brokers may verify; tenants are not offered it. */
  eligible: z.boolean(),
  verification: ZFaydaVerification.nullable(),
});
export type TFaydaStatusAnswer = z.infer<typeof ZFaydaStatusAnswer>;

/** POST /fayda/start: the language the provider's pages should speak. */
export const ZFaydaStartRequest = z.object({ lng: z.enum(['en', 'am']).optional() });

/** POST /fayda/start: where to send the browser (the provider's authorization page). */
export const ZFaydaStartAnswer = okAnswer({ url: z.string() });
export type TFaydaStartAnswer = z.infer<typeof ZFaydaStartAnswer>;

/**
 * POST /fayda/callback: what the provider put on the redirect URI's query. Either a code and the
 * state, or an error (the user cancelled: 'access_denied') and the state.
 */
export const ZFaydaCallbackRequest = z.object({
  state: z.string().min(1).max(200),
  code: z.string().min(1).max(2000).optional(),
  error: z.string().max(200).optional(),
});
export type TFaydaCallbackRequest = z.infer<typeof ZFaydaCallbackRequest>;

export const ZFaydaCallbackAnswer = okAnswer({ verification: ZFaydaVerification });
export type TFaydaCallbackAnswer = z.infer<typeof ZFaydaCallbackAnswer>;

/* Admin: revocation, with a reason, approved by a second admin (four eyes). */

export const ZFaydaRevocation = z.object({
  _id: z.string(),
  /** The account whose verification is revoked, by phone. */
  phone: z.string(),
  reason: z.string(),
  status: z.enum(['pending', 'approved', 'rejected']),
  created_at: z.string(),
  reviewed_at: z.string().nullable(),
  review_notes: z.string().nullable(),
  /** The account's verified name while it is verified (null once revoked). */
  name: z.string().nullable(),
  /** The phones of the admin who asked and of the one who reviewed (null when gone). */
  created_by: z.string().nullable(),
  reviewed_by: z.string().nullable(),
  /** Whether the admin reading asked for it (they cannot review their own: four eyes). */
  created_by_viewer: z.boolean(),
});
export type TFaydaRevocation = z.infer<typeof ZFaydaRevocation>;

export const ZFaydaRevocationRequest = z.object({
  phone: ZPhoneInput,
  reason: z.string({ error: 'reason_required' }).trim().min(5, 'reason_required').max(500, 'reason_too_long'),
});
export type TFaydaRevocationRequest = z.input<typeof ZFaydaRevocationRequest>;

export const ZFaydaRevocationReview = z.object({ notes: z.string().trim().max(1000).optional() });

export const ZFaydaRevocationAnswer = adminAnswer(ZFaydaRevocation);

/** GET /admin/fayda/revocations: the pending ones, oldest first, then those decided in 30 days, newest first. */
export const ZFaydaRevocationsAnswer = adminAnswer(z.object({ pending: z.array(ZFaydaRevocation), decided: z.array(ZFaydaRevocation) }));
export type TFaydaRevocationsAnswer = z.infer<typeof ZFaydaRevocationsAnswer>;
