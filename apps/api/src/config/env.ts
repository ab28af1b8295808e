import { z } from 'zod';
import path from 'node:path';
import { apiRoot } from './api-root.ts';
import { normalizePhone } from '@betoch/contracts/phone';

export const DEMO_ADMIN_PHONES = '+251911000001,+251911000002';
/** The demo's built-in bot (no such bot exists at Telegram; its calls never leave the server). */
const DEMO_BOT_TOKEN = '100000001:demo-betoch-bot-in-process-only';

const ZBool = z.enum(['true', 'false', '1', '0', 'yes', 'no']).transform((v) => v === 'true' || v === '1' || v === 'yes');

const ZEnv = z.object({
  NODE_ENV: z.string().default('production'),
  APP_MODE: z.enum(['demo', 'production']).default('demo'),
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  HOST: z.string().default('0.0.0.0'),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: z.url({ protocol: /^postgres(ql)?$/ }).optional(),
  REDIS_URL: z.url({ protocol: /^rediss?$/ }).optional(),
  /** Says a production server with DATABASE_URL and no REDIS_URL is the only one (see loadEnv). */
  SINGLE_SERVER: ZBool.optional(),
  REDIS_KEY_PREFIX: z
    .string()
    .regex(/^[\w:.-]{1,64}$/, 'letters, digits and : . - _ only')
    .default('betoch:'),
  JWT_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  ADMIN_PHONES: z.string().optional(),
  SMS_GATEWAY_URL: z.url({ protocol: /^https?$/ }).optional(),
  SMS_GATEWAY_TOKEN: z.string().min(1).optional(),
  SMS_SENDER_ID: z.string().min(1).max(64).optional(),
  SMS_IDENTIFIER_ID: z.string().min(1).max(128).optional(),
  SMS_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(8000),
  /** Shared secret of the gateway's inbound-SMS webhook (POST /api/sms/inbound); unset = route off. */
  SMS_INBOUND_SECRET: z.string().min(16).max(256).optional(),
  PAYMENT_PROVIDER: z.enum(['simulated', 'none', 'chapa']).optional(),
  CHAPA_SECRET_KEY: z.string().min(8).optional(),
  CHAPA_WEBHOOK_SECRET: z.string().min(8).optional(),
  CHAPA_BASE_URL: z.url({ protocol: /^https?$/ }).default('https://api.chapa.co'),
  CHAPA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  SEED_DEMO: ZBool.optional(),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST: z.string().optional(),
  TRUST_PROXY: z
    .string()
    .regex(
      /^(true|false|yes|no|\d{1,2}|[\d.:a-fA-F/]+(,[\d.:a-fA-F/]+)*)$/,
      'true, false, a number of proxy hops, or proxy addresses/CIDRs separated by commas',
    )
    .default('false'),
  BODY_LIMIT_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024),
  PHOTO_STORAGE: z.enum(['disk', 's3']).default('disk'),
  S3_ENDPOINT: z.url({ protocol: /^https?$/ }).optional(),
  S3_BUCKET: z
    .string()
    .regex(/^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/, 'a bucket name: 3-63 lowercase letters, digits, dots and hyphens')
    .optional(),
  S3_REGION: z.string().min(1).default('us-east-1'),
  S3_ACCESS_KEY_ID: z.string().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().min(1).optional(),
  S3_FORCE_PATH_STYLE: ZBool.optional(),
  PHOTO_PUBLIC_BASE_URL: z.url({ protocol: /^https?$/ }).optional(),
  /** The bearer token of /metrics (besides requests made directly from a private address). */
  METRICS_TOKEN: z.string().min(16, 'must be at least 16 characters').optional(),
  /** true: /api/docs for anyone; otherwise for admins only. */
  API_DOCS_PUBLIC: ZBool.optional(),
  JOB_CHECK_EVERY_MS: z.coerce.number().int().min(100).max(3_600_000).default(60_000),
  TELEGRAM_BOT_TOKEN: z
    .string()
    .regex(/^\d{1,20}:[\w-]{20,64}$/, 'a bot token from BotFather: <bot id>:<secret>')
    .optional(),
  TELEGRAM_BOT_USERNAME: z
    .string()
    .regex(/^@?[A-Za-z][\w]{3,31}$/, "the bot's username (5-32 letters, digits, _)")
    .optional(),
  TELEGRAM_WEBHOOK_SECRET: z
    .string()
    .regex(/^[\w-]{16,256}$/, '16-256 characters from A-Z a-z 0-9 _ -')
    .optional(),
  TELEGRAM_API_BASE: z.url({ protocol: /^https?$/ }).default('https://api.telegram.org'),
  TELEGRAM_CHANNEL_ID: z
    .string()
    .regex(/^(@[A-Za-z][\w]{4,31}|-?\d{1,20})$/, '@channelusername or the numeric id')
    .optional(),
  TELEGRAM_LOGIN: z.enum(['oidc', 'widget', 'off']).default('off'),
  TELEGRAM_OIDC_ISSUER: z.url({ protocol: /^https?$/ }).default('https://oauth.telegram.org'),
  /** The OpenID Connect client secret BotFather shows (Bot Settings > Web Login); the client id is the bot's id. */
  TELEGRAM_CLIENT_SECRET: z.string().min(8).max(256).optional(),
  TELEGRAM_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
  /** Demo mode without a token: a built-in Bot API stand-in (default on in demo mode; false turns it off). */
  TELEGRAM_DEMO: ZBool.optional(),
  FAYDA_ISSUER: z.url({ protocol: /^https?$/ }).optional(),
  FAYDA_CLIENT_ID: z.string().min(1).max(200).optional(),
  FAYDA_PRIVATE_KEY: z.string().min(2).optional(),
  FAYDA_REDIRECT_URI: z.url({ protocol: /^https?$/ }).optional(),
  FAYDA_ACR_VALUES: z.string().min(1).default('mosip:idp:acr:generated-code'),
  FAYDA_CLAIMS_LOCALES: z.string().min(1).default('en am'),
  FAYDA_TIMEOUT_MS: z.coerce.number().int().min(100).max(60_000).default(10_000),
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
  /** The inbound-SMS webhook's shared secret (replies such as STOP); the route answers 404 without it. */
  smsInboundSecret?: string;
  paymentProvider: 'simulated' | 'none' | 'chapa';
  /** Chapa's hosted checkout (PAYMENT_PROVIDER=chapa); all four are required then. */
  chapa?: { secretKey: string; webhookSecret: string; baseUrl: string; timeoutMs: number };
  /** The public address of the site: the gateway's return and callback URLs start with it. */
  publicUrl?: string;
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
  /** Where photo files live: the disk under DATA_DIR (one machine) or an S3-compatible bucket. */
  photoStorage: PhotoStorageEnv;
  /** How often each server looks for due periodic jobs (each still runs once per its own period). */
  jobCheckEveryMs: number;
  /** The Telegram bot (TELEGRAM_BOT_TOKEN); unset = every Telegram feature hidden. docs/telegram.md. */
  telegram?: TelegramEnv;
  /** /api/docs for anyone (API_DOCS_PUBLIC=true); otherwise admins only. */
  apiDocsPublic: boolean;
  /** The bearer token that opens /metrics from anywhere. */
  metricsToken?: string;
  /** 'Verify with Fayda' (docs/fayda.md); absent: the feature is hidden. */
  fayda?: FaydaEnv;
}

