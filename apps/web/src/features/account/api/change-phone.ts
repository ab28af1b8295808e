import { useMutation } from '@tanstack/react-query';
import type { TChangePhoneRequest } from '@betoch/contracts/account';
import { accountCalls } from '@betoch/contracts/routes/account';
import { callApi } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** POST /account/phone: the account moves to the new phone; this device continues with the new token. */
export function changePhone(body: TChangePhoneRequest) {
  return callApi(accountCalls.changePhone, { body });
}

export function useChangePhone() {
  const session = useSession();
  return useMutation({ mutationFn: changePhone, onSuccess: (answer) => session.signIn(answer.token, answer.user) });
}
