import { z } from 'zod';
import { OTP_LENGTH, ROLES, USER_TYPES } from './constants.ts';
import { okAnswer } from './common.ts';
import { dropInvisible } from './invisible-characters.ts';
import { normalizePhone } from './phone.ts';

/** Validation messages are i18n keys of the auth namespace. */
export const ZPhoneInput = z
  .string({ error: 'phone_required' })
  .trim()
  .min(1, 'phone_required')
  .max(32, 'invalid_phone')
  .refine((v) => normalizePhone(v) !== null, 'invalid_phone');

export const ZCodeInput = z
  .string({ error: 'otp_required' })
  .trim()
  .min(1, 'otp_required')
  .regex(new RegExp(`^\\d{${OTP_LENGTH}}$`), 'invalid_code');

export const ZRequestOtpRequest = z.object({ phone: ZPhoneInput });
export type TRequestOtpRequest = z.infer<typeof ZRequestOtpRequest>;

export const ZRequestOtpAnswer = okAnswer({
  /** Only in demo mode: the spec shows the code on screen. */
  code: z.string().optional(),
  expires_in: z.number().int(),
  retry_after: z.number().int(),
});
export type TRequestOtpAnswer = z.infer<typeof ZRequestOtpAnswer>;

/** Demo mode only: a phone's sign-in code may be asked for again at once (the resend wait ended). */
export const ZDemoEndCooldownRequest = z.object({ phone: ZPhoneInput });
export type TDemoEndCooldownRequest = z.infer<typeof ZDemoEndCooldownRequest>;

export const ZVerifyOtpRequest = z.object({ phone: ZPhoneInput, code: ZCodeInput });
export type TVerifyOtpRequest = z.infer<typeof ZVerifyOtpRequest>;

export const ZUserType = z.enum(USER_TYPES);

// eslint-disable-next-line no-control-regex -- the point is to refuse control characters
const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f]*$/;

/**
 * The signup fields as the server reads them. The broker's agency name is checked by the server
 * itself so that it can answer the spec's own error, 400 agency_name_required.
 */
export const ZSignupFields = z.object({
  phone: ZPhoneInput,
  /** The SMS code; not asked for with a Telegram signup ticket (the phone Telegram verified). */
  code: z.string().optional(),
  /** Sign up with Telegram: the single-use ticket that stands for the code (docs/telegram.md). */
  telegramTicket: z.string().min(16).max(2000).optional(),
  name: z
    .string({ error: 'name_required' })
    .overwrite(dropInvisible)
    .trim()
    .min(1, 'name_required')
    .max(80, 'name_too_long')
    .regex(NO_CONTROL_CHARACTERS, 'invalid_name'),
  /** Optional; blank means none. Surrounding spaces are dropped before the address is checked. */
  email: z
    .string({ error: 'invalid_email' })
    .trim()
    .max(254, 'invalid_email')
    .pipe(z.union([z.literal(''), z.email({ error: 'invalid_email' })], { error: 'invalid_email' }))
    .nullish()
    .transform((v) => (v ? v : undefined)),
  userType: ZUserType,
  agencyName: z.string().overwrite(dropInvisible).trim().max(120, 'agency_too_long').regex(NO_CONTROL_CHARACTERS, 'invalid_agency').optional(),
  /** The Terms and the Privacy notice accepted (a ticked box): no account without it. */
  acceptTerms: z.literal(true, { error: 'terms_required' }),
});

/** The signup form: the same fields, plus the broker's agency name required on the field (agency_required). */
export const ZSignupRequest = ZSignupFields.superRefine((value, ctx) => {
  if (!value.telegramTicket) {
    const code = ZCodeInput.safeParse(value.code);
    if (!code.success) ctx.addIssue({ code: 'custom', path: ['code'], message: code.error.issues[0]?.message ?? 'invalid_code' });
  }
  if (value.userType === 'delala' && !value.agencyName) {
    ctx.addIssue({ code: 'custom', path: ['agencyName'], message: 'agency_required' });
  }
});
export type TSignupRequest = z.input<typeof ZSignupRequest>;

export const ZUser = z.object({
  phone: z.string(),
  sub: z.string(),
  name: z.string().nullable(),
  email: z.string().nullable(),
  userType: ZUserType,
  agency_name: z.string().nullable(),
  roles: z.array(z.enum(ROLES)),
  wallet_credits: z.number().int(),
  post_credits: z.number().int().optional(),
  badges: z.object({ post_credits: z.number().int().optional() }),
  sub_tenant_unlimited_until: z.string().nullable(),
  sub_delala_unlimited_until: z.string().nullable(),
  status: z.enum(['active', 'suspended', 'banned']),
  suspended_until: z.string().nullable(),
  createdAt: z.string(),
});
export type TUser = z.infer<typeof ZUser>;

export const ZSessionAnswer = okAnswer({ token: z.string(), user: ZUser });
export type TSessionAnswer = z.infer<typeof ZSessionAnswer>;

/** GET /auth/me answers the user's fields at the top level. */
export const ZMeAnswer = okAnswer(ZUser.shape);
export type TMeAnswer = z.infer<typeof ZMeAnswer>;
