import { useMutation } from '@tanstack/react-query';
import type { ConfirmAnswer, TFreshnessAnswer } from '@betoch/contracts/freshness';
import { apiRequest } from '@/lib/api-client';

/** POST /confirm-links/{token}: 'Yes, still available' or 'Rented' from the SMS link; the link is spent. */
export function answerConfirmLink({ token, answer }: { token: string; answer: ConfirmAnswer }): Promise<TFreshnessAnswer> {
  return apiRequest<TFreshnessAnswer>(`/confirm-links/${encodeURIComponent(token)}`, { method: 'POST', body: { answer } });
}

export function useAnswerConfirmLink() {
  return useMutation({ mutationFn: answerConfirmLink });
}
