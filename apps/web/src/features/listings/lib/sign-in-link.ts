import { paths } from '@/config/paths';

/**
 * Sign-in for a visitor on /l/{id} (unlock, report, 'Is it still available?', 'Save'): a link that
 * carries the way back in its query, so it works before the app has started and without
 * JavaScript (features/auth reads `from` and `listing`), and the same in the router's state.
 * `save`: the way back asks to save the listing (paths.listingToSave).
 */
export function signInLink(listingId: string, { save = false }: { save?: boolean } = {}): { to: string; state: { from: string; listingId: string } } {
  const from = save ? paths.listingToSave(listingId) : paths.listing(listingId);
  return { to: paths.signInFrom(from, listingId), state: { from, listingId } };
}
