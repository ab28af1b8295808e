import { FALLBACK_LANGUAGE, LANGUAGE_COOKIE, LANGUAGES, STORAGE_KEYS, type Language } from '@betoch/contracts/constants';
import { writeDeviceCookie } from './device-cookie';

/** 'am-ET' -> 'am', 'en-GB' -> 'en'; a language the app has no texts in -> undefined. */
function supported(tag: string | null | undefined): Language | undefined {
  const base = tag?.toLowerCase().split(/[-_]/)[0];
  return LANGUAGES.find((lng) => lng === base);
}

/** 'am', 'am-ET' -> 'am'; anything else -> the fallback, English. */
export function toLanguage(lng: string | undefined): Language {
  return supported(lng) ?? FALLBACK_LANGUAGE;
}

/** The language kept in the cookie the server reads (LANGUAGE_COOKIE); null without one. */
function cookieLanguage(): string | null {
  if (typeof document === 'undefined') return null;
  const prefix = `${LANGUAGE_COOKIE}=`;
  return (
    document.cookie
      .split('; ')
      .find((part) => part.startsWith(prefix))
      ?.slice(prefix.length) ?? null
  );
}

/**
 * The interface language at start: the page URL's own (`?lng=am`, the link the server names for
 * each language of a page), else the one chosen on this device (STORAGE_KEYS.language, else its
 * cookie, as the server reads it), else the first of the browser's languages the app has texts
 * in, else English.
 */
export function detectLanguage(): Language {
  const fromUrl = typeof location === 'undefined' ? undefined : supported(new URLSearchParams(location.search).get('lng'));
  if (fromUrl) return fromUrl;
  let chosen: string | null = null;
  try {
    chosen = localStorage.getItem(STORAGE_KEYS.language);
  } catch {
    // storage refused (private mode): the cookie, then the browser's languages decide
  }
  chosen ??= cookieLanguage();
  const browser = typeof navigator === 'undefined' ? [] : navigator.languages?.length ? navigator.languages : [navigator.language];
  for (const tag of [chosen, ...browser]) {
    const lng = supported(tag);
    if (lng) return lng;
  }
  return FALLBACK_LANGUAGE;
}

/**
 * Keeps the language on this device, in storage for the app and in a cookie (LANGUAGE_COOKIE, a
 * year) so the server names the right text files in the page it sends.
 */
export function rememberLanguage(lng: string | undefined): void {
  const language = toLanguage(lng);
  try {
    localStorage.setItem(STORAGE_KEYS.language, language);
  } catch {
    // storage refused: the cookie still tells the server, and the app asks the browser next time
  }
  writeDeviceCookie(LANGUAGE_COOKIE, language);
}
