/**
 * Which first screen a page path opens (/, /browse, /l/{id}): the web app asks it at start for the
 * texts to load (apps/web/src/config/first-screens.ts), the server for the files to name in the
 * page it sends (apps/api/src/plugins/first-screen-page.ts), so both match the same paths.
 * A screen's `path` is a page path, or a prefix when it ends with '/' (and is not '/'): then it
 * matches the paths under it with something after the slash (/l/ matches /l/{id}, not /l/).
 * `pathname` is a path alone, without its query string.
 */
export function firstScreenForPath<S extends { path: string }>(screens: readonly S[], pathname: string): S | undefined {
  return screens.find((s) => (s.path !== '/' && s.path.endsWith('/') ? pathname.startsWith(s.path) && pathname.length > s.path.length : pathname === s.path));
}
