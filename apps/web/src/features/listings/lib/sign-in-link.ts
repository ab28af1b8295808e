import { paths } from '@/config/paths';

/**
 * Sign-in for a visitor on /l/{id} (unlock, report, 'Is it still available?'): a link that carries
 * the way back in its query, so it works before the app has started and without JavaScript
 * (features/auth reads `from` and `listing`), and the same in the router's state.
 */
export function signInLink(listingId: string): { to: string; state: { from: string; listingId: string } } {
  const from = paths.listing(listingId);
  return { to: `${paths.login}?${new URLSearchParams({ from, listing: listingId }).toString()}`, state: { from, listingId } };
}
