import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DATA_SAVER_COOKIE, FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@betoch/contracts/constants';
import { htmlAttribute as attr } from '@betoch/contracts/html-safe';
import type { TListing } from '@betoch/contracts/listings';
import { FixedPart, type PagePart } from './page-compression.ts';
import type { InlineHashes } from './security-headers.ts';
import { canonicalUrl, LANGUAGE_PARAM, pageHeads, PUBLIC_PAGES, type PageHeadInput } from './page-head.ts';

/**
 * The page sent for an app path: the built index.html with the page's own head (./page-head.ts)
 * and, for the public pages, the page itself drawn on the server by the web app's own renderer
 * (apps/web/src/entry-server.tsx, built into dist/server): the same routes, components and query
 * options as in the browser, as a visitor without a session sees them, with the data the browser
 * hydrates it with. The renderer's calls are answered in-process (app.inject), without the
 * visitor's cookies or token, so nothing paid for can be drawn. docs/performance.md has figures.
 */

/** What the web app's server entry (dist/server/entry-server.js) exports; see entry-server.tsx. */
interface RenderedApp {
  status: 200 | 404;
  html: string;
  state: string;
  listing?: TListing;
  /** The page module drawn (dist/page-files.json names its files). */
  page?: string;
  namespaces: string[];
}
interface PageRenderer {
  render(input: { url: string; origin: string; language: Language; dataSaver: boolean }): Promise<RenderedApp | null>;
}
interface ServerEntry {
  createPageRenderer(resources: Record<string, Record<string, unknown>>, transport: (url: string, init: RequestInit) => Promise<Response>): PageRenderer;
}

const ROOT_ELEMENT = '<div id="root"></div>';
/** The head's first tag: what follows it is read first. */
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

/** A page module's files beyond the entry's (dist/page-files.json, apps/web/build/page-files.ts). */
interface PageFiles {
  scripts: string[];
  styles: string[];
}

type PageHeaders = { cookie?: string; 'accept-language'?: string; 'save-data'?: string };

export interface RenderedPage {
  status: 200 | 404;
  /** The page's text in order; its style element is the same for every page of its kind (./page-compression.ts). */
  parts: PagePart[];
  /** The sha256 (base64) of each inline style and script element of the page: its Content-Security-Policy allows them. */
  inline: InlineHashes;
}

export interface ServerPages {
  /**
   * The page for a request path (`origin` is the site's, for absolute URLs in its head);
   * undefined when the path is neither drawn on the server nor a public page.
   */
  render(url: string, headers: PageHeaders, origin: string): Promise<RenderedPage | undefined>;
}

/**
 * The renderer's own reads carry this header with a value known only to this process: they are
 * part of the page's request, which is logged, so they are not logged again (two lines each).
 */
const PAGE_READ_HEADER = 'x-page-read';
const PAGE_READ_TOKEN = randomUUID();
const PAGE_READ_HEADERS = { accept: 'application/json', [PAGE_READ_HEADER]: PAGE_READ_TOKEN };

/** Whether a request is one of the renderer's own reads (Fastify's request logging skips them). */
export function isPageRead(req: FastifyRequest): boolean {
  return req.headers[PAGE_READ_HEADER] === PAGE_READ_TOKEN;
}

function isLanguage(value: string): value is Language {
  return (LANGUAGES as readonly string[]).includes(value);
}

function cookieValue(headers: PageHeaders, name: string): string | undefined {
  const value = headers.cookie?.split(';').map((c) => c.trim().split('=')).find(([key]) => key === name)?.[1];
  try {
    return value === undefined ? undefined : decodeURIComponent(value);
  } catch {
    return undefined;
  }
}

/**
 * The language the app will show: the page URL's own (`?lng=`, the link a search engine lists for
 * each language), else its cookie, else the phone's most preferred supported language.
 */
export function pageLanguage(headers: PageHeaders, search = ''): Language {
  const fromUrl = new URLSearchParams(search).get(LANGUAGE_PARAM)?.toLowerCase() ?? '';
  if (isLanguage(fromUrl)) return fromUrl;
  const fromCookie = (cookieValue(headers, LANGUAGE_COOKIE) ?? '').split('-')[0]!.toLowerCase();
  if (isLanguage(fromCookie)) return fromCookie;
  const ranked = (headers['accept-language'] ?? '')
    .split(',')
    .map((part, index) => {
      const [tag = '', ...params] = part.split(';');
      const q = params.map((p) => /^\s*q=([\d.]+)\s*$/.exec(p)?.[1]).find((v) => v !== undefined);
      return { primary: tag.trim().split('-')[0]!.toLowerCase(), q: q === undefined ? 1 : Number(q), index };
    })
    .filter((entry) => entry.q > 0 && isLanguage(entry.primary))
    .sort((a, b) => b.q - a.q || a.index - b.index);
  const best = ranked[0]?.primary;
  return best && isLanguage(best) ? best : FALLBACK_LANGUAGE;
}

