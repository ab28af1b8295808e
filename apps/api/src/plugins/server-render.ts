import { createHash, randomUUID } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { DATA_SAVER_COOKIE, FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGE_PARAM, LANGUAGES, type Language } from '@betoch/contracts/constants';
import { htmlAttribute as attr } from '@betoch/contracts/html-safe';
import type { PageRenderer, RenderedApp, ServerEntry } from '@betoch/contracts/server-render';
import { AnswerCache } from '../modules/listings/answer-cache.ts';
import { bodyText, FixedPart, type PageBody } from './page-compression.ts';
import type { InlineHashes } from './security-headers.ts';
import { pageTransport, type PageReads } from './page-reads.ts';

/**
 * The page sent for an app path: the built index.html with, for the pages of the web app's page
 * table (apps/web/src/app/page-table.ts), the page itself and its head drawn on the server by the
 * web app's own renderer (apps/web/src/entry-server.tsx, built into dist/server): the same routes,
 * components and query options as in the browser, as a visitor without a session sees them, with
 * the data the browser hydrates it with. The renderer's reads are answered in-process, from the
 * services (./page-reads.ts), without the visitor's cookies or token, so nothing paid for can be
 * drawn; a drawn page is kept for its listings version (decision 0017). docs/performance.md has figures.
 */

const ROOT_ELEMENT = '<div id="root"></div>';
/** The head's first tag: what follows it is read first. */
const CHARSET = /<meta charset="[^"]*"\s*\/?>/i;

/** A page module's files beyond the entry's (dist/page-files.json, apps/web/build/page-files.ts). */
interface PageFiles {
  scripts: string[];
  styles: string[];
}

type PageHeaders = { cookie?: string; 'accept-language'?: string; 'save-data'?: string };

/**
 * A drawn page. Its text (`parts`: its style element is the same for every page of its kind,
 * ./page-compression.ts) gives way to its compressed forms once one is made (`pageBody`).
 */
export interface RenderedPage extends PageBody {
  status: 200 | 404;
  /** The sha256 (base64) of each inline style and script element of the page: its Content-Security-Policy allows them. */
  inline: InlineHashes;
}

/**
 * Drawn pages kept (decision 0017): every page is drawn for a visitor without a session, from the
 * public reads alone (./page-reads.ts), so the same address, language, photo setting and origin
 * draw the same page until a listing changes (the listings version) or a minute passes (a
 * poster's suspension that ends, the fair-price bands, the featured pick). A page whose reads did
 * not all answer is not kept.
 */
const KEPT_PAGES = 300;
/** A page drawn; `incomplete`: not to be kept (a read failed, or the page went out for the browser to draw). */
type KeptPage = RenderedPage & { incomplete?: true };
const KEPT_PAGE_MS = 60_000;

