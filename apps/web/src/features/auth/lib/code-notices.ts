import type { ReactNode } from 'react';
import type { TFunction } from 'i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-text';
import type { CodeSender } from './use-code-sender';

/** The message above a sign-in or sign-up step. */
export type Notice = { tone: 'error' | 'warning' | 'success' | 'info'; content: ReactNode };

/**
 * The phone step's "send code": true when the code step may follow. An invalid phone is the phone
 * field's error, any other failure the notice. A code sent less than a minute ago is still good:
 * the user can type it while the countdown runs, so that is a warning, not a stop.
 */
export async function sendFromPhoneStep(
  t: TFunction,
  sender: CodeSender,
  phone: string,
  setFieldError: (key: string) => void,
  setNotice: (notice: Notice | null) => void,
): Promise<boolean> {
  const result = await sender.send(phone);
  if (result.kind === 'error') {
    if (result.error instanceof ApiError && result.error.code === 'invalid_phone') setFieldError('invalid_phone');
    else setNotice({ tone: 'error', content: errorText(t, result.error) });
    return false;
  }
  setNotice(result.kind === 'cooldown' ? { tone: 'warning', content: t('code.alreadySent', { seconds: result.seconds }) } : null);
  return true;
}

/** The code step's "send again": the notice says it went, that the countdown still runs, or what failed. */
export async function resendFromCodeStep(t: TFunction, sender: CodeSender, phone: string, setNotice: (notice: Notice | null) => void): Promise<void> {
  setNotice(null);
  const result = await sender.send(phone);
  if (result.kind === 'sent') setNotice({ tone: 'success', content: t('code.resent') });
  else if (result.kind === 'cooldown') setNotice({ tone: 'warning', content: t('code.cooldown', { seconds: result.seconds }) });
  else setNotice({ tone: 'error', content: errorText(t, result.error) });
}