/** Photos wait for a tap: chosen on this device (its cookie), else when the phone asks to save data. */
export function dataSaverOn(headers: PageHeaders): boolean {
  const choice = cookieValue(headers, DATA_SAVER_COOKIE);
  if (choice === '1' || choice === '0') return choice === '1';
  return headers['save-data']?.trim().toLowerCase() === 'on';
}

/**
 * The page's style sheets (the entry's and the page's) are written into the page itself: on a phone
 * over 3G each style sheet is a request the first paint waits for (seven on /browse), while their
 * rules compressed are a few kilobytes. Each sheet is still named by a disabled link, which the
 * browser does not fetch and the app's loader finds, so it does not fetch it again either when
 * the page's code asks for it.
 */
function disabledStyleLinks(files: PageFiles | undefined): string {
  return (files?.styles ?? []).map((href) => `<link rel="stylesheet" crossorigin href="${attr(href)}" disabled>`).join('');
}

/**
 * The app's code comes after the page is shown: a drawn page reads without it, and on a phone's
 * slow link its 130 KB would share the link with the lead photo (the card or cover the visitor
 * waits for). So the page carries no script tag of the app: this inline script asks for the entry,
 * the page's own modules and its texts once the lead photo has loaded and a frame has shown it
 * (or once the first frame is shown when there is none; at once in a tab not shown; after
 * BOOT_LATEST_MS whatever happens). The page's modules and texts are in its element's data
 * attributes, so the script is the same on every page of a build and the Content-Security-Policy
 * allows it by its hash.
 * docs/performance.md, "Lighthouse", has the figures.
 */
const BOOT_LATEST_MS = 3000;

/**
 * The boot script of a build: the entry's URL is written into it (the same for every page of the
 * build); the page's modules and texts are read from its element's attributes, and only paths
 * under /assets/ and /locales/ are taken from them.
 */
function bootScript(entry: string): { text: string; hash: string } {
  // A tap on a button (or a form sent) that React has not taken over yet (its props are not on the
  // element: the app has not started, or that part of the page waits for its code) is held, not
  // lost: the script stops it (the browser would otherwise send a form itself, its fields in the
  // address, or nothing would happen), marks the control busy, asks for the code at once, and keeps
  // the control in its element's `q`; the app presses it again once that part is live, told by
  // `r` (apps/web/src/lib/early-taps.ts). Links are left alone: they work as they are.
  const text = `(function(s){var d=document,h=d.head,a=s.dataset,done=0,q=s.q=[];function own(u,dir){return u.indexOf(dir)===0&&u.indexOf('//')<0}function add(rel,u,as){var e=d.createElement('link');e.rel=rel;e.href=u;e.crossOrigin='';if(as)e.as=as;h.appendChild(e)}function boot(){if(done)return;done=1;(a.texts||'').split(' ').forEach(function(u){if(own(u,'/locales/'))add('preload',u,'fetch')});(a.modules||'').split(' ').forEach(function(u){if(own(u,'/assets/'))add('modulepreload',u)});var e=d.createElement('script');e.type='module';e.crossOrigin='';e.src=${JSON.stringify(entry)};h.appendChild(e)}function early(ev){var t=ev.target,c=ev.type==='submit'?t:t&&t.closest&&t.closest('button');if(!c||c.disabled||Object.keys(c).some(function(k){return k.indexOf('__reactProps$')===0}))return;ev.preventDefault();ev.stopPropagation();if(q.indexOf(c)<0)q.push(c);c.setAttribute('aria-busy','true');boot();if(s.r)s.r()}d.addEventListener('click',early,true);d.addEventListener('submit',early,true);function shown(){requestAnimationFrame(function(){requestAnimationFrame(function(){setTimeout(boot,0)})})}setTimeout(boot,${BOOT_LATEST_MS});var lead=d.querySelector('img[fetchpriority=high]');if(d.hidden)boot();else if(lead&&!lead.complete){lead.addEventListener('load',shown);lead.addEventListener('error',shown)}else shown()})(document.currentScript)`;
  return { text, hash: createHash('sha256').update(text).digest('base64') };
}