export interface TelegramEnv {
  token: string;
  /** The bot's username without '@' (deep links t.me/<username>?start=...). */
  username?: string;
  webhookSecret?: string;
  apiBase: string;
  channelId?: string;
  login: 'oidc' | 'widget' | 'off';
  /** The OpenID Connect issuer (ID tokens' iss; its keys at <issuer>/.well-known/jwks.json). */
  oidcIssuer: string;
  /** The OpenID Connect client secret (TELEGRAM_CLIENT_SECRET): the token call's Basic authentication. */
  clientSecret?: string;
  /** Demo mode without a token: the bot's calls go to a stand-in inside the server (docs/telegram.md). */
  inProcess?: boolean;
  timeoutMs: number;
}

/** Production refuses a bot whose webhook anyone could call: the token needs the secret. */
function telegramProblems(cleaned: Record<string, string | undefined>): string[] {
  const lines: string[] = [];
  if (!cleaned.TELEGRAM_BOT_TOKEN) return lines;
  if (cleaned.APP_MODE === 'production' && !cleaned.TELEGRAM_WEBHOOK_SECRET) {
    lines.push('  TELEGRAM_WEBHOOK_SECRET: is required in production with TELEGRAM_BOT_TOKEN (the webhook checks it)');
  }
  if (cleaned.TELEGRAM_LOGIN === 'oidc' && !cleaned.TELEGRAM_CLIENT_SECRET) {
    lines.push('  TELEGRAM_CLIENT_SECRET: is required with TELEGRAM_LOGIN=oidc (BotFather shows it with the Web Login settings)');
  }
  if (!cleaned.TELEGRAM_BOT_USERNAME) lines.push('  TELEGRAM_BOT_USERNAME: is required with TELEGRAM_BOT_TOKEN (the links open the bot by its username)');
  return lines;
}

export interface FaydaEnv {
  issuer: string;
  clientId: string;
  /** The business's private key, a JWK (RSA for RS256 or EC P-256 for ES256) with its private part. */
  privateJwk: FaydaPrivateJwk;
  redirectUri: string;
  acrValues: string;
  claimsLocales: string;
  timeoutMs: number;
}

