import type { TFunction } from 'i18next';
import type { AdjustmentTarget, AdjustmentType } from '@betoch/contracts/admin';
import { ADJUSTMENT_MESSAGES, ZManualAdjustmentRequest, type TManualAdjustmentRequest } from '@betoch/contracts/admin';

/** What the adjustment form's inputs hold, as typed. */
export interface AdjustmentFormValues {
  phone: string;
  amount: string;
  type: AdjustmentType;
  target: AdjustmentTarget;
  reason: string;
  notes: string;
}

/** Credit to the wallet unless the admin picks otherwise. */
export const EMPTY_ADJUSTMENT_FORM: AdjustmentFormValues = { phone: '', amount: '', type: 'credit', target: 'wallet', reason: '', notes: '' };

/** The form is checked with the call's own schema, so the screen and the server agree. */
export const ZAdjustmentForm = ZManualAdjustmentRequest;

/** The contract's English messages (the spec's texts) to this screen's keys. */
const MESSAGE_KEYS: Record<string, string> = {
  [ADJUSTMENT_MESSAGES.phoneRequired]: 'adjust.errors.phoneRequired',
  [ADJUSTMENT_MESSAGES.amountMin]: 'adjust.errors.amountMin',
  [ADJUSTMENT_MESSAGES.amountMax]: 'adjust.errors.amountMax',
  [ADJUSTMENT_MESSAGES.reasonRequired]: 'adjust.errors.reasonRequired',
  [ADJUSTMENT_MESSAGES.brokerTargetOnly]: 'adjust.errors.brokerTargetOnly',
};

/**
 * A field message in the interface language: the form's own messages, or an error code the server
 * put on a field ('user_not_found'); anything else is shown as the server wrote it.
 */
export function adjustmentMessageText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  const key = MESSAGE_KEYS[message];
  if (key) return t(`admin:${key}`);
  return t(`common:errors.${message}`, { defaultValue: message });
}

/** The request body from checked values: notes only when given. */
export function adjustmentPayload(values: TManualAdjustmentRequest): TManualAdjustmentRequest {
  const { notes, ...rest } = values;
  return notes ? { ...rest, notes } : rest;
}
