import { useMutation } from '@tanstack/react-query';
import type { TAccountUserAnswer, TUpdateAccountRequest } from '@betoch/contracts/account';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** PATCH /account: name, e-mail, agency name. */
export function updateAccount(body: TUpdateAccountRequest): Promise<TAccountUserAnswer> {
  return apiRequest<TAccountUserAnswer>('/account', { method: 'PATCH', body });
}

export function useUpdateAccount() {
  const session = useSession();
  return useMutation({ mutationFn: updateAccount, onSuccess: (answer) => session.updateUser(answer.user) });
}
