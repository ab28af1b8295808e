import { createHash, randomBytes } from 'node:crypto';

/** A 'Connect Telegram' token: 24 random bytes, URL-safe (32 characters from A-Za-z0-9_-, as /start takes). */
export function newStartToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the database keeps of it: its SHA-256, hex. */
export function hashStartToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
