import { useCallback } from 'react';
import { useSession } from '@/lib/session';
import { getMe } from '@/api/get-me';

/**
 * After posting, the user is read again (GET /auth/me) and stored. Posting makes a tenant a
 * landlord, so then the stored user type becomes landlord too;
 * a broker stays a broker.
 */
export function useRefreshUser() {
  const { updateUser, setUserType } = useSession();
  return useCallback(async () => {
    const me = await getMe();
    updateUser(me);
    if (me.userType === 'landlord') setUserType('landlord');
  }, [updateUser, setUserType]);
}
