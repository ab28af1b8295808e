import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoCalls } from '@betoch/contracts/routes/demo';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** POST /demo/telegram/press: a tap on one of the demo bot's buttons; answers the bot's reply. */
export function pressDemoButton(callbackData: string) {
  return callApi(demoCalls.telegramPress, { body: { callback_data: callbackData } });
}

export function usePressDemoButton() {
  const client = useQueryClient();
  return useMutation({ mutationFn: pressDemoButton, onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.demoBot }) });
}
