import type { FastifyBaseLogger } from 'fastify';
import type { Env } from './config/env.ts';
import type { Database, Db } from './db/client.ts';
import type { KvStore } from './lib/kv-store.ts';
import type { SmsSender } from './modules/auth/sms/sms-sender.ts';
import type { TokenService } from './modules/auth/tokens.ts';

/** What every module's routes and services are built from. Created once in buildApp. */
export interface AppContext {
  env: Env;
  database: Database;
  db: Db;
  kv: KvStore;
  sms: SmsSender;
  tokens: TokenService;
  log: FastifyBaseLogger;
  /** The clock; tests move it. */
  now: () => Date;
}
