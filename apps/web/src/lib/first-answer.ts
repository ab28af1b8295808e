import { FIRST_ANSWER_ELEMENT_ID } from '@betoch/contracts/first-answer-element';
import { readToken } from './session-storage';

/**
 * The answer the server wrote into the page it sent for /browse or /l/{id} (the element in
 * packages/contracts/src/first-answer-element.ts), so the first screen needs no call of its own
 * and is drawn whole at once: one round trip less before the listings show on a slow network
 * (docs/performance.md). A query takes it as its initial data. It is the
 * public answer, the one a visitor without a session gets, so it stands in only for a call made
 * without a session, to the same URL, once, while the page is new.
 */
/** Older than this, a page's answer is not taken: the call is made (the page stayed open unused). */
const FRESH_MS = 30_000;

interface FirstAnswer {
  url: string;
  body: unknown;
}

let pending: FirstAnswer | null | undefined;

function canonical(url: string): string {
  const parsed = new URL(url, window.location.origin);
  parsed.searchParams.sort();
  return `${parsed.pathname}?${parsed.searchParams.toString()}`;
}

function read(): FirstAnswer | null {
  const element = document.getElementById(FIRST_ANSWER_ELEMENT_ID);
  if (!element) return null;
  element.remove();
  const url = element.getAttribute('data-url');
  if (!url) return null;
  try {
    const body = JSON.parse(element.textContent ?? '') as { ok?: unknown } | null;
    return body?.ok === true ? { url: canonical(url), body } : null;
  } catch {
    return null; // a damaged page: the call is made as usual
  }
}

/**
 * The page's answer for this GET call (a URL as buildUrl writes it), taken once; else undefined.
 * The first ask takes it out of the page, for someone signed in too, so no listing text stays in
 * a script element.
 */
export function takeFirstAnswer<T>(url: string): T | undefined {
  pending ??= read();
  if (!pending || readToken() || performance.now() > FRESH_MS || canonical(url) !== pending.url) return undefined;
  const { body } = pending;
  pending = null;
  return body as T;
}

