import fs from 'node:fs';
import path from 'node:path';
import { DATA_SAVER_COOKIE, FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@betoch/contracts/constants';
import { firstAnswerElement, htmlAttribute as attr } from '@betoch/contracts/first-answer-element';
import { firstScreenForPath } from '@betoch/contracts/first-screen-path';
import type { TPublicListing } from '@betoch/contracts/listings';
import { canonicalUrl, LANGUAGE_PARAM, pageHeads, PUBLIC_PAGES, type PageHeadInput } from './page-head.ts';

/**
 * The page sent for a first screen (/, /browse, /l/{id}): the built index.html with, in its head,
 * the code, styles and texts that screen loads (dist/first-screens.json, written by the web
 * build), so the phone fetches them together with the app's entry instead of one round trip after
 * another; and for /browse and /l/{id} the first call's public answer in the body, so the screen
 * needs no call of its own (apps/web/src/lib/first-answer.ts). docs/performance.md has the figures.
 */

/**
 * The public answer of a first screen's first call: the call's URL and its JSON body, and the
 * srcset of the first photo the screen shows large, if it has one.
 */
export interface FirstAnswer {
  url: string;
  body: Buffer;
  photoSrcSet?: string;
  /** On a listing's page: the listing as that answer has it (the page's head describes it). */
  listing?: TPublicListing;
}

/** A listing's page whose listing no visitor may see (unknown, draft, hidden, removed). */
export const PAGE_NOT_FOUND = 'not_found';

/** Finds the answer for a page path and query string; null when the page has none. */
export type FirstAnswerFinder = (pathname: string, search: string) => Promise<FirstAnswer | typeof PAGE_NOT_FOUND | null>;

const ROOT_ELEMENT = '<div id="root"></div>';

interface FirstScreenFiles {
  path: string;
  scripts: string[];
  styles: string[];
  namespaces: string[];
  photoSizes?: string;
}

type PageHeaders = { cookie?: string; 'accept-language'?: string; 'save-data'?: string };

export interface RenderedPage {
  status: 200 | 404;
  html: string;
}

export interface FirstScreenPages {
  /**
   * The page for a request path (`origin` is the site's, for absolute URLs in its head);
   * undefined when the path is neither a first screen nor a public page.
   */
  render(url: string, headers: PageHeaders, origin: string): Promise<RenderedPage | undefined>;
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

function hints(screen: FirstScreenFiles, headers: PageHeaders, answer: FirstAnswer | null, language: Language): string {
  // The first photo, fetched at once with the app's code: on a phone it is the largest thing the
  // screen shows (its LCP). Not when photos wait for a tap.
  const photo =
    answer?.photoSrcSet && screen.photoSizes && !dataSaverOn(headers)
      ? [`<link rel="preload" as="image" imagesrcset="${attr(answer.photoSrcSet)}" imagesizes="${attr(screen.photoSizes)}" fetchpriority="high">`]
      : [];
  return [
    ...photo,
    ...screen.scripts.map((href) => `<link rel="modulepreload" crossorigin href="${attr(href)}">`),
    ...screen.styles.map((href) => `<link rel="preload" as="style" crossorigin href="${attr(href)}">`),
    ...screen.namespaces.map((ns) => `<link rel="preload" as="fetch" crossorigin href="/locales/${language}/${attr(ns)}.json">`),
  ].join('');
}

/**
 * Reads index.html and first-screens.json of a web build once. Without first-screens.json (an
 * older build, or no build of apps/web) pages go out as index.html is.
 */
export function firstScreenPages(distDir: string, findAnswer: FirstAnswerFinder | undefined, onError: (error: unknown) => void): FirstScreenPages {
  const template = fs.readFileSync(path.join(distDir, 'index.html'), 'utf8');
  const listFile = path.join(distDir, 'first-screens.json');
  const headEnd = template.indexOf('</head>');
  const root = template.indexOf(ROOT_ELEMENT);
  const rootEnd = root + ROOT_ELEMENT.length;
  // A page without the places to write into (not a build of apps/web) goes out as it is.
  const fits = headEnd >= 0 && root > headEnd;
  const screens = fits && fs.existsSync(listFile) ? (JSON.parse(fs.readFileSync(listFile, 'utf8')) as { screens: FirstScreenFiles[] }).screens : [];

  const heads = fits ? pageHeads(distDir) : undefined;
  // The build's own title and description give way to the page's.
  const templateHead = heads
    ? template.slice(0, headEnd).replace(/<title>[\s\S]*?<\/title>\s*/, '').replace(/<meta name="description"[^>]*>\s*/, '')
    : template.slice(0, headEnd);

  return {
    async render(url, headers, origin) {
      const [pathname = '/', search = ''] = url.split('?', 2);
      const screen = firstScreenForPath(screens, pathname);
      const publicPage = PUBLIC_PAGES[pathname as keyof typeof PUBLIC_PAGES];
      const listingPage = pathname.startsWith('/l/') && pathname.length > 3;
      if (!fits || (!screen && !publicPage && !listingPage)) return undefined;
      let found: FirstAnswer | typeof PAGE_NOT_FOUND | null = null;
      try {
        found = findAnswer ? await findAnswer(pathname, search) : null;
      } catch (error) {
        onError(error); // the page goes out without it; the app makes the call itself
      }
      const answer = found === PAGE_NOT_FOUND ? null : found;
      const language = pageLanguage(headers, search);
      const head: PageHeadInput | null =
        found === PAGE_NOT_FOUND
          ? { kind: 'page', name: 'notFound' }
          : answer?.listing
            ? { kind: 'listing', listing: answer.listing }
            : publicPage
              ? { kind: 'page', name: publicPage }
              : null;
      const tags = heads && head ? heads.tags(head, language, canonicalUrl(origin, pathname, search), origin) : '';
      const data = answer ? firstAnswerElement(answer.url, answer.body.toString('utf8')) : '';
      const html =
        (heads ? templateHead.replace(/<html lang="[^"]*"/, `<html lang="${language}"`) : templateHead) +
        tags +
        (screen ? hints(screen, headers, answer, language) : '') +
        template.slice(headEnd, rootEnd) +
        data +
        template.slice(rootEnd);
      return { status: found === PAGE_NOT_FOUND ? 404 : 200, html };
    },
  };
}
