import { useEffect } from 'react';
import { useMe } from '@/api/get-me';
import { useSession } from '@/lib/session';

/**
 * On start a stored session is restored at once, then the user is refreshed from the server.
 * A failed refresh is only logged; a 401 ends the session through the API client.
 */
export function SessionSync() {
  const session = useSession();
  const me = useMe(session.token);
  const { updateUser } = session;
  useEffect(() => {
    if (me.data) updateUser(me.data);
  }, [me.data, updateUser]);
  useEffect(() => {
    if (me.error) console.warn('Could not refresh the user', me.error);
  }, [me.error]);
  return null;
}
