import { STORAGE_KEYS } from '@betoch/contracts/constants';

/**
 * The inline script of a page drawn on the server. The app's code comes after the page is shown:
 * a drawn page reads without it, and on a phone's slow link its 130 KB would share the link with
 * the lead photo (the card or cover the visitor waits for). So the page carries no script tag of
 * the app: this script asks for the entry, the page's own modules and its texts once the lead
 * photo has loaded and a frame has shown it (or once the first frame is shown when there is none;
 * at once in a tab not shown; after BOOT_LATEST_MS whatever happens). The page's modules and texts
 * are in its element's data attributes (`data-modules`, `data-texts`), so the script is the same
 * on every page of a build and the Content-Security-Policy allows it by its hash. Only paths
 * under /assets/ and /locales/ are taken from them. Decisions 0012 and 0014.
 *
 * A tap on a button (or a form sent) that React has not taken over yet (its props are not on the
 * element: the app has not started, or that part of the page waits for its code) is held, not
 * lost: the script stops it (the browser would otherwise send the form itself, or nothing would
 * happen), marks the control busy, asks for the code at once, and keeps the control in its
 * element's `q`; the app presses it again once that part is live, told by `r` (./early-taps.ts).
 * Links are left alone, they work as they are, but for a link marked `data-tap` when a session is
 * stored on the phone: the server drew the visitor's link (to sign-in), and the signed-in
 * person's control takes its place once the app is live.
 *
 * Written as code (typed, and run by its tests as it is), then sent as the text of `boot`: it uses
 * nothing but its arguments and the browser's globals.
 */
export type BootElement = HTMLScriptElement & { q?: Element[]; r?: () => void };

const BOOT_LATEST_MS = 3000;

function boot(s: BootElement, entry: string, tokenKey: string, latest: number): void {
  const d = document;
  const h = d.head;
  const a = s.dataset;
  const q: Element[] = (s.q = []);
  let done = false;
  const own = (u: string, dir: string) => u.indexOf(dir) === 0 && u.indexOf('//') < 0;
  const add = (rel: string, href: string, as?: string) => {
    const e = d.createElement('link');
    e.rel = rel;
    e.href = href;
    e.crossOrigin = '';
    if (as) e.as = as;
    h.appendChild(e);
  };
  const start = () => {
    if (done) return;
    done = true;
    (a.texts ?? '').split(' ').forEach((u) => own(u, '/locales/') && add('preload', u, 'fetch'));
    (a.modules ?? '').split(' ').forEach((u) => own(u, '/assets/') && add('modulepreload', u));
    const e = d.createElement('script');
    e.type = 'module';
    e.crossOrigin = '';
    e.src = entry;
    h.appendChild(e);
  };
  const signedInLink = (t: Element): Element | null => {
    const link = t.closest('a[data-tap]');
    try {
      return link && localStorage.getItem(tokenKey) ? link : null;
    } catch {
      return null;
    }
  };
  const early = (ev: Event) => {
    const t = ev.target as Element | null;
    const c = ev.type === 'submit' ? t : t && t.closest ? t.closest('button') || signedInLink(t) : null;
    if (!c || (c as HTMLButtonElement).disabled || Object.keys(c).some((k) => k.indexOf('__reactProps$') === 0)) return;
    ev.preventDefault();
    ev.stopPropagation();
    if (q.indexOf(c) < 0) q.push(c);
    c.setAttribute('aria-busy', 'true');
    start();
    if (s.r) s.r();
  };
  d.addEventListener('click', early, true);
  d.addEventListener('submit', early, true);
  const shown = () => requestAnimationFrame(() => requestAnimationFrame(() => setTimeout(start, 0)));
  setTimeout(start, latest);
  const lead = d.querySelector<HTMLImageElement>('img[fetchpriority=high]');
  if (d.hidden) start();
  else if (lead && !lead.complete) {
    lead.addEventListener('load', shown);
    lead.addEventListener('error', shown);
  } else shown();
}

/** The boot script's text for a build's entry script (the same on every page of the build). */
export function bootScriptText(entry: string): string {
  return `(${boot.toString()})(document.currentScript,${JSON.stringify(entry)},${JSON.stringify(STORAGE_KEYS.token)},${BOOT_LATEST_MS})`;
}