function bootElement(script: string, files: PageFiles | undefined, namespaces: readonly string[], language: Language): string {
  const texts = namespaces.map((ns) => `/locales/${language}/${ns}.json`).join(' ');
  const modules = (files?.scripts ?? []).join(' ');
  return `<script data-boot data-modules="${attr(modules)}" data-texts="${attr(texts)}">${script}</script>`;
}

/** The template's entry script (Vite writes it in the head). */
const ENTRY_SCRIPT = /<script type="module"[^>]*\ssrc="([^"]+)"[^>]*><\/script>\s*/i;

/** The template's style sheet links (the entry's styles). */
const STYLESHEET_LINK = /<link rel="stylesheet"([^>]*?)\s*\/?>/gi;
const HREF = /\shref="([^"]*)"/i;

/**
 * The page's lead photo (the one image the web app draws with `fetchpriority="high"`: a listing's
 * cover, the first card of a list), asked for at the top of the head, before the app's code and
 * styles take the phone's few connections and its slow link: on a cheap phone over 3G the photo
 * is what the visitor waits for. None when the page has no such photo (data saver, no photos).
 */
function leadImagePreload(html: string): string {
  const img = /<img\b[^>]*\bfetchpriority="high"[^>]*>/i.exec(html)?.[0];
  if (!img) return '';
  // The attribute values are already escaped as React wrote them: they are copied as they are.
  const value = (name: string) => new RegExp(`\\s${name}="([^"]*)"`, 'i').exec(img)?.[1];
  const src = value('src');
  if (!src) return '';
  const srcset = value('srcset');
  const sizes = value('sizes');
  return `<link rel="preload" as="image" href="${src}"${srcset ? ` imagesrcset="${srcset}"` : ''}${sizes ? ` imagesizes="${sizes}"` : ''} fetchpriority="high">`;
}

/** Every text namespace of every language in dist/locales: { en: { common: {...}, ... }, am: ... }. */
function readTexts(distDir: string): Record<string, Record<string, unknown>> {
  return Object.fromEntries(
    LANGUAGES.map((lng) => {
      const dir = path.join(distDir, 'locales', lng);
      const files = fs.existsSync(dir) ? fs.readdirSync(dir).filter((file) => file.endsWith('.json')) : [];
      return [lng, Object.fromEntries(files.map((file) => [file.slice(0, -'.json'.length), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown]))];
    }),
  );
}

/**
 * The renderer of a web build (dist/server/entry-server.js), its calls answered by this API
 * in-process as for a visitor without a session; undefined without a server build.
 */