export interface FaydaPrivateJwk {
  kty: 'RSA' | 'EC';
  alg: 'RS256' | 'ES256';
  kid?: string;
  d: string;
  [field: string]: unknown;
}

const FAYDA_KEYS = ['FAYDA_ISSUER', 'FAYDA_CLIENT_ID', 'FAYDA_PRIVATE_KEY', 'FAYDA_REDIRECT_URI'] as const;

/** FAYDA_PRIVATE_KEY: a private JWK, RSA (RS256) or EC P-256 (ES256); a message when it is not. */
function parseFaydaKey(raw: string): FaydaPrivateJwk | string {
  let jwk: unknown;
  try {
    jwk = JSON.parse(raw);
  } catch {
    return 'is not JSON: it must be a JWK';
  }
  if (typeof jwk !== 'object' || jwk === null || Array.isArray(jwk)) return 'must be a JWK object';
  const k = jwk as Record<string, unknown>;
  if (typeof k.d !== 'string') return 'must be a private key (a JWK with "d")';
  if (k.kty === 'RSA' && (k.alg === undefined || k.alg === 'RS256')) return { ...k, kty: 'RSA', alg: 'RS256', d: k.d } as FaydaPrivateJwk;
  if (k.kty === 'EC' && k.crv === 'P-256' && (k.alg === undefined || k.alg === 'ES256')) return { ...k, kty: 'EC', alg: 'ES256', d: k.d } as FaydaPrivateJwk;
  return 'must be an RSA key (RS256) or an EC P-256 key (ES256)';
}

/** All four Fayda variables or none; production refuses a half configuration, demo hides the feature. */
function faydaProblems(cleaned: Record<string, string | undefined>): string[] {
  const set = FAYDA_KEYS.filter((k) => cleaned[k]);
  const lines: string[] = [];
  if (set.length > 0 && set.length < FAYDA_KEYS.length && cleaned.APP_MODE === 'production') {
    for (const k of FAYDA_KEYS) if (!cleaned[k]) lines.push(`  ${k}: is required with ${set.join(', ')} (Fayda needs all of ${FAYDA_KEYS.join(', ')})`);
  }
  if (cleaned.FAYDA_PRIVATE_KEY) {
    const key = parseFaydaKey(cleaned.FAYDA_PRIVATE_KEY);
    if (typeof key === 'string') lines.push(`  FAYDA_PRIVATE_KEY: ${key}`);
  }
  return lines;
}

export type PhotoStorageEnv =
  | { kind: 'disk' }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint?: string;
      accessKeyId?: string;
      secretAccessKey?: string;
      forcePathStyle?: boolean;
      publicBaseUrl?: string;
    };

