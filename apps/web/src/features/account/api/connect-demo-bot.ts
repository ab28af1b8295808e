import { demoCalls } from '@betoch/contracts/routes/demo';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /demo/telegram/connect: connects the demo bot as pressing Start in Telegram would. */
export function connectDemoBot(language: 'en' | 'am') {
  return callApi(demoCalls.telegramConnect, { body: { language } });
}

export function useConnectDemoBot() {
  return useReloadingMutation(connectDemoBot, [accountKeys.telegram]);
}
