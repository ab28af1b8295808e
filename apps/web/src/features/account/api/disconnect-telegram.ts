import { useMutation, useQueryClient } from '@tanstack/react-query';
import { telegramCalls } from '@betoch/contracts/routes/telegram';
import { callApi } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** DELETE /account/telegram: 'Disconnect'. */
export function disconnectTelegram() {
  return callApi(telegramCalls.disconnectTelegram);
}

export function useDisconnectTelegram() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: disconnectTelegram, onSuccess: () => queryClient.invalidateQueries({ queryKey: accountKeys.telegram }) });
}
