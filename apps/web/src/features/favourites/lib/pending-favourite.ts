/**
 * A heart tapped while signed out: the listing waits here (this tab only) while the visitor signs
 * in, and is saved when they come back signed in (use-pending-favourite.ts).
 */
const KEY = 'betoch.pendingFavourite';

export function rememberPendingFavourite(listingId: string): void {
  try {
    sessionStorage.setItem(KEY, listingId);
  } catch {
    // Storage refused (private mode): the visitor taps the heart again after signing in.
  }
}

/** The waiting listing, taken (read once). */
export function takePendingFavourite(): string | null {
  try {
    const id = sessionStorage.getItem(KEY);
    if (id !== null) sessionStorage.removeItem(KEY);
    return id;
  } catch {
    return null;
  }
}
