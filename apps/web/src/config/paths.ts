/** The query of a listing's address that asks to save it (the signed-in person's heart does, once). */
export const SAVE_PARAM = 'save';

/** Every route of the app, and builders for the ones with parameters. */
export const paths = {
  home: '/',
  login: '/login',
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
