import { z } from 'zod';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { normalizePhone } from '@betoch/contracts/phone';

export const DEMO_ADMIN_PHONES = '+251911000001,+251911000002';

const ZBool = z
  .enum(['true', 'false', '1', '0', 'yes', 'no'])
  .transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z
  .object({
    NODE_ENV: z.string().default('production'),
    APP_MODE: z.enum(['demo', 'production']).default('demo'),
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default('0.0.0.0'),
    DATA_DIR: z.string().default('./data'),
    DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
    REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
    REDIS_KEY_PREFIX: z.string().regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . - _ only').default('betoch:'),
    JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
    ADMIN_PHONES: z.string().optional(),
    SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
    SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
    SMS_SENDER_ID: z.string().min(1).max(64).optional(),
    SMS_IDENTIFIER_ID: z.string().min(1).max(128).optional(),
    SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
    PAYMENT_PROVIDER: z.enum(['simulated', 'none']).optional(),
    SEED_DEMO: ZBool.default(true),
    LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
    WEB_DIST: z.string().optional(),
    TRUST_PROXY: z
      .string()
      .regex(/^(true|false|yes|no|\d{1,2}|[\d.:a-fA-F/]+(,[\d.:a-fA-F/]+)*)$/, 'true, false, a number of proxy hops, or proxy addresses/CIDRs separated by commas')
      .default('false'),
    BODY_LIMIT_BYTES: z.coerce.number().int().positive().default(256 * 1024),
  });

/** Production sends codes only by SMS and signs tokens with a secret the operator controls. */
const REQUIRED_IN_PRODUCTION: Array<[string, string]> = [
  ['JWT_SECRET', 'is required in production (at least 32 characters)'],
  ['SMS_GATEWAY_URL', 'is required in production: codes are sent only by SMS'],
  ['SMS_GATEWAY_TOKEN', 'is required in production: codes are sent only by SMS'],
  ['SMS_SENDER_ID', 'is required in production: codes are sent only by SMS'],
];

export interface Env {
  nodeEnv: string;
  mode: 'demo' | 'production';
  port: number;
  host: string;
  dataDir: string;
  databaseUrl?: string;
  redisUrl?: string;
  redisKeyPrefix: string;
  jwtSecret?: string;
  adminPhones: Set<string>;
  sms?: { baseUrl: string; token: string; senderId: string; identifierId?: string; timeoutMs: number };
  paymentProvider: 'simulated' | 'none';
  seedDemo: boolean;
  logLevel: string;
  webDist: string;
  /**
   * Which X-Forwarded-For hops to believe for the client address (the per-IP code limit uses it):
   * false, a number of proxies in front, or their addresses. true believes any hop, so a client
   * could claim any address; use it only when the proxy overwrites the header.
   */
  trustProxy: boolean | string[] | ((address: string, hop: number) => boolean);
  bodyLimitBytes: number;
}

export class EnvError extends Error {}

function parseTrustProxy(value: string): Env['trustProxy'] {
  if (value === 'true' || value === 'yes') return true;
  if (value === 'false' || value === 'no' || value === '0') return false;
  if (/^\d+$/.test(value)) {
    const hops = Number(value);
    return (_address, hop) => hop < hops;
  }
  return value.split(',');
}

/** Parses the environment once at start; a bad value stops the server with a message naming it. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  const cleaned = Object.fromEntries(Object.entries(source).filter(([, v]) => v !== undefined && v !== ''));
  const parsed = ZEnv.safeParse(cleaned);
  // Every problem at once, each naming its variable, so one start shows all that must be fixed.
  const lines = parsed.success ? [] : parsed.error.issues.map((i) => `  ${i.path.join('.') || '(env)'}: ${i.message}`);
  if (cleaned.APP_MODE === 'production') {
    for (const [key, why] of REQUIRED_IN_PRODUCTION) if (!cleaned[key]) lines.push(`  ${key}: ${why}`);
  }
  if (!parsed.success || lines.length) throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  const e = parsed.data;
  // npm runs workspace scripts inside apps/api; a relative DATA_DIR or WEB_DIST means the folder
  // the command was typed in (INIT_CWD), so `npm start` at the repository root keeps ./data there.
  const baseDir = source.INIT_CWD || process.cwd();
  const adminPhones = new Set<string>();
  // Demo mode has two admins out of the box (the README names them); production names its own.
  const adminList = e.ADMIN_PHONES ?? (e.APP_MODE === 'demo' ? DEMO_ADMIN_PHONES : '');
  for (const raw of adminList.split(',').map((s) => s.trim()).filter(Boolean)) {
    const phone = normalizePhone(raw);
    if (!phone) throw new EnvError(`Invalid environment:\n  ADMIN_PHONES: '${raw}' is not a phone number`);
    adminPhones.add(phone);
  }
  return {
    nodeEnv: e.NODE_ENV,
    mode: e.APP_MODE,
    port: e.PORT,
    host: e.HOST,
    dataDir: path.resolve(baseDir, e.DATA_DIR),
    databaseUrl: e.DATABASE_URL,
    redisUrl: e.REDIS_URL,
    redisKeyPrefix: e.REDIS_KEY_PREFIX,
    jwtSecret: e.JWT_SECRET,
    adminPhones,
    sms:
      e.SMS_GATEWAY_URL && e.SMS_GATEWAY_TOKEN && e.SMS_SENDER_ID
        ? {
            baseUrl: e.SMS_GATEWAY_URL,
            token: e.SMS_GATEWAY_TOKEN,
            senderId: e.SMS_SENDER_ID,
            identifierId: e.SMS_IDENTIFIER_ID,
            timeoutMs: e.SMS_TIMEOUT_MS,
          }
        : undefined,
    paymentProvider: e.PAYMENT_PROVIDER ?? (e.APP_MODE === 'demo' ? 'simulated' : 'none'),
    seedDemo: e.SEED_DEMO,
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST
      ? path.resolve(baseDir, e.WEB_DIST)
      : fileURLToPath(new URL('../../../web/dist', import.meta.url)),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
  };
}
