import { z } from 'zod';
import { okAnswer } from './common.ts';
import { titledListingFields } from './titled-listing.ts';

/** The two answers to 'Is {title} still available?'. */
export const CONFIRM_ANSWERS = ['available', 'rented'] as const;
export type ConfirmAnswer = (typeof CONFIRM_ANSWERS)[number];

/** POST /listings/{id}/confirm (the poster, signed in) and POST /confirm-links/{token} (from the SMS). */
export const ZConfirmAvailabilityRequest = z.object({
  answer: z.enum(CONFIRM_ANSWERS, { error: 'Answer available or rented' }),
});
export type TConfirmAvailabilityRequest = z.infer<typeof ZConfirmAvailabilityRequest>;

/** The listing's state after an answer or a renewal. */
export const ZFreshnessAnswer = okAnswer({
  _id: z.string(),
  visibility: z.enum(['live', 'draft', 'expired']),
  confirmed_at: z.string().nullable(),
});
export type TFreshnessAnswer = z.infer<typeof ZFreshnessAnswer>;

/** POST /listings/{id}/renew: an expired listing live again; `post_credit_spent` for a broker after the free days. */
export const ZRenewListingAnswer = okAnswer({
  _id: z.string(),
  visibility: z.literal('live'),
  confirmed_at: z.string(),
  post_credit_spent: z.boolean(),
  post_credits: z.number().int().optional(),
});
export type TRenewListingAnswer = z.infer<typeof ZRenewListingAnswer>;

/** GET /confirm-links/{token}: what the page shows before the poster answers, without signing in. */
export const ZConfirmLinkAnswer = okAnswer({
  listing: z.object({
    ...titledListingFields,
    price_etb: z.number().int(),
    visibility: z.enum(['live', 'draft', 'expired']),
  }),
  expires_at: z.string(),
});
export type TConfirmLinkAnswer = z.infer<typeof ZConfirmLinkAnswer>;

export const ZConfirmLinkParams = z.object({ token: z.string().min(10).max(100) });

/** POST /listings/{id}/ask-availability: a tenant's 'Is it still available?'. */
export const ZAskAvailabilityAnswer = okAnswer({
  /** True when this tenant had asked before (nothing sent again). */
  already_asked: z.boolean(),
  asked_at: z.string(),
});
export type TAskAvailabilityAnswer = z.infer<typeof ZAskAvailabilityAnswer>;

/** GET /demo/sms (demo mode only): the messages the demo server 'sent' to the signed-in user's phone, newest first. */
export const ZDemoSmsAnswer = okAnswer({
  messages: z.array(z.object({ text: z.string(), at: z.string() })),
});
export type TDemoSmsAnswer = z.infer<typeof ZDemoSmsAnswer>;

/** POST /demo/listings/{id}/age (demo mode only): the poster's listing as if confirmed `days` ago, then the freshness job runs. */
export const ZDemoAgeRequest = z.object({ days: z.number().int().min(0).max(60) });
export const ZDemoAgeAnswer = okAnswer({
  asked: z.number().int(),
  expired: z.number().int(),
  expiredByAsks: z.number().int(),
  linksRemoved: z.number().int(),
});
