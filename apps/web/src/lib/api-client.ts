import type { z } from 'zod';
import { API_TIMEOUT_MS } from '@betoch/contracts/constants';
import type { RouteContract } from '@betoch/contracts/route-contract';
import type { TransportAnswer } from '@betoch/contracts/server-render';
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

type Transport = (url: string, init: RequestInit) => Promise<TransportAnswer>;
const viaFetch: Transport = (url, init) => fetch(url, init);
let transport: Transport = viaFetch;

/**
 * The server's renderer (entry-server.tsx) answers the public calls of a page it draws in-process,
 * as a visitor without a session; in the browser every call goes out with fetch. The in-process
 * answers take no signal (nothing could stop them midway), so those calls carry no timeout: its
 * timer and the signals linked to it (the query's, by AbortSignal.any) outlived each page drawn in
 * V8's young generation, which keeps what a WeakRef points to until a major collection.
 * `null`: calls go out with fetch again.
 */
export function setApiTransport(next: Transport | null): void {
  transport = next ?? viaFetch;
}

/** The code of a call that got no answer at all (offline, timeout): status 0. */
export const NETWORK_ERROR = 'network_error';

/**
 * A failed call. `message` follows the display-text rule (displayText); `code` is the
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
    this.fields = body.fields && typeof body.fields === 'object' ? (body.fields as Record<string, string>) : {};
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
  method?: RouteContract['method'];
  body?: unknown;
  query?: object;
  headers?: Record<string, string>;
  signal?: AbortSignal;
  timeoutMs?: number;
}

/** The query string of a call: empty, null and undefined values are left out. */
export function buildUrl(path: string, query?: object): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {}) as Array<[string, unknown]>) {
    if (value !== undefined && value !== null && value !== '') params.set(key, String(value));
  }
  const qs = params.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

/**
 * One JSON call to a path: 10 s timeout, bearer token from the stored session, the ok-flag rule
 * ('API request failed'), the display-text rule, and the 401 rule (handled by the session).
 * Features call through a route contract (callApi), never a path of their own.
 */
export async function apiRequest(path: string, options: RequestOptions = {}): Promise<unknown> {
  const token = readToken();
  // Calls over the network are given up after a timeout; calls answered in-process are not.
  const timeout = transport === viaFetch ? AbortSignal.timeout(options.timeoutMs ?? API_TIMEOUT_MS) : undefined;
  const signal = timeout && options.signal ? AbortSignal.any([options.signal, timeout]) : (timeout ?? options.signal);
  const url = buildUrl(path, options.query);
  let res: TransportAnswer;
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
    const timedOut = timeout?.aborted ?? false;
    // No answer: the client's own error message, or 'Network error'.
    const message = !timedOut && error instanceof Error && error.message ? error.message : 'Network error';
    throw new ApiError(message, { status: 0, code: NETWORK_ERROR, timedOut });
  }
  return handleResponse(res, path, token);
}

export async function handleResponse(res: TransportAnswer, path: string, sentToken?: string | null): Promise<unknown> {
  const body = (await res.json().catch(() => null)) as ErrorBody | null;
  if (res.status === 401) onUnauthorized(path, sentToken);
  if (!res.ok) {
    throw new ApiError(body ? displayText(body) : res.statusText || 'Network error', { status: res.status, body });
  }
  if (!body || body.ok !== true) throw new ApiError('API request failed', { status: res.status, body });
  return body;
}

/** What a call answers on success: its contract's response, as the server parsed it. */
export type Answer<C extends RouteContract> = z.output<C['response']>;

/** What a call takes: the contract's path parameters, query and body, each only when it has one. */
export type CallInput<C extends RouteContract> = (C extends { params: infer P extends z.ZodType } ? { params: z.input<P> } : { params?: undefined }) &
  (C extends { query: infer Q extends z.ZodType } ? { query?: z.input<Q> } : { query?: undefined }) &
  (C extends { body: infer B extends z.ZodType } ? { body: z.input<B> } : { body?: undefined });

export type CallOptions = Pick<RequestOptions, 'headers' | 'signal' | 'timeoutMs'>;

/** The input may be left out when the call takes nothing it requires. */
type CallArgs<C extends RouteContract> =
  object extends CallInput<C> ? [input?: CallInput<C>, options?: CallOptions] : [input: CallInput<C>, options?: CallOptions];

/** A contract's path with its parameters filled in: '/listings/:id' -> '/listings/abc'. */
export function pathOf(contract: RouteContract, params?: object): string {
  const values = (params ?? {}) as Record<string, unknown>;
  return contract.path.replace(/:(\w+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined || value === null || value === '') throw new Error(`${contract.method} ${contract.path}: no ${name}`);
    return encodeURIComponent(String(value));
  });
}

/** The full URL of a call (for a link or a download): path parameters and query filled in. */
export function urlOf<C extends RouteContract>(contract: C, input: Pick<CallInput<C>, 'params' | 'query'>): string {
  return buildUrl(pathOf(contract, input.params), input.query);
}

/**
 * Calls the API through a route contract (`@betoch/contracts/routes/*`, the same definitions the
 * server registers): its method and path, the given params, query and body, and its answer type.
 */
export async function callApi<C extends RouteContract>(contract: C, ...[input, options]: CallArgs<C>): Promise<Answer<C>> {
  const answer = await apiRequest(pathOf(contract, input?.params), {
    method: contract.method,
    query: input?.query,
    body: input?.body,
    ...options,
  });
  // The server parses every success answer through this contract's response schema.
  return answer as Answer<C>;
}

/** The data of an admin answer (`{ ok: true, data }`). */
export async function callAdmin<C extends RouteContract>(contract: C, ...args: CallArgs<C>): Promise<Answer<C> extends { data: infer D } ? D : never> {
  const answer = (await callApi(contract, ...args)) as { data: Answer<C> extends { data: infer D } ? D : never };
  return answer.data;
}
