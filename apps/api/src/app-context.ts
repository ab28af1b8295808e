import type { FastifyBaseLogger, FastifyRequest } from 'fastify';
import type { Env } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { DomainEvents } from './lib/domain-events.ts';
import type { KvStore } from './lib/kv-store.ts';
import type { AuthUser } from './modules/auth/authenticate.ts';
import type { SmsSender } from './modules/auth/sms/sms-sender.ts';
import type { TokenService } from './modules/auth/tokens.ts';
import type { OpsMetrics } from './modules/ops-metrics/ops-metrics.ts';

/** What every module's routes and services are built from. Created once in buildApp. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  kv: KvStore;
  sms: SmsSender;
  tokens: TokenService;
  /**
   * The caller of a request from its bearer token: null without one; a token that is not live is
   * 401 invalid_token. route() asks it for every call that is not public.
   */
  authenticate: (req: FastifyRequest) => Promise<AuthUser | null>;
  /**
   * The admin gate, auth's `requireAdmin` (modules/auth/access.ts, its one home): route() runs it
   * before the service of a call whose contract says auth 'admin' (lib/ may not import a module).
   */
  requireAdmin: (user: AuthUser) => void;
  /**
   * Call after the commit that ends a token of the user (sign-out, sign out everywhere, phone
   * change, ban, suspension, deletion): the user's open event streams whose token no longer holds
   * end at once, on every server.
   */
  tokensChanged: (userId: string) => Promise<void>;
  /** What happened in one module that others act on (a listing left the market), in the publisher's transaction. */
  events: DomainEvents;
  /** The operator's figures (/metrics). */
  metrics: OpsMetrics;
  log: FastifyBaseLogger;
  /** The clock; tests move it. */
  now: () => Date;
}
