import type { TFaydaCallbackRequest } from '@betoch/contracts/fayda';
import { faydaCalls } from '@betoch/contracts/routes/fayda';
import { callApi } from '@/lib/api-client';
import { faydaKeys } from './query-keys';
import { useReloadingMutation } from '@/lib/use-reloading-mutation';

/** POST /fayda/callback: what Fayda sent back (a code, or an error such as a cancel) and the state. */
export function finishFayda(body: TFaydaCallbackRequest) {
  return callApi(faydaCalls.finishFayda, { body });
}

export function useFinishFayda() {
  return useReloadingMutation(finishFayda, [faydaKeys.status]);
}
