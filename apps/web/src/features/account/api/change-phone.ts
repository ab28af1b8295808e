import { useMutation } from '@tanstack/react-query';
import type { TChangePhoneAnswer, TChangePhoneRequest } from '@betoch/contracts/account';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** POST /account/phone: the account moves to the new phone; this device continues with the new token. */
export function changePhone(body: TChangePhoneRequest): Promise<TChangePhoneAnswer> {
  return apiRequest<TChangePhoneAnswer>('/account/phone', { method: 'POST', body });
}

export function useChangePhone() {
  const session = useSession();
  return useMutation({ mutationFn: changePhone, onSuccess: (answer) => session.signIn(answer.token, answer.user) });
}
