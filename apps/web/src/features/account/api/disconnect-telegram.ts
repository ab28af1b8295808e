import { telegramCalls } from '@betoch/contracts/routes/telegram';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** DELETE /account/telegram: 'Disconnect'. */
export function disconnectTelegram() {
  return callApi(telegramCalls.disconnectTelegram);
}

export function useDisconnectTelegram() {
  return useReloadingMutation(disconnectTelegram, [accountKeys.telegram]);
}
