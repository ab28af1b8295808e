import { useCallback } from 'react';
import { readToken } from '@/lib/session-storage';
import { useSession } from '@/lib/session';
import { getMe } from '../api/get-me';

/**
 * After posting, the user is read again (GET /auth/me): a tenant who posts has become a landlord,
 * and the stored user type follows the account's (spec section 2, landlord welcome).
 */
export function useRefreshUser() {
  const { signIn } = useSession();
  return useCallback(async () => {
    const me = await getMe();
    const token = readToken();
    if (token) signIn(token, me);
  }, [signIn]);
}
