import { PHOTO_SIZES } from './photo-sizes';

/**
 * The pages people open the app on (from a shared link, a search result or the home screen).
 * For each, the build writes what its first screen needs into dist/first-screens.json
 * (build/first-screens-plugin.ts), and the server names those files in the page it sends, so the
 * phone fetches them at once alongside the app's own code instead of one round trip after
 * another (docs/performance.md). The app asks for the same text namespaces at start (lib/i18n.ts).
 *
 * `path` is a page path, or a prefix when it ends with '/' (the rule is firstScreenForPath in
 * packages/contracts/src/first-screen-path.ts, which the server uses too). `page` is the page's
 * module as the build manifest names it (the one router.tsx loads for that path).
 * `photoSizes`: the `sizes` of the page's first photo, when the server sends the page with its
 * first answer and can name that photo too.
 *
 * Data only: the build loads this file in Node (build/first-screens-plugin.ts), which cannot load
 * the contracts package's .ts files.
 */
export interface FirstScreen {
  path: string;
  page: string;
  namespaces: readonly string[];
  photoSizes?: string;
  /** Modules the server draws into the page but the browser loads later: their styles come with the page. */
  alsoStyles?: readonly string[];
}

export const FIRST_SCREENS: readonly FirstScreen[] = [
  { path: '/', page: 'src/features/landing/components/landing-page.tsx', namespaces: ['landing'] },
  { path: '/browse', page: 'src/features/listings/components/browse-page.tsx', namespaces: ['listings'], photoSizes: PHOTO_SIZES.card },
  {
    path: '/l/',
    page: 'src/features/listings/components/listing-detail-page.tsx',
    namespaces: ['listings'],
    photoSizes: PHOTO_SIZES.detail,
    alsoStyles: ['src/features/listings/components/listing-detail-aside.tsx'],
  },
  // The other pages the server draws (src/entry-server.tsx): their styles come with the page, so
  // it shows styled before any script has run.
  { path: '/tenant/welcome', page: 'src/features/listings/components/tenant-welcome-page.tsx', namespaces: ['tenant', 'listings'] },
  { path: '/landlord/welcome', page: 'src/features/posting/components/pages/landlord-welcome-page.tsx', namespaces: ['landlord'] },
  { path: '/delala/welcome', page: 'src/features/posting/components/pages/delala-welcome-page.tsx', namespaces: ['delala'] },
  { path: '/login', page: 'src/features/auth/components/login-page.tsx', namespaces: ['auth'] },
  { path: '/signup', page: 'src/features/auth/components/signup-page.tsx', namespaces: ['auth'] },
];
