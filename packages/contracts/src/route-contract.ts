import type { z } from 'zod';

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE';

/**
 * One call of the API as both sides know it: the server registers it from this definition
 * (apps/api lib/route.ts) and the web app calls it through it (apps/web lib/api-client.ts), so the
 * two cannot disagree on a path or a shape. `path` is under /api, with `:name` for each path
 * parameter, which `params` validates.
 */
export interface RouteContract {
  readonly method: HttpMethod;
  readonly path: string;
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer; the server parses every answer through it before it leaves. */
  readonly response: z.ZodType;
  /** The status of a success: 200 unless said. */
  readonly successStatus?: 200 | 201 | 202;
}

/** Keeps the exact schema types of a call, so each side infers what it takes and answers. */
export function defineRoute<const C extends RouteContract>(contract: C): C {
  return contract;
}

/** The names of a path's parameters: '/listings/:id/publish' -> ['id']. */
export function pathParamNames(path: string): string[] {
  return [...path.matchAll(/:(\w+)/g)].map((m) => m[1]!);
}