async function loadRenderer(app: FastifyInstance, distDir: string): Promise<PageRenderer | undefined> {
  const entry = path.join(distDir, 'server', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const { createPageRenderer } = (await import(pathToFileURL(entry).href)) as ServerEntry;
  return createPageRenderer(readTexts(distDir), async (url, init) => {
    // Only what a visitor without a session may ask: GET, no cookie, no token.
    if ((init.method ?? 'GET') !== 'GET') throw new Error(`the page renderer may only read (${init.method} ${url})`);
    const answer = await app.inject({ method: 'GET', url, headers: PAGE_READ_HEADERS });
    return new Response(answer.rawPayload.length ? new Uint8Array(answer.rawPayload) : null, {
      status: answer.statusCode,
      headers: { 'content-type': String(answer.headers['content-type'] ?? 'application/json') },
    });
  });
}

/**
 * Reads index.html and page-files.json of a web build once and loads its server renderer.
 * Without a server build (an older build, tests of the head alone) pages go out with their head
 * and an empty root, for the browser to draw.
 */
export async function serverPages(app: FastifyInstance, distDir: string): Promise<ServerPages> {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const pageFilesFile = path.join(distDir, 'page-files.json');
  const headEnd = template.indexOf('</head>');
  const root = template.indexOf(ROOT_ELEMENT);
  const rootEnd = root + ROOT_ELEMENT.length;
  // A page without the places to write into (not a build of apps/web) goes out as it is.
  const fits = headEnd >= 0 && root > headEnd;
  const pageFiles = fits && fs.existsSync(pageFilesFile) ? (JSON.parse(fs.readFileSync(pageFilesFile, 'utf8')) as { pages: Record<string, PageFiles> }).pages : {};
  const renderer = fits ? await loadRenderer(app, distDir) : undefined;

  const heads = fits ? pageHeads(distDir) : undefined;
  // The build's own title and description give way to the page's.
  const templateHead = heads
    ? template.slice(0, headEnd).replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '')
    : template.slice(0, headEnd);

  // Drawn pages name the template's style sheets by disabled links and carry their rules inline.
  const entryStyles: string[] = [];
  // ...and ask for the app's code themselves, after the page is shown (bootElement).
  let entryScript: string | undefined;
  const drawnHead = templateHead
    .replace(STYLESHEET_LINK, (_link, rest: string) => {
      const href = HREF.exec(rest)?.[1];
      if (href) entryStyles.push(href);
      return `<link rel="stylesheet"${rest} disabled>`;
    })
    .replace(ENTRY_SCRIPT, (_script, src: string) => {
      entryScript = src;
      return '';
    });
  const boot = entryScript === undefined ? undefined : bootScript(entryScript);
  const cssText = new Map<string, string>();
  const readCss = (href: string): string => {
    let css = cssText.get(href);
    if (css === undefined) {
      const file = path.join(distDir, href.replace(/^\/+/, ''));
      css = file.startsWith(distDir + path.sep) && fs.existsSync(file) ? fs.readFileSync(file, 'utf8') : '';
      cssText.set(href, css);
    }
    return css;
  };
  /** Per page module: the style element with every rule the page needs, and its hash. */
  const inlineStyles = new Map<string, { element: FixedPart; hash: string }>();
  const inlineStyleOf = (page: string | undefined) => {
    const key = page ?? '';
    let inline = inlineStyles.get(key);
    if (!inline) {
      const css = [...entryStyles, ...((page && pageFiles[page]?.styles) ?? [])].map(readCss).join('\n');
      inline = { element: new FixedPart(`<style>${css}</style>`), hash: createHash('sha256').update(css).digest('base64') };
      inlineStyles.set(key, inline);
    }
    return inline;
  };

  const listingAlone = async (pathname: string): Promise<Pick<RenderedApp, 'status' | 'listing'>> => {
    const answer = await app.inject({ method: 'GET', url: `/api/listings/${pathname.slice('/l/'.length)}`, headers: PAGE_READ_HEADERS });
    if (answer.statusCode === 404 || answer.statusCode === 400) return { status: 404 };
    return { status: 200, listing: answer.statusCode === 200 ? (answer.json() as { listing: TListing }).listing : undefined };
  };

  return {
    async render(url, headers, origin) {
      const [pathname = '/', search = ''] = url.split('?', 2);
      const publicPage = PUBLIC_PAGES[pathname as keyof typeof PUBLIC_PAGES];
      const listingPage = pathname.startsWith('/l/') && pathname.length > 3;
      if (!fits || (!publicPage && !listingPage)) return undefined;
      const language = pageLanguage(headers, search);
      let drawn: RenderedApp | null = null;
      try {
        drawn = renderer ? await renderer.render({ url, origin, language, dataSaver: dataSaverOn(headers) }) : null;
      } catch (error) {
        app.log.warn({ err: error, url }, 'server render failed'); // the page goes out empty; the browser draws it
      }
      // Without a server build, a listing's head and its 404 still come from the API itself.
      const shown = renderer ? drawn : listingPage ? await listingAlone(pathname) : null;
      const notFound = shown?.status === 404;
      const listing = shown?.listing?.access === 'public' ? shown.listing : undefined;
      const head: PageHeadInput | null = notFound
        ? { kind: 'page', name: 'notFound' }
        : listing
          ? { kind: 'listing', listing }
          : publicPage
            ? { kind: 'page', name: publicPage }
            : null;
      const tags = heads && head ? heads.tags(head, language, canonicalUrl(origin, pathname, search), origin) : '';
      const lead = drawn ? leadImagePreload(drawn.html) : '';
      const shell = drawn ? drawnHead : templateHead;
      const page = heads ? shell.replace(/<html lang="[^"]*"/, `<html lang="${language}"`) : shell;
      const files = drawn?.page ? pageFiles[drawn.page] : undefined;
      const style = drawn ? inlineStyleOf(drawn.page) : undefined;
      // (A template whose entry script was not found keeps it where it was.)
      const bootTag = drawn && boot ? bootElement(boot.text, files, drawn.namespaces, language) : '';
      const before = lead ? page.replace(CHARSET, (charset) => charset + lead) : page;
      const after =
        tags +
        (drawn ? disabledStyleLinks(files) : '') +
        template.slice(headEnd, root) +
        (drawn ? `<div id="root">${drawn.html}</div>${drawn.state}${bootTag}` : ROOT_ELEMENT) +
        template.slice(rootEnd);
      return {
        status: notFound ? 404 : 200,
        parts: style ? [before, style.element, after] : [before + after],
        inline: { styles: style ? [style.hash] : [], scripts: drawn && boot ? [boot.hash] : [] },
      };
    },
  };
}
