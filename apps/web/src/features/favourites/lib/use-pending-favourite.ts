import { useEffect } from 'react';
import { takePendingFavourite } from './pending-favourite';

/**
 * Once signed in, the listing whose heart was tapped before signing in is saved (once, by the
 * first heart that is drawn).
 */
export function usePendingFavourite(user: string | null, save: (listingId: string) => void): void {
  useEffect(() => {
    if (!user) return;
    const id = takePendingFavourite();
    if (id) save(id);
  }, [user, save]);
}
