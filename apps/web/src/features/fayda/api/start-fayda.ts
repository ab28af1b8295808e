import { useMutation } from '@tanstack/react-query';
import { faydaCalls } from '@betoch/contracts/routes/fayda';
import { callApi } from '@/lib/api-client';

/** POST /fayda/start: the Fayda page to send the browser to. */
export function startFayda(lng: 'en' | 'am') {
  return callApi(faydaCalls.startFayda, { body: { lng } });
}

export function useStartFayda() {
  return useMutation({
    mutationFn: startFayda,
    onSuccess: ({ url }) => window.location.assign(url),
  });
}
