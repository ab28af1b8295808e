import { createHmac } from 'node:crypto';

/** The keyed one-way hash of a phone (HMAC-SHA-256): the phone cannot be read back from it. */
export function phoneHash(key: string, phone: string): string {
  return createHmac('sha256', key).update(`phone:${phone}`).digest('hex');
}
