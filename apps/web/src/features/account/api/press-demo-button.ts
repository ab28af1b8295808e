import { demoCalls } from '@betoch/contracts/routes/demo';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /demo/telegram/press: a tap on one of the demo bot's buttons; answers the bot's reply. */
export function pressDemoButton(callbackData: string) {
  return callApi(demoCalls.telegramPress, { body: { callback_data: callbackData } });
}

export function usePressDemoButton() {
  return useReloadingMutation(pressDemoButton, [accountKeys.demoBot]);
}
