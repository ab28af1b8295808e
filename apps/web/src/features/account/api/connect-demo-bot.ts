import { useMutation, useQueryClient } from '@tanstack/react-query';
import { demoCalls } from '@betoch/contracts/routes/demo';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** POST /demo/telegram/connect: connects the demo bot as pressing Start in Telegram would. */
export function connectDemoBot(language: 'en' | 'am') {
  return callApi(demoCalls.telegramConnect, { body: { language } });
}

export function useConnectDemoBot() {
  const client = useQueryClient();
  return useMutation({ mutationFn: connectDemoBot, onSuccess: () => client.invalidateQueries({ queryKey: accountKeys.telegram }) });
}
