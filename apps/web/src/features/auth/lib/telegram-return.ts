import type { Notice } from './code-notices';
import type { TFunction } from 'i18next';

const FAILURES = ['cancelled', 'failed', 'expired', 'unavailable', 'no_phone', 'banned'] as const;
export type TelegramFailure = (typeof FAILURES)[number];

/**
 * What Telegram's sign-in brought back to /login or /signup (the server's callback puts it in the
 * address): a ticket (a session on /login, the verified phone on /signup) or why it failed.
 */
export function telegramReturn(search: URLSearchParams): { ticket?: string; failure?: TelegramFailure } {
  const ticket = search.get('telegram');
  const failure = search.get('telegram_error');
  return {
    ...(ticket && /^[\w-]{16,2000}$/.test(ticket) ? { ticket } : {}),
    ...(failure && (FAILURES as readonly string[]).includes(failure) ? { failure: failure as TelegramFailure } : {}),
  };
}

/** The message for a Telegram sign-in that did not sign in: a cancel or a phone not shared are not errors. */
export function telegramFailureNotice(t: TFunction, failure: TelegramFailure): Notice {
  return { tone: failure === 'cancelled' || failure === 'no_phone' ? 'info' : 'error', content: t(`telegram.failures.${failure}`) };
}
