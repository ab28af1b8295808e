/**
 * Every path the web app answers with a page or an in-app redirect (its route table,
 * apps/web/src/app/routes.tsx; apps/web/src/app/app-paths.test.ts keeps the two the same).
 * The server answers any other path outside /api with a real HTTP redirect to / (the spec: 'any
 * other path redirects to /'), so no crawler sees an app shell at an address that shows nothing.
 * `:id` stands for one path segment.
 */
export const APP_PATHS = [
  '/',
  '/login',
  '/signup',
  '/browse',
  '/tenant/search',
  '/tenant/welcome',
  '/landlord',
  '/landlord/welcome',
  '/landlord/success',
  '/delala/welcome',
  '/l/:id',
  '/my-listings',
  '/account',
  '/account/fayda',
  '/post-property',
  '/post/owner',
  '/post/delala',
  '/chat',
  '/messages',
  '/chat/:id',
  '/wallet',
  '/wallet/return',
  '/my-unlocks',
  '/admin',
  '/saved',
  '/notifications',
  '/privacy',
  '/terms',
  '/confirm/:token',
] as const;

const PATTERNS = APP_PATHS.map((path) => path.split('/').slice(1));

/** Whether the app has a route at this path (a trailing slash allowed, as the app's router does). */
export function isAppPath(pathname: string): boolean {
  const trimmed = pathname.length > 1 && pathname.endsWith('/') ? pathname.slice(0, -1) : pathname;
  const segments = trimmed.split('/').slice(1);
  return PATTERNS.some(
    (pattern) => pattern.length === segments.length && pattern.every((part, i) => (part.startsWith(':') ? segments[i] !== '' : part === segments[i])),
  );
}
