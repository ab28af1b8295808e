import fs from 'node:fs';
import path from 'node:path';
import { DATA_SAVER_COOKIE, FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, type Language } from '@betoch/contracts/constants';
import { firstAnswerElement, htmlAttribute as attr } from '@betoch/contracts/first-answer-element';
import { firstScreenForPath } from '@betoch/contracts/first-screen-path';

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
}

/** Finds the answer for a page path and query string; null when the page has none. */
export type FirstAnswerFinder = (pathname: string, search: string) => Promise<FirstAnswer | null>;

const ROOT_ELEMENT = '<div id="root"></div>';

interface FirstScreenFiles {
  path: string;
  scripts: string[];
  styles: string[];
  namespaces: string[];
  photoSizes?: string;
}

type PageHeaders = { cookie?: string; 'accept-language'?: string; 'save-data'?: string };

export interface FirstScreenPages {
  /** The page for a request path; undefined when the path is not a first screen. */
  render(url: string, headers: PageHeaders): Promise<string | undefined>;
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

/** The language the app will show: its cookie, else the phone's first supported language. */
export function pageLanguage(headers: PageHeaders): Language {
  const fromCookie = (cookieValue(headers, LANGUAGE_COOKIE) ?? '').split('-')[0]!.toLowerCase();
  if (isLanguage(fromCookie)) return fromCookie;
  for (const part of (headers['accept-language'] ?? '').split(',')) {
    const primary = part.split(';')[0]!.trim().split('-')[0]!.toLowerCase();
    if (isLanguage(primary)) return primary;
  }
  return FALLBACK_LANGUAGE;
}

/** Photos wait for a tap: chosen on this device (its cookie), else when the phone asks to save data. */
export function dataSaverOn(headers: PageHeaders): boolean {
  const choice = cookieValue(headers, DATA_SAVER_COOKIE);
  if (choice === '1' || choice === '0') return choice === '1';
  return headers['save-data']?.trim().toLowerCase() === 'on';
}

function hints(screen: FirstScreenFiles, headers: PageHeaders, answer: FirstAnswer | null): string {
  const language = pageLanguage(headers);
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

  return {
    async render(url, headers) {
      const [pathname = '/', search = ''] = url.split('?', 2);
      const screen = firstScreenForPath(screens, pathname);
      if (!screen) return undefined;
      let answer: FirstAnswer | null = null;
      try {
        answer = findAnswer ? await findAnswer(pathname, search) : null;
      } catch (error) {
        onError(error); // the page goes out without it; the app makes the call itself
      }
      const data = answer
        ? firstAnswerElement(answer.url, answer.body.toString('utf8'))
        : '';
      return template.slice(0, headEnd) + hints(screen, headers, answer) + template.slice(headEnd, rootEnd) + data + template.slice(rootEnd);
    },
  };
}
