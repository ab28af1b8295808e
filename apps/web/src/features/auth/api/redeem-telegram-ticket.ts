import { useMutation } from '@tanstack/react-query';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import { callApi } from '@/lib/api-client';

/** POST /auth/telegram/session: the session of a Telegram sign-in (the ticket /login was given; single use). */
export function redeemTelegramTicket(ticket: string) {
  return callApi(telegramCalls.redeemTicket, { body: { ticket } });
}

export function useRedeemTelegramTicket() {
  return useMutation({ mutationFn: redeemTelegramTicket });
}
