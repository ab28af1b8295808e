import { createHmac, timingSafeEqual } from 'node:crypto';
import { CALLBACK_DATA_MAX_BYTES } from './bot-api-client.ts';

/**
 * The freshness question's buttons: `f:<a|r>:<link token>:<signature>`, at most 64 bytes. The
 * token is the question's single-use link token (the same as the SMS link's); the signature, an
 * HMAC of the rest with the server's key, makes a made-up or altered button fail before the
 * database is asked. Single use comes from the token: the first answer spends it.
 */
export type FreshnessChoice = 'available' | 'rented';

const SIG_CHARS = 16;

function signature(key: string, body: string): string {
  return createHmac('sha256', key).update(body).digest('base64url').slice(0, SIG_CHARS);
}

export function freshnessCallbackData(key: string, token: string, choice: FreshnessChoice): string {
  const body = `f:${choice === 'rented' ? 'r' : 'a'}:${token}`;
  const data = `${body}:${signature(key, body)}`;
  if (Buffer.byteLength(data) > CALLBACK_DATA_MAX_BYTES) throw new Error('callback data over 64 bytes');
  return data;
}

/** The choice and token of a button this server made; null for anything else. */
export function readFreshnessCallback(key: string, data: string): { choice: FreshnessChoice; token: string } | null {
  const match = /^(f:([ar]):([\w-]{16,40})):([\w-]{16})$/.exec(data);
  if (!match) return null;
  const expected = Buffer.from(signature(key, match[1]!));
  const given = Buffer.from(match[4]!);
  if (expected.length !== given.length || !timingSafeEqual(expected, given)) return null;
  return { choice: match[2] === 'r' ? 'rented' : 'available', token: match[3]! };
}
