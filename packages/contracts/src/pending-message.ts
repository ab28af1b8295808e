/**
 * A first message to a poster written by a visitor without an account, kept while they sign up or
 * sign in. Without JavaScript the listing page's message form posts it (apps/api's web-app.ts) and
 * the server keeps it in this cookie, so the text never goes into an address, a history or a log;
 * the app reads it once an account is ready, sends it, and removes the cookie
 * (apps/web/src/features/auth/lib/pending-message.ts).
 */
export const PENDING_MESSAGE_COOKIE = 'betoch_msg';

/** How long the message is kept: time enough to sign up. */
export const PENDING_MESSAGE_SECONDS = 3600;

/** A cookie longer than this may be refused by the browser (4,096 bytes with its name and attributes). */
const VALUE_MAX = 3800;

function toBase64Url(text: string): string {
  let binary = '';
  for (const byte of new TextEncoder().encode(text)) binary += String.fromCharCode(byte);
  return btoa(binary).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
}

function fromBase64Url(value: string): string {
  const binary = atob(value.replace(/-/g, '+').replace(/_/g, '/'));
  return new TextDecoder('utf-8', { fatal: true }).decode(Uint8Array.from(binary, (c) => c.charCodeAt(0)));
}

/** The cookie's value for a message to a listing; null when it would be too long for a cookie. */
export function pendingMessageValue(listingId: string, message: string): string | null {
  if (!/^[\w-]{1,64}$/.test(listingId)) return null;
  const value = `${listingId}.${toBase64Url(message)}`;
  return value.length <= VALUE_MAX ? value : null;
}

/** The listing and message a cookie value holds; null for anything else. */
export function readPendingMessage(value: string | undefined): { listingId: string; message: string } | null {
  const dot = value?.indexOf('.') ?? -1;
  if (!value || dot < 1) return null;
  try {
    const message = fromBase64Url(value.slice(dot + 1));
    return message.trim() ? { listingId: value.slice(0, dot), message } : null;
  } catch {
    return null;
  }
}
