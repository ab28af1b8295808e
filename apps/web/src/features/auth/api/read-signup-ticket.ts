import { useQuery } from '@tanstack/react-query';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import { callApi } from '@/lib/api-client';

/** POST /auth/telegram/signup-ticket: the phone Telegram verified, for the signup form (not spent). */
export function readSignupTicket(ticket: string) {
  return callApi(telegramCalls.signupTicket, { body: { ticket } });
}

/** Asked once, in the browser only (the ticket is spent by the signup itself). */
export function useSignupTicket(ticket: string | undefined) {
  return useQuery({
    queryKey: ['auth', 'telegram-signup-ticket', ticket] as const,
    queryFn: () => readSignupTicket(ticket!),
    enabled: Boolean(ticket),
    retry: false,
    staleTime: Number.POSITIVE_INFINITY,
    gcTime: 0,
  });
}
