import { z } from 'zod';
import { LISTING_TYPES } from './constants.ts';
import { okAnswer } from './common.ts';
import { ZRefundClaim } from './refunds.ts';
import { ZPhoto } from './uploads.ts';

/** Most listing ids one POST /listings/batch-unlock-status may ask about. */
export const BATCH_UNLOCK_STATUS_MAX = 50;

/**
 * POST /listings/{id}/unlock-contact. `used_credit` is true only when this call took a credit
 * (false for a repeat and for an active tenant plan); `credits` is the balance after the call.
 */
export const ZUnlockContactAnswer = okAnswer({
  contact: z.object({ phone: z.string() }),
  used_credit: z.boolean(),
  /** True when the contact was unlocked earlier (answered again at no cost). */
  already_unlocked: z.boolean(),
  credits: z.number().int(),
  unlocked_at: z.string(),
});
export type TUnlockContactAnswer = z.infer<typeof ZUnlockContactAnswer>;

/** Unlock status per listing: the poster's phone is present only once the viewer unlocked it. */
export const ZUnlockStatus = z.object({
  is_unlocked: z.boolean(),
  poster_phone: z.string().optional(),
});
export type TUnlockStatus = z.infer<typeof ZUnlockStatus>;

/** GET /listings/{id}/unlock-status. */
export const ZUnlockStatusAnswer = okAnswer(ZUnlockStatus.shape);
export type TUnlockStatusAnswer = z.infer<typeof ZUnlockStatusAnswer>;

/** POST /listings/batch-unlock-status: 1 to 50 listing ids (duplicates are answered once). */
export const ZBatchUnlockStatusRequest = z.object({
  listing_ids: z
    .array(z.string().trim().min(1).max(100), { error: 'listing_ids_required' })
    .max(BATCH_UNLOCK_STATUS_MAX, `At most ${BATCH_UNLOCK_STATUS_MAX} listing ids`),
});
export type TBatchUnlockStatusRequest = z.infer<typeof ZBatchUnlockStatusRequest>;

/** A map by listing id; every asked id is answered (unknown ids are simply not unlocked). */
export const ZBatchUnlockStatusAnswer = okAnswer({ unlocks: z.record(z.string(), ZUnlockStatus) });
export type TBatchUnlockStatusAnswer = z.infer<typeof ZBatchUnlockStatusAnswer>;

/** Unlock record: the listing as a card needs it, with the poster's phone. */
export const ZUnlockRecord = z.object({
  _id: z.string(),
  listing: z.object({
    _id: z.string(),
    title: z.string(),
    /** A generated title is composed in the reader's language from type, bedrooms and subcity (./listing-title.ts). */
    title_generated: z.boolean(),
    subcity: z.string(),
    type: z.enum(LISTING_TYPES),
    bedrooms: z.number().int().nullable(),
    price_etb: z.number().int(),
    /** The primary photo only (empty when the listing has none). */
    photos: z.array(ZPhoto).max(1),
  }),
  poster_phone: z.string(),
  unlocked_at: z.string(),
  /** False when the tenant unlimited plan covered the unlock ('Unlimited subscription' badge). */
  used_credit: z.boolean(),
  /** Until when a refund may be claimed (72 hours after a paid unlock); null when no claim is possible (plan). */
  refund_claim_until: z.string().nullable(),
  /** True while a claim may be made now (paid unlock, inside the window, no claim yet). */
  refund_claimable: z.boolean(),
  /** The tenant's claim on this unlock, if any. */
  refund: ZRefundClaim.nullable(),
});
export type TUnlockRecord = z.infer<typeof ZUnlockRecord>;

/** GET /listings/unlocked/my-unlocks: newest first. */
export const ZMyUnlocksAnswer = okAnswer({ unlocks: z.array(ZUnlockRecord) });
export type TMyUnlocksAnswer = z.infer<typeof ZMyUnlocksAnswer>;
