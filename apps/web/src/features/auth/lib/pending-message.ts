import { PENDING_MESSAGE_COOKIE, readPendingMessage } from '@betoch/contracts/pending-message';
import type { AuthIntent } from './auth-intent';

/**
 * The first message a visitor posted from a listing's page before the app ran (the server kept it
 * in a cookie: apps/api/src/plugins/web-app.ts), added to the sign-in intent when the intent has
 * none of its own. Read when an account is ready, never while drawing: the server draws sign-up
 * without it.
 */
export function withPendingMessage(intent: AuthIntent): AuthIntent {
  if (intent.pendingMessage || typeof document === 'undefined') return intent;
  const raw = document.cookie
    .split(';')
    .map((part) => part.trim())
    .find((part) => part.startsWith(`${PENDING_MESSAGE_COOKIE}=`));
  const kept = readPendingMessage(raw?.slice(PENDING_MESSAGE_COOKIE.length + 1));
  if (!kept || (intent.listingId && intent.listingId !== kept.listingId)) return intent;
  return { ...intent, pendingMessage: kept.message, listingId: kept.listingId };
}

/** The kept message is gone once sent (or once the visitor chose to go on without it). */
export function forgetPendingMessage(): void {
  if (typeof document !== 'undefined') document.cookie = `${PENDING_MESSAGE_COOKIE}=; path=/; max-age=0; samesite=lax`;
}
