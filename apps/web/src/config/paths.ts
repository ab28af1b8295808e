/** The query of a listing's address that asks to save it (the signed-in person's heart does, once). */
export const SAVE_PARAM = 'save';

/** The query of a listing's address that shows one of its photos full-screen (1-based): /l/{id}?photo=2. */
export const PHOTO_PARAM = 'photo';
/** The query of /landlord/welcome that opens the wizard on a step (1-based): the steps without JavaScript. */
export const STEP_PARAM = 'step';

/**
 * A 1-based position named in a page's address (`?photo=2` on /l/{id}, `?step=3` on the landlord's
 * welcome): the server draws that view, so it works without JavaScript. Null when absent, not a
 * whole number, or outside 1..`max`: the page is drawn as without it.
 */
export function countedParam(search: URLSearchParams, name: string, max: number): number | null {
  const raw = search.get(name);
  if (raw === null || !/^[0-9]{1,4}$/.test(raw)) return null;
  const n = Number(raw);
  return n >= 1 && n <= max ? n : null;
}

/** Every route of the app, and builders for the ones with parameters. */
export const paths = {
  home: '/',
  login: '/login',
  /**
   * Sign-in that comes back to `from` (a path of the app) once done: the way back in the query,
   * read by features/auth before the app has started and without JavaScript. `listing`: the
   * listing the visitor came from (the sign-in page names it).
   */
  signInFrom: (from: string, listing?: string) => `/login?${new URLSearchParams(listing === undefined ? { from } : { from, listing }).toString()}`,
  signup: '/signup',
  landlordWelcome: '/landlord/welcome',
  landlord: '/landlord',
  landlordSuccess: '/landlord/success',
  delalaWelcome: '/delala/welcome',
  tenantWelcome: '/tenant/welcome',
  tenantSearch: '/tenant/search',
  browse: '/browse',
  listing: (id: string) => `/l/${encodeURIComponent(id)}`,
  /** A listing to save once signed in: where a visitor's 'Save' comes back to after sign-in. */
  listingToSave: (id: string) => `/l/${encodeURIComponent(id)}?${SAVE_PARAM}=1`,
  /** One photo of a listing, full-screen (n is 1-based): what a photo of the gallery links to. */
  listingPhoto: (id: string, n: number) => `/l/${encodeURIComponent(id)}?${PHOTO_PARAM}=${n}`,
  myListings: '/my-listings',
  postProperty: '/post-property',
  postOwner: '/post/owner',
  postDelala: '/post/delala',
  chat: '/chat',
  messages: '/messages',
  conversation: (id: string) => `/chat/${encodeURIComponent(id)}`,
  wallet: '/wallet',
  /** Where the hosted checkout brings the user back (?tx_ref=…). */
  walletReturn: '/wallet/return',
  myUnlocks: '/my-unlocks',
  admin: '/admin',
  /** Saved listings and saved searches. */
  saved: '/saved',
  /** Notifications: new listings matching a saved search, saved listings that left the market. */
  notifications: '/notifications',
  /** The Privacy notice and the Terms, public and drawn on the server. */
  privacy: '/privacy',
  terms: '/terms',
  /** The signed-in person's own data: see, correct, export, delete. */
  account: '/account',
  /** Where Fayda sends the person back after verifying (FAYDA_REDIRECT_URI, docs/fayda.md). */
  faydaReturn: '/account/fayda',
} as const;

/** Pages without the top bar: only the language switcher, fixed bottom right. */
export const BARE_PATHS = new Set<string>([
  paths.home,
  paths.login,
  paths.signup,
  paths.landlordWelcome,
  paths.landlordSuccess,
  paths.delalaWelcome,
  paths.tenantWelcome,
]);
