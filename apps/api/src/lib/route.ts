import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { type z } from 'zod';
import type { RouteContract } from '@betoch/contracts/route-contract';
import type { AppContext } from '../app-context.ts';
import { AppError } from './app-error.ts';
import { zodFieldErrors } from './zod-errors.ts';

export type AuthMode = 'none' | 'optional' | 'user' | 'admin';

/** The caller as the app's authenticate function reads it from the token. */
type AuthUser = NonNullable<Awaited<ReturnType<AppContext['authenticate']>>>;

type Infer<S> = S extends z.ZodType ? z.output<S> : undefined;
type UserFor<A extends AuthMode> = A extends 'user' | 'admin' ? AuthUser : AuthUser | null;

export interface RouteSpec<
  A extends AuthMode,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType,
> extends RouteContract {
  summary: string;
  tags: string[];
  auth: A;
  body?: B;
  query?: Q;
  params?: P;
  response: R;
  /** Extra statuses the route can answer, for the OpenAPI document. */
  errors?: number[];
  /** Answers carrying paid-for data must never be cached by a browser or proxy. */
  noStore?: boolean;
  /**
   * The instance whose route list (the OpenAPI document) names this call, when it is registered
   * on a plugin's own instance (a route that reads its raw body, for example).
   */
  listedOn?: FastifyInstance;
  /**
   * Answers what `response` checks and shapes; or the reply itself once the handler has sent an
   * answer already made from that same schema (the listings answer caches, prepared-answer.ts).
   */
  handler: (input: {
    body: Infer<B>;
    query: Infer<Q>;
    params: Infer<P>;
    user: UserFor<A>;
    req: FastifyRequest;
    reply: FastifyReply;
  }) => Promise<z.input<R> | FastifyReply>;
}

export interface RegisteredRoute {
  method: string;
  /** The path as the OpenAPI document writes it: '/listings/{id}'. */
  url: string;
  summary: string;
  tags: string[];
  auth: AuthMode;
  body?: z.ZodType;
  query?: z.ZodType;
  params?: z.ZodType;
  response: z.ZodType;
  successStatus: number;
  errors: number[];
}

const registry = new WeakMap<FastifyInstance, RegisteredRoute[]>();

export function routesOf(app: FastifyInstance): RegisteredRoute[] {
  return registry.get(app) ?? [];
}

function parseOrThrow<S extends z.ZodType>(schema: S, value: unknown): z.output<S> {
  const result = schema.safeParse(value ?? {});
  if (!result.success) {
    throw new AppError('validation_error', undefined, { fields: zodFieldErrors(result.error) });
  }
  return result.data;
}

/**
 * Registers one call from its route contract (`@betoch/contracts/routes/*`, spread into the
 * spec): the contract schemas validate what comes in (unknown fields dropped) and shape what goes
 * out (fields outside the answer schema never leave the server).
 */
export function route<
  A extends AuthMode,
  B extends z.ZodType | undefined,
  Q extends z.ZodType | undefined,
  P extends z.ZodType | undefined,
  R extends z.ZodType,
>(app: FastifyInstance, ctx: AppContext, spec: RouteSpec<A, B, Q, P, R>): void {
  const listedOn = spec.listedOn ?? app;
  const list = registry.get(listedOn) ?? [];
  list.push({
    method: spec.method,
    url: spec.path.replace(/:(\w+)/g, '{$1}'),
    summary: spec.summary,
    tags: spec.tags,
    auth: spec.auth,
    body: spec.body,
    query: spec.query,
    params: spec.params,
    response: spec.response,
    successStatus: spec.successStatus ?? 200,
    errors: spec.errors ?? [],
  });
  registry.set(listedOn, list);

  app.route({
    method: spec.method,
    url: `/api${spec.path}`,
    handler: async (req, reply) => {
      const user = spec.auth === 'none' ? null : await ctx.authenticate(req);
      if ((spec.auth === 'user' || spec.auth === 'admin') && !user) throw new AppError('unauthorized');
      // The contract asks for the admin gate; the rule itself is auth's requireAdmin, passed in by app.ts.
      if (spec.auth === 'admin') ctx.requireAdmin(user!);
      const input = {
        body: (spec.body ? parseOrThrow(spec.body, req.body) : undefined) as Infer<B>,
        query: (spec.query ? parseOrThrow(spec.query, req.query) : undefined) as Infer<Q>,
        params: (spec.params ? parseOrThrow(spec.params, req.params) : undefined) as Infer<P>,
        user: user as UserFor<A>,
        req,
        reply,
      };
      const result = await spec.handler(input);
      if (reply.sent || result === reply) return reply;
      const answer = spec.response.parse(result);
      if (spec.noStore || spec.auth !== 'none') reply.header('cache-control', 'no-store');
      reply.code(spec.successStatus ?? 200);
      return answer;
    },
  });
}
