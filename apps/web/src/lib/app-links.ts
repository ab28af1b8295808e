/**
 * The page's icon, home-screen icon and web manifest. They are named in the page only after the
 * first screen has been shown (main.tsx), when the browser is idle: a browser fetches them, and
 * the manifest's icon, as soon as it sees them, and on a slow connection those files would share
 * it with what the first screen needs (Lighthouse counted them in the first screen's largest
 * paint, docs/performance.md). Until then index.html names an empty icon, so the browser does not
 * ask for /favicon.ico either. The tab's icon and the install offer work the same with links added
 * later.
 */
const APP_LINKS: ReadonlyArray<{ rel: string; href: string; type?: string }> = [
  { rel: 'icon', href: 'favicon.svg', type: 'image/svg+xml' },
  { rel: 'apple-touch-icon', href: 'icons/apple-touch-icon.png' },
  { rel: 'manifest', href: 'manifest.webmanifest' },
];

/** How long the browser may stay busy before the links are added anyway. */
const IDLE_TIMEOUT_MS = 3000;

export function addAppLinks(base: string): void {
  for (const { rel, href, type } of APP_LINKS) {
    const url = `${base}${href}`;
    const current = document.head.querySelector<HTMLLinkElement>(`link[rel="${rel}"]`);
    if (current?.getAttribute('href') === url) continue;
    // A new element with every attribute set, in place of the empty one: changing the old one
    // attribute by attribute made the browser ask for the icon twice.
    const link = document.createElement('link');
    link.rel = rel;
    if (type) link.type = type;
    link.href = url;
    if (current) current.replaceWith(link);
    else document.head.append(link);
  }
}

/** addAppLinks when the browser is next idle (at once where it cannot tell). */
export function addAppLinksWhenIdle(base: string): void {
  if (typeof requestIdleCallback === 'function') requestIdleCallback(() => addAppLinks(base), { timeout: IDLE_TIMEOUT_MS });
  else setTimeout(() => addAppLinks(base), 0);
}
