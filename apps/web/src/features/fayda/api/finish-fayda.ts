import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TFaydaCallbackRequest } from '@betoch/contracts/fayda';
import { faydaCalls } from '@betoch/contracts/routes/fayda';
import { callApi } from '@/lib/api-client';
import { faydaKeys } from './query-keys';

/** POST /fayda/callback: what Fayda sent back (a code, or an error such as a cancel) and the state. */
export function finishFayda(body: TFaydaCallbackRequest) {
  return callApi(faydaCalls.finishFayda, { body });
}

export function useFinishFayda() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: finishFayda,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: faydaKeys.status }),
  });
}
