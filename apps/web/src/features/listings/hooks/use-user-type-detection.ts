import { useEffect } from 'react';
import { useSession } from '@/lib/session';
import { useMyListings } from '@/api/get-my-listings';
import { looksLikeLandlord } from '../lib/my-listings-stats';

/**
 * When the stored user type is missing after sign-in or on start, the user is a
 * landlord if their own listings show landlord_live above 0 or a listing with source landlord;
 * otherwise the account's own type is kept. A failed look-up is only logged.
 */
export function useUserTypeDetection(): void {
  const session = useSession();
  const missing = session.isAuthenticated && !session.userType;
  const mine = useMyListings(missing);
  const { setUserType, user } = session;

  useEffect(() => {
    if (!missing || !mine.data || !user) return;
    setUserType(looksLikeLandlord(mine.data) ? 'landlord' : (user.userType ?? 'tenant'));
  }, [missing, mine.data, user, setUserType]);

  useEffect(() => {
    if (missing && mine.error) console.warn('Could not detect the user type', mine.error);
  }, [missing, mine.error]);
}
