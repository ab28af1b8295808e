import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { TExportLinkAnswer } from '@betoch/contracts/account';
import { apiRequest } from '@/lib/api-client';
import { accountKeys } from './query-keys';

/** POST /account/export/link: a single-use link to the ready file. */
export function createExportLink(): Promise<TExportLinkAnswer> {
  return apiRequest<TExportLinkAnswer>('/account/export/link', { method: 'POST' });
}

export function useCreateExportLink() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createExportLink, onSettled: () => queryClient.invalidateQueries({ queryKey: accountKeys.overview }) });
}
