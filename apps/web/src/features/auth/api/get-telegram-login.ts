import { queryOptions, useSuspenseQuery } from '@tanstack/react-query';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import { callApi } from '@/lib/api-client';
import type { TTelegramOptionsAnswer } from '@betoch/contracts/telegram';

/**
 * GET /auth/telegram/options: whether /login and /signup offer 'Continue with Telegram'. Asked while
 * the page is drawn (on the server too, so the link is in the page before the app's code runs).
 */
export function telegramLoginQueryOptions() {
  return queryOptions({
    queryKey: ['auth', 'telegram-login'] as const,
    // A failed answer hides the link rather than the page: the phone code still works.
    queryFn: (): Promise<TTelegramOptionsAnswer> => callApi(telegramCalls.loginOptions).catch(() => ({ ok: true as const, login: 'off' as const })),
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useTelegramLogin() {
  return useSuspenseQuery(telegramLoginQueryOptions());
}
