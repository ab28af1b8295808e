import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import { createRemoteJWKSet, jwtVerify, type JWTVerifyGetKey } from 'jose';
import { AppError } from '../../lib/app-error.ts';

/** A Telegram sign-in is taken within a day of Telegram's auth_date. */
export const TELEGRAM_AUTH_MAX_AGE_S = 24 * 60 * 60;

function expired(): AppError {
  return new AppError('telegram_login_expired', 'That Telegram sign-in is too old. Please try again.');
}

/**
 * The Login Widget's signed data (core.telegram.org/widgets/login): every field but `hash`, sorted
 * by name, joined as key=value with newlines; HMAC-SHA256 with SHA-256(bot token) as the key must
 * equal `hash`; auth_date less than a day old. Answers the Telegram user id. The Widget gives no phone.
 */
export function verifyWidgetData(data: Record<string, string | number>, botToken: string, now: Date): { telegramId: number } {
  const { hash, ...fields } = data;
  if (typeof hash !== 'string' || !/^[0-9a-f]{64}$/.test(hash)) throw new AppError('invalid_signature', 'The Telegram sign-in is not signed.');
  const checkString = Object.keys(fields)
    .sort()
    .map((key) => `${key}=${fields[key]}`)
    .join('\n');
  const expected = createHmac('sha256', createHash('sha256').update(botToken).digest()).update(checkString).digest();
  if (!timingSafeEqual(expected, Buffer.from(hash, 'hex'))) throw new AppError('invalid_signature', 'The Telegram sign-in does not verify.');
  const authDate = Number(fields.auth_date);
  if (!Number.isInteger(authDate) || now.getTime() / 1000 - authDate >= TELEGRAM_AUTH_MAX_AGE_S || authDate > now.getTime() / 1000 + 60) throw expired();
  const telegramId = Number(fields.id);
  if (!Number.isSafeInteger(telegramId)) throw new AppError('invalid_signature', 'The Telegram sign-in has no user.');
  return { telegramId };
}

export interface IdTokenCheck {
  issuer: string;
  /** The client id: the bot's id (the token's digits before ':'). */
  audience: string;
  now: Date;
  /** The flow's nonce (the authorization-code flow): the token must carry it. */
  nonce?: string;
}

const remoteKeys = new Map<string, JWTVerifyGetKey>();

/**
 * An ID token of Telegram's OpenID Connect login: signed by a key of the issuer's JWKS, for this
 * bot (aud), from this issuer (iss), not expired, auth_time (or iat) under a day old. Answers the
 * Telegram user and, with the `phone` scope, the verified phone number.
 */
export async function verifyIdToken(idToken: string, check: IdTokenCheck): Promise<{ telegramId: number; phone: string | null }> {
  // The issuer's keys, fetched once and kept (jose fetches again for a key id it does not know).
  const keys = remoteKeys.get(check.issuer) ?? createRemoteJWKSet(new URL(`${check.issuer}/.well-known/jwks.json`));
  remoteKeys.set(check.issuer, keys);
  let payload;
  try {
    ({ payload } = await jwtVerify(idToken, keys, { issuer: check.issuer, audience: check.audience, currentDate: check.now }));
  } catch (error) {
    const code = (error as { code?: string }).code;
    if (code === 'ERR_JWT_EXPIRED') throw expired();
    throw new AppError('invalid_signature', 'The Telegram ID token does not verify.');
  }
  if (check.nonce !== undefined && payload.nonce !== check.nonce) throw new AppError('invalid_signature', 'The Telegram ID token is not of this sign-in.');
  const authTime = typeof payload.auth_time === 'number' ? payload.auth_time : payload.iat;
  if (typeof authTime !== 'number' || check.now.getTime() / 1000 - authTime >= TELEGRAM_AUTH_MAX_AGE_S) throw expired();
  // Telegram's `id` claim is the user's id (the Bot API's); `sub` is the subject, the same number here.
  const telegramId = Number(payload.id ?? payload.sub);
  if (!Number.isSafeInteger(telegramId)) throw new AppError('invalid_signature', 'The Telegram ID token names no user.');
  const phone = typeof payload.phone_number === 'string' && payload.phone_number_verified !== false ? payload.phone_number : null;
  return { telegramId, phone };
}
