import { createHash, randomBytes } from 'node:crypto';

/** A new link token: 24 random bytes, URL-safe (32 characters). Only its hash is stored. */
export function newConfirmToken(): string {
  return randomBytes(24).toString('base64url');
}

/** What the database keeps of a token: its SHA-256, hex. A random 192-bit token needs no secret key. */
export function hashConfirmToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
