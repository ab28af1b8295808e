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
}

export const FIRST_SCREENS: readonly FirstScreen[] = [
  { path: '/', page: 'src/features/landing/components/landing-page.tsx', namespaces: ['landing'] },
  { path: '/browse', page: 'src/features/listings/components/browse-page.tsx', namespaces: ['listings'], photoSizes: PHOTO_SIZES.card },
  { path: '/l/', page: 'src/features/listings/components/listing-detail-page.tsx', namespaces: ['listings'], photoSizes: PHOTO_SIZES.detail },
];
