import { API_TIMEOUT_MS } from '@betoch/contracts/constants';
import { readToken } from './session-storage';

/** Base of every call; `VITE_API_BASE` overrides it at build time. */
export const API_BASE: string = import.meta.env.VITE_API_BASE ?? '/api';

interface ErrorBody {
  ok?: unknown;
  error?: unknown;
  message?: unknown;
  reason?: unknown;
  retry_after?: unknown;
  fields?: unknown;
}

type Transport = (url: string, init: RequestInit) => Promise<Response>;
let transport: Transport = (url, init) => fetch(url, init);

/**
 * The server's renderer (entry-server.tsx) answers the public calls of a page it draws in-process,
 * as a visitor without a session; in the browser every call goes out with fetch.
 */
export function setApiTransport(next: Transport): void {
  transport = next;
}

/** The code of a call that got no answer at all (offline, timeout): status 0. */
export const NETWORK_ERROR = 'network_error';

/**
 * A failed call. `message` follows the display-text rule of spec section 8; `code` is the
 * server's error code when there is one (or `network_error` when no answer came), so screens can
 * translate it. `fields` maps form fields to message keys.
 */
export class ApiError extends Error {
  readonly status: number;
  readonly code: string | undefined;
  readonly reason: string | undefined;
  readonly retryAfter: number | undefined;
  readonly fields: Record<string, string>;
  readonly timedOut: boolean;

  constructor(message: string, init: { status: number; body?: ErrorBody | null; code?: string; timedOut?: boolean }) {
    super(message);
    this.name = 'ApiError';
    this.status = init.status;
    this.timedOut = init.timedOut ?? false;
    const body = init.body ?? {};
    this.code = typeof body.error === 'string' ? body.error : init.code;
    this.reason = typeof body.reason === 'string' ? body.reason : undefined;
    this.retryAfter = typeof body.retry_after === 'number' ? body.retry_after : undefined;
    this.fields =
      body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : {};
  }
}

/** Display text rule: message; else 'error:reason'; else error; else 'Unknown error'. */
export function displayText(body: ErrorBody | null | undefined): string {
  if (!body) return 'Unknown error';
  if (typeof body.message === 'string' && body.message) return body.message;
  if (typeof body.error === 'string' && typeof body.reason === 'string') return `${body.error}:${body.reason}`;
  if (typeof body.error === 'string') return body.error;
  return 'Unknown error';
}

/**
 * `sentToken`: the token the failing call carried (null: none), or undefined when the caller
 * does not say.
 */
type UnauthorizedHandler = (path: string, sentToken: string | null | undefined) => void;
let onUnauthorized: UnauthorizedHandler = () => undefined;

/** The session registers what a 401 does (clear the session, go to /login). */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined | null>;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

export function buildUrl(path: string, query?: RequestOptions['query']): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * One JSON call: 10 s timeout, bearer token from the stored session, the ok-flag rule
 * ('API request failed'), the display-text rule, and the 401 rule (handled by the session).
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const token = readToken();
  const timeout = AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS);
  const signal = options.signal ? AbortSignal.any([options.signal, timeout]) : timeout;
  const url = buildUrl(path, options.query);
  let res: Response;
  try {
    res = await transport(url, {
      method: options.method ?? 'GET',
      headers: {
        accept: 'application/json',
        ...(options.body !== undefined ? { 'content-type': 'application/json' } : {}),
        ...(token ? { authorization: `Bearer ${token}` } : {}),
        ...options.headers,
      },
      body: options.body !== undefined ? JSON.stringify(options.body) : undefined,
      signal,
    });
  } catch (error) {
    // The caller cancelled (a page left): not a failure to show.
    if (options.signal?.aborted) throw error;
    const timedOut = timeout.aborted;
    // No answer: the client's own error message, or 'Network error' (spec section 8).
    const message = !timedOut && error instanceof Error && error.message ? error.message : 'Network error';
    throw new ApiError(message, { status: 0, code: NETWORK_ERROR, timedOut });
  }
  return handleResponse<T>(res, path, token);
}

export async function handleResponse<T>(res: Response, path: string, sentToken?: string | null): Promise<T> {
  const body = (await res.json().catch(() => null)) as (ErrorBody & T) | null;
  if (res.status === 401) onUnauthorized(path, sentToken);
  if (!res.ok) {
    throw new ApiError(body ? displayText(body) : res.statusText || 'Network error', { status: res.status, body });
  }
  if (!body || body.ok !== true) throw new ApiError('API request failed', { status: res.status, body });
  return body;
}

/** Admin answers come in a data envelope (spec section 7). */
export async function adminRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const body = await apiRequest<{ ok: true; data: T }>(path, options);
  return body.data;
}
