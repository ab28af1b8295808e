import { useMutation } from '@tanstack/react-query';
import type { TUpdateAccountRequest } from '@betoch/contracts/account';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** PATCH /account: name, e-mail, agency name. */
export function updateAccount(body: TUpdateAccountRequest) {
  return callApi(accountCalls.updateAccount, { body });
}

export function useUpdateAccount() {
  const session = useSession();
  return useMutation({ mutationFn: updateAccount, onSuccess: (answer) => session.updateUser(answer.user) });
}
