import { useMutation } from '@tanstack/react-query';
import type { ConfirmAnswer } from '@betoch/contracts/freshness';
import { freshnessCalls } from '@betoch/contracts/routes/freshness';
import { callApi } from '@/lib/api-client';

/** POST /confirm-links/{token}: 'Yes, still available' or 'Rented' from the SMS link; the link is spent. */
export function answerConfirmLink({ token, answer }: { token: string; answer: ConfirmAnswer }) {
  return callApi(freshnessCalls.answerConfirmLink, { params: { token }, body: { answer } });
}

export function useAnswerConfirmLink() {
  return useMutation({ mutationFn: answerConfirmLink });
}
