import type { Language } from './constants.ts';
import type { TTelegramOptionsAnswer } from './telegram.ts';

/**
 * What the web app's server entry (apps/web/src/entry-server.tsx, built into dist/server) offers
 * the API (apps/api/src/plugins/server-render.ts), typed once for both sides.
 */

/**
 * An answer as the web app's api-client reads it: what it takes of a fetch Response. An answer made
 * in-process is a plain object (no body stream to read: making and reading Responses was 6 % of the
 * CPU of drawing a listing page, docs/performance.md).
 */
export type TransportAnswer = Pick<Response, 'status' | 'ok' | 'statusText' | 'json'>;

/** Answers the renderer's GET /api reads in-process, as for a visitor without a session. */
export type ApiTransport = (url: string, init: RequestInit) => Promise<TransportAnswer>;

export interface RenderInput {
  /** Path and query string as asked for. */
  url: string;
  /** The site's origin, for the absolute URLs of the page's head. */
  origin: string;
  language: Language;
  /** Photos wait for a tap (the visitor's cookie or Save-Data). */
  dataSaver: boolean;
}

export interface RenderedApp {
  status: 200 | 404;
  /** The page's own head tags: title, description, canonical and language alternates, Open Graph. */
  head: string;
  /** What goes inside `<div id="root">`. */
  html: string;
  /** The script element carrying the language, settings and data the browser hydrates with. */
  state: string;
  /** The page module drawn (as the build manifest names it): its files go out with the page. */
  page?: string;
  /** The text namespaces the page used: their files go out with the page too. */
  namespaces: string[];
  /** Every read of the page answered (none failed): the same address draws the same page while the data is the same. */
  complete: boolean;
}

export interface PageRenderer {
  /** The route paths of the pages drawn on the server (the web app's page table), as Fastify routes. */
  readonly paths: readonly string[];
  /** The page drawn for a visitor without a session; null when the path is not drawn on the server. */
  render(input: RenderInput): Promise<RenderedApp | null>;
  /**
   * The inline script a drawn page asks for the app's code with (apps/web/src/lib/boot-script.ts),
   * for the build's entry script; the same on every page of a build.
   */
  bootScript(entry: string): string;
}

/** The server's configuration a page is drawn with (read once, not asked for on each page). */
export interface PageSettings {
  /** Whether /login and /signup offer 'Continue with Telegram' (GET /auth/telegram/options' answer). */
  telegramLogin: TTelegramOptionsAnswer['login'];
}

export interface ServerEntry {
  /** `resources`: every text namespace of both languages ({ en: { common: {...}, ... }, am: ... }). */
  createPageRenderer(resources: Record<string, Record<string, unknown>>, transport: ApiTransport, settings: PageSettings): PageRenderer;
}