/** PHOTO_STORAGE=s3 needs a bucket; the keys come in pairs (or from the machine's own AWS role). */
function photoStorageProblems(cleaned: Record<string, string | undefined>): string[] {
  if (cleaned.PHOTO_STORAGE !== 's3') return [];
  const lines: string[] = [];
  if (!cleaned.S3_BUCKET) lines.push('  S3_BUCKET: is required when PHOTO_STORAGE=s3');
  if (Boolean(cleaned.S3_ACCESS_KEY_ID) !== Boolean(cleaned.S3_SECRET_ACCESS_KEY)) {
    lines.push('  S3_ACCESS_KEY_ID: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together');
  }
  return lines;
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
    // DATABASE_URL is how several servers share data; without Redis they would each keep their
    // own cooldowns, rate limits and live events, and nothing would say so. One server says so.
    if (cleaned.DATABASE_URL && !cleaned.REDIS_URL && !(parsed.success && parsed.data.SINGLE_SERVER)) {
      lines.push(
        '  REDIS_URL: is required in production with DATABASE_URL: several servers share cooldowns, rate limits and live events through Redis (set SINGLE_SERVER=true if this is the only server)',
      );
    }
    // Demo data only in demo mode: a production market must never sell a made-up number.
    if (parsed.success && parsed.data.SEED_DEMO) {
      lines.push('  SEED_DEMO: the demo market is for demo mode only; production refuses SEED_DEMO=true (remove it or set it to false)');
    }
  }
  lines.push(...photoStorageProblems(cleaned));
  lines.push(...telegramProblems(cleaned));
  lines.push(...faydaProblems(cleaned));
  if (cleaned.PAYMENT_PROVIDER === 'chapa') {
    // A checkout without its keys would take no money or grant unverified: refuse to start.
    for (const key of ['CHAPA_SECRET_KEY', 'CHAPA_WEBHOOK_SECRET', 'PUBLIC_URL']) {
      if (!cleaned[key]) lines.push(`  ${key}: is required with PAYMENT_PROVIDER=chapa`);
    }
  }
  if (!parsed.success || lines.length) throw new EnvError(`Invalid environment:\n${lines.join('\n')}`);
  const e = parsed.data;
  // npm runs workspace scripts inside apps/api; a relative DATA_DIR or WEB_DIST means the folder
  // the command was typed in (INIT_CWD), so `npm start` at the repository root keeps ./data there.
  const baseDir = source.INIT_CWD || process.cwd();
  const adminPhones = new Set<string>();
  // Demo mode has two admins out of the box (the README names them); production names its own.
  const adminList = e.ADMIN_PHONES ?? (e.APP_MODE === 'demo' ? DEMO_ADMIN_PHONES : '');
  for (const raw of adminList
    .split(',')
    .map((s) => s.trim())
    .filter(Boolean)) {
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
    chapa:
      e.PAYMENT_PROVIDER === 'chapa' && e.CHAPA_SECRET_KEY && e.CHAPA_WEBHOOK_SECRET
        ? { secretKey: e.CHAPA_SECRET_KEY, webhookSecret: e.CHAPA_WEBHOOK_SECRET, baseUrl: e.CHAPA_BASE_URL.replace(/\/+$/, ''), timeoutMs: e.CHAPA_TIMEOUT_MS }
        : undefined,
    publicUrl: e.PUBLIC_URL?.replace(/\/+$/, ''),
    smsInboundSecret: e.SMS_INBOUND_SECRET,
    seedDemo: e.SEED_DEMO ?? e.APP_MODE === 'demo',
    logLevel: e.LOG_LEVEL,
    webDist: e.WEB_DIST ? path.resolve(baseDir, e.WEB_DIST) : path.resolve(apiRoot(), '../web/dist'),
    trustProxy: parseTrustProxy(e.TRUST_PROXY),
    bodyLimitBytes: e.BODY_LIMIT_BYTES,
    photoStorage:
      e.PHOTO_STORAGE === 's3' && e.S3_BUCKET
        ? {
            kind: 's3',
            bucket: e.S3_BUCKET,
            region: e.S3_REGION,
            endpoint: e.S3_ENDPOINT,
            accessKeyId: e.S3_ACCESS_KEY_ID,
            secretAccessKey: e.S3_SECRET_ACCESS_KEY,
            forcePathStyle: e.S3_FORCE_PATH_STYLE,
            publicBaseUrl: e.PHOTO_PUBLIC_BASE_URL,
          }
        : { kind: 'disk' },
    jobCheckEveryMs: e.JOB_CHECK_EVERY_MS,
    telegram: e.TELEGRAM_BOT_TOKEN
      ? {
          token: e.TELEGRAM_BOT_TOKEN,
          username: e.TELEGRAM_BOT_USERNAME?.replace(/^@/, ''),
          webhookSecret: e.TELEGRAM_WEBHOOK_SECRET,
          apiBase: e.TELEGRAM_API_BASE.replace(/\/+$/, ''),
          channelId: e.TELEGRAM_CHANNEL_ID,
          login: e.TELEGRAM_LOGIN,
          oidcIssuer: e.TELEGRAM_OIDC_ISSUER.replace(/\/+$/, ''),
          clientSecret: e.TELEGRAM_CLIENT_SECRET,
          timeoutMs: e.TELEGRAM_TIMEOUT_MS,
        }
      : e.APP_MODE === 'demo' && e.TELEGRAM_DEMO !== false
        ? {
            // Nothing leaves the server: the demo bot's messages are shown in the demo (/account).
            token: DEMO_BOT_TOKEN,
            username: 'betoch_demo_bot',
            apiBase: 'in-process',
            login: 'off',
            oidcIssuer: e.TELEGRAM_OIDC_ISSUER.replace(/\/+$/, ''),
            timeoutMs: e.TELEGRAM_TIMEOUT_MS,
            inProcess: true,
          }
        : undefined,
    apiDocsPublic: e.API_DOCS_PUBLIC ?? false,
    metricsToken: e.METRICS_TOKEN,
    fayda:
      e.FAYDA_ISSUER && e.FAYDA_CLIENT_ID && e.FAYDA_PRIVATE_KEY && e.FAYDA_REDIRECT_URI
        ? {
            issuer: e.FAYDA_ISSUER.replace(/\/+$/, ''),
            clientId: e.FAYDA_CLIENT_ID,
            privateJwk: parseFaydaKey(e.FAYDA_PRIVATE_KEY) as FaydaPrivateJwk,
            redirectUri: e.FAYDA_REDIRECT_URI,
            acrValues: e.FAYDA_ACR_VALUES,
            claimsLocales: e.FAYDA_CLAIMS_LOCALES,
            timeoutMs: e.FAYDA_TIMEOUT_MS,
          }
        : undefined,
  };
}