export interface ServerPages {
  /** The route paths of the pages drawn on the server (none without a server build). */
  readonly paths: readonly string[];
  /**
   * The page for a request path (`origin` is the site's, for absolute URLs in its head);
   * undefined when the path is not drawn on the server (the built index.html then goes out).
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
  const value = headers.cookie
    ?.split(';')
    .map((c) => c.trim().split('='))
    .find(([key]) => key === name)?.[1];
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
      return [
        lng,
        Object.fromEntries(files.map((file) => [file.slice(0, -'.json'.length), JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as unknown])),
      ];
    }),
  );
}

/**
 * The renderer of a web build (dist/server/entry-server.js), its reads answered in-process as for
 * a visitor without a session (./page-reads.ts); undefined without a server build.
 */
async function loadRenderer(app: FastifyInstance, distDir: string, reads: PageReads): Promise<PageRenderer | undefined> {
  const entry = path.join(distDir, 'server', 'entry-server.js');
  if (!fs.existsSync(entry)) return undefined;
  const { createPageRenderer } = (await import(pathToFileURL(entry).href)) as ServerEntry;
  return createPageRenderer(readTexts(distDir), pageTransport(app, reads, PAGE_READ_HEADERS), { telegramLogin: reads.telegramLogin });
}

/**
 * Reads index.html and page-files.json of a web build once and loads its server renderer.
 * Without a server build (an older build) every page goes out as the built index.html, for the
 * browser to draw.
 */
export async function serverPages(app: FastifyInstance, distDir: string, reads: PageReads): Promise<ServerPages> {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const pageFilesFile = path.join(distDir, 'page-files.json');
  const headEnd = template.indexOf('</head>');
  const root = template.indexOf(ROOT_ELEMENT);
  const rootEnd = root + ROOT_ELEMENT.length;
  // A page without the places to write into (not a build of apps/web) goes out as it is.
  const fits = headEnd >= 0 && root > headEnd;
  const pageFiles =
    fits && fs.existsSync(pageFilesFile) ? (JSON.parse(fs.readFileSync(pageFilesFile, 'utf8')) as { pages: Record<string, PageFiles> }).pages : {};
  const renderer = fits ? await loadRenderer(app, distDir, reads) : undefined;
  if (!renderer) return { paths: [], render: async () => undefined };

  // The build's own title and description give way to the page's (the renderer's head). Drawn
  // pages name the template's style sheets by disabled links and carry their rules inline...
  const entryStyles: string[] = [];
  // ...and ask for the app's code themselves, after the page is shown (the boot script).
  let entryScript: string | undefined;
  const drawnHead = template
    .slice(0, headEnd)
    .replace(/<title>[\s\S]*?<\/title>\s*/, '')
    .replace(/<meta name="description"[^>]*>\s*/, '')
    .replace(STYLESHEET_LINK, (_link, rest: string) => {
      const href = HREF.exec(rest)?.[1];
      if (href) entryStyles.push(href);
      return `<link rel="stylesheet"${rest} disabled>`;
    })
    .replace(ENTRY_SCRIPT, (_script, src: string) => {
      entryScript = src;
      return '';
    });
  const [beforeLang, afterLang] = splitAtLanguage(drawnHead);
  const bootText = entryScript === undefined ? undefined : renderer.bootScript(entryScript);
  const boot = bootText === undefined ? undefined : { text: bootText, hash: createHash('sha256').update(bootText).digest('base64') };
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
  const body = template.slice(headEnd, root);
  const end = template.slice(rootEnd);

  const draw = async (url: string, language: Language, dataSaver: boolean, origin: string): Promise<KeptPage | undefined> => {
    let drawn: RenderedApp | null;
    try {
      drawn = await renderer.render({ url, origin, language, dataSaver });
    } catch (error) {
      app.log.warn({ err: error, url }, 'server render failed'); // the page goes out empty; the browser draws it
      return { status: 200, parts: [template], inline: { styles: [], scripts: [] }, encoded: {}, incomplete: true };
    }
    if (!drawn) return undefined;
    const lead = leadImagePreload(drawn.html);
    const files = drawn.page ? pageFiles[drawn.page] : undefined;
    const style = inlineStyleOf(drawn.page);
    // (A template whose entry script was not found keeps it where it was.)
    const bootTag = boot ? bootElement(boot.text, files, drawn.namespaces, language) : '';
    const head = afterLang ? beforeLang + language + afterLang : beforeLang;
    const before = lead ? head.replace(CHARSET, (charset) => charset + lead) : head;
    const after = `${drawn.head}${disabledStyleLinks(files)}${body}<div id="root">${drawn.html}</div>${drawn.state}${bootTag}${end}`;
    return {
      status: drawn.status,
      parts: [before, style.element, after],
      inline: { styles: [style.hash], scripts: boot ? [boot.hash] : [] },
      encoded: {},
      ...(drawn.complete ? {} : { incomplete: true }),
    };
  };
  const kept = new AnswerCache<KeptPage | undefined>(KEPT_PAGES, (page) => (page && !page.incomplete ? KEPT_PAGE_MS : 0));
  keptPages.set(app, kept);

  return {
    paths: renderer.paths,
    async render(url, headers, origin) {
      const language = pageLanguage(headers, url.split('?', 2)[1] ?? '');
      const dataSaver = dataSaverOn(headers);
      const key = `${language} ${dataSaver ? 1 : 0} ${origin} ${url}`;
      return kept.get(key, await reads.version(), Date.now(), () => draw(url, language, dataSaver, origin));
    },
  };
}

/** Each app's kept pages (for the test that scans them). */
const keptPages = new WeakMap<FastifyInstance, AnswerCache<RenderedPage | undefined>>();

/** The text of every page an app keeps drawn. */
export function keptPageTexts(app: FastifyInstance): string[] {
  return [...(keptPages.get(app)?.values() ?? [])].flatMap((page) => (page ? [bodyText(page)] : []));
}

/** The head split where its language goes (`<html lang="…">`): the page's own is written there. */
function splitAtLanguage(head: string): [string, string] {
  const at = head.indexOf('<html lang="');
  if (at < 0) return [head, '']; // (then no language is written)
  const start = at + '<html lang="'.length;
  const close = head.indexOf('"', start);
  return [head.slice(0, start), head.slice(close)];
}
