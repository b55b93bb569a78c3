import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { isIP } from 'node:net';
import path from 'node:path';
import { isValidIban, normalizeIban } from '@indiesplit/shared/funds';
import { z } from 'zod';
import { unusableDataDirMessage } from './platform/data-dir.ts';

// Every environment variable the API reads, parsed once. A bad value stops the process with a
// message that names the variable (see loadConfig).

const optionalUrl = (protocols: string[]) =>
  z
    .string()
    .trim()
    .optional()
    .transform((v) => (v === '' ? undefined : v))
    .refine((v) => v === undefined || protocols.some((p) => v.startsWith(`${p}://`)), {
      message: `must start with ${protocols.map((p) => `${p}://`).join(' or ')}`,
    })
    .refine((v) => v === undefined || URL.canParse(v), { message: 'must be a valid URL' });

const httpUrl = (fallback: string) =>
  z
    .string()
    .trim()
    .default(fallback)
    .refine((v) => URL.canParse(v) && /^https?:\/\//.test(v), { message: 'must be an http(s) URL' });

const EnvSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: z.coerce.number().int().min(1).max(65535).default(3000),
  HOST: z.string().default('0.0.0.0'),
  PUBLIC_URL: z
    .string()
    .optional()
    .refine((v) => v === undefined || (URL.canParse(v) && /^https?:\/\//.test(v)), {
      message: 'must be an http(s) URL such as https://indiesplit.example',
    }),
  DATA_DIR: z.string().default('./data'),
  DATABASE_URL: optionalUrl(['postgres', 'postgresql']),
  SMTP_URL: optionalUrl(['smtp', 'smtps']),
  MAIL_FROM: z.string().default('IndieSplit <no-reply@indiesplit.example>'),
  REDIS_URL: optionalUrl(['redis', 'rediss']),
  SESSION_SECRET: z.string().min(32, 'must be at least 32 characters').optional(),
  TRUSTED_ORIGINS: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
          .every((o) => URL.canParse(o) && /^https?:\/\//.test(o)),
      { message: 'must be a comma-separated list of http(s) origins such as https://www.indiesplit.example' },
    ),
  CSP_FRAME_SRC: z
    .string()
    .default('')
    .refine(
      (v) =>
        v
          .split(',')
          .map((o) => o.trim())
          .filter(Boolean)
          .every((o) => URL.canParse(o) && o.startsWith('https://')),
      { message: 'must be a comma-separated list of https origins such as https://www.instagram.com' },
    ),
  LOG_LEVEL: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  WEB_DIST_DIR: z.string().optional(),
  // Campaign start, deadline and settlement worker (ADR 0012): seconds between rounds, 0 = off.
  SETTLEMENT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  // Demo campaigns on a fast clock (virtual money): on by default in development only.
  DEMO_CAMPAIGNS: z.enum(['on', 'off']).optional(),
  // How long a demo round stays open, in minutes.
  DEMO_ROUND_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(5),
  // The most one member may invest in one demo round, in percent of the round's maximum.
  DEMO_MEMBER_SHARE_PERCENT: z.coerce.number().int().min(1).max(100).default(10),
  // The revenue share (ADR 0014): the platform's part of each pool in basis points of the pool,
  // frozen on a campaign when it goes live; and how many seconds a month of a demo campaign's term
  // lasts on the demo's fast clock.
  PLATFORM_SHARE_BPS: z.coerce.number().int().min(0).max(10000).default(1000),
  DEMO_MONTH_SECONDS: z.coerce.number().int().min(1).max(86400).default(20),
  // Social sign-in (ADR 0007). A provider is on when its client is configured; the endpoints default
  // to the real providers and can point elsewhere (tests, staging).
  GOOGLE_CLIENT_ID: z.string().trim().optional(),
  GOOGLE_ISSUER: z.string().trim().default('https://accounts.google.com'),
  GOOGLE_JWKS_URL: httpUrl('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_GSI_SCRIPT_URL: httpUrl('https://accounts.google.com/gsi/client'),
  DISCORD_CLIENT_ID: z.string().trim().optional(),
  DISCORD_CLIENT_SECRET: z.string().trim().optional(),
  DISCORD_AUTHORIZE_URL: httpUrl('https://discord.com/oauth2/authorize'),
  DISCORD_TOKEN_URL: httpUrl('https://discord.com/api/oauth2/token'),
  DISCORD_USERINFO_URL: httpUrl('https://discord.com/api/users/@me'),
  // The platform's bank account that investors' deposits go to (ADR 0013). The defaults are a
  // well-known example IBAN and a beneficiary that says so: required in production.
  PLATFORM_IBAN: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || isValidIban(v), { message: 'must be a valid IBAN' }),
  PLATFORM_BIC: z
    .string()
    .trim()
    .optional()
    .refine((v) => v === undefined || /^[A-Z]{4}[A-Z]{2}[A-Z0-9]{2}([A-Z0-9]{3})?$/.test(v), {
      message: 'must be a BIC of 8 or 11 characters such as UNCRITMMXXX',
    }),
  PLATFORM_BENEFICIARY: z.string().trim().min(1).max(70).optional(),
  // Failing fast and stopping cleanly (ADR 0020): PostgreSQL timeouts in milliseconds, the free
  // disk /api/ready asks for, and how long a stop may take before the process gives up.
  DB_CONNECT_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(5_000),
  DB_STATEMENT_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(15_000),
  DB_IDLE_IN_TRANSACTION_TIMEOUT_MS: z.coerce.number().int().min(100).max(3_600_000).default(30_000),
  READY_MIN_FREE_DISK_MB: z.coerce.number().int().min(0).default(512),
  SHUTDOWN_GRACE_SECONDS: z.coerce.number().int().min(1).max(600).default(10),
  /** Step-up (ADR 0015): how long a login or a password confirmation allows sensitive actions. */
  STEP_UP_WINDOW_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => ['true', 'false'].includes(v.trim()) || parseProxyList(v) !== null, {
      message:
        'must be false, or a comma-separated list of proxy addresses or CIDR ranges (e.g. 10.0.0.5,10.1.0.0/16; also loopback, linklocal, uniquelocal)',
    }),
  // Production exposure (issue 12): the OpenAPI viewer and the web app's source maps are served
  // outside production only, unless turned on here.
  API_DOCS: z.enum(['true', 'false']).optional(),
  SOURCE_MAPS: z.enum(['true', 'false']).optional(),
  // Operations (ADR 0021): Prometheus metrics and where uploaded files live.
  METRICS_TOKEN: z.string().trim().min(32, 'must be at least 32 characters').optional(),
  METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  METRICS_HOST: z.string().trim().min(1).default('127.0.0.1'),
  STORAGE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z
    .string()
    .trim()
    .regex(
      /^[a-z0-9][a-z0-9.-]{1,61}[a-z0-9]$/,
      'must be a bucket name of 3 to 63 lower-case letters, digits, dots or hyphens',
    )
    .optional(),
  S3_ENDPOINT: optionalUrl(['http', 'https']),
  S3_REGION: z.string().trim().min(1).optional(),
  S3_ACCESS_KEY_ID: z.string().trim().min(1).optional(),
  S3_SECRET_ACCESS_KEY: z.string().trim().min(1).optional(),
  S3_FORCE_PATH_STYLE: z.enum(['true', 'false']).default('false'),
  // Untrusted PDF uploads (ADR 0017): uploads received and checked at once (more answer 503), the
  // parse's time budget and heap limit in its worker thread, and the most objects a file may hold.
  PDF_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PDF_CHECK_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(5000),
  PDF_CHECK_MEMORY_MB: z.coerce.number().int().min(16).max(4096).default(128),
  PDF_MAX_OBJECTS: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
});

export type Env = z.infer<typeof EnvSchema>;

export interface Config {
  env: Env['NODE_ENV'];
  isProduction: boolean;
  port: number;
  host: string;
  publicUrl: string;
  publicOrigin: string;
  /** Origins allowed to send unsafe requests, besides publicOrigin. */
  trustedOrigins: string[];
  dataDir: string;
  uploadsDir: string;
  databaseUrl: string | undefined;
  smtpUrl: string | undefined;
  mailFrom: string;
  redisUrl: string | undefined;
  sessionSecret: string;
  logLevel: Env['LOG_LEVEL'];
  webDistDir: string | undefined;
  /** Origins the web app may embed in frames (the home page's reels); none by default. */
  cspFrameSrc: string[];
  /**
   * Fastify's trustProxy: the proxies (addresses, CIDR ranges or proxy-addr's names) whose
   * X-Forwarded-For is believed when reading the client's IP; false: none, the peer is the client.
   */
  trustProxy: false | string[];
  /** Whether /api/docs (the OpenAPI viewer and document) is served. */
  apiDocs: boolean;
  /** Whether the web app's source maps (*.map) are served. */
  sourceMaps: boolean;
  /** Seconds between two rounds of the settlement worker; 0: the worker does not run. */
  settlementIntervalSeconds: number;
  /** Whether the worker keeps a round of demo campaigns (virtual money) live at all times. */
  demoCampaigns: boolean;
  /** Minutes from a demo round's start to its deadline. */
  demoRoundMinutes: number;
  /** The most one member may invest in one demo round, in percent of its maximum. */
  demoMemberSharePercent: number;
  /** The platform's part of each revenue pool (basis points of the pool) for campaigns going live. */
  platformShareBps: number;
  /** Seconds one month of a demo campaign's revenue-share term lasts. */
  demoMonthSeconds: number;
  /** Social sign-in providers; null when not configured (no button, endpoints answer 404). */
  google: GoogleConfig | null;
  discord: DiscordConfig | null;
  /** Where investors send euros: shown with their personal reference. */
  platformBank: PlatformBankConfig;
  metrics: MetricsConfig;
  storage: StorageConfig;
  /** Limits of the untrusted PDF check (ADR 0017). */
  pdfCheck: { concurrency: number; timeoutMs: number; memoryMb: number; maxObjects: number };
  operations: OperationsConfig;
  /** Seconds after a login or a password confirmation during which sensitive actions need no password. */
  stepUpWindowSeconds: number;
}

/** Timeouts and thresholds of ADR 0020 (shutdown and readiness). */
export interface OperationsConfig {
  dbConnectTimeoutMs: number;
  dbStatementTimeoutMs: number;
  dbIdleInTransactionTimeoutMs: number;
  readyMinFreeDiskMb: number;
  shutdownGraceSeconds: number;
}

export interface MetricsConfig {
  /** Bearer token a scraper must send; null: no token asked (see `enabled`). */
  token: string | null;
  /** A separate listener for /metrics only (an internal port); null: none. */
  port: number | null;
  host: string;
  /** Whether the main port answers /metrics: with a token, or outside production. */
  onMainPort: boolean;
}

export type StorageConfig =
  | { kind: 'local'; dir: string }
  | {
      kind: 's3';
      bucket: string;
      region: string;
      endpoint: string | undefined;
      forcePathStyle: boolean;
      /** Null: the SDK's default credential chain (environment, shared files, instance role). */
      credentials: { accessKeyId: string; secretAccessKey: string } | null;
    };

export interface PlatformBankConfig {
  iban: string;
  bic: string;
  beneficiary: string;
}

export interface GoogleConfig {
  clientId: string;
  /** Accepted `iss` values of ID tokens. */
  issuers: string[];
  jwksUrl: string;
  scriptUrl: string;
}

export interface DiscordConfig {
  clientId: string;
  clientSecret: string;
  authorizeUrl: string;
  tokenUrl: string;
  userInfoUrl: string;
}

export class ConfigError extends Error {}

export function parseConfig(raw: NodeJS.ProcessEnv): Config {
  const parsed = EnvSchema.safeParse(raw);
  if (!parsed.success) {
    const lines = parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
    throw new ConfigError(`Invalid configuration:\n${lines.join('\n')}`);
  }
  const env = parsed.data;
  const isProduction = env.NODE_ENV === 'production';
  if (isProduction && !env.SESSION_SECRET) {
    throw new ConfigError('Invalid configuration:\n  SESSION_SECRET: is required when NODE_ENV=production');
  }
  if (isProduction && !env.SMTP_URL) {
    // Without it mail would land in the development mailbox, which production never shows.
    throw new ConfigError('Invalid configuration:\n  SMTP_URL: is required when NODE_ENV=production');
  }
  if (isProduction && !env.PUBLIC_URL) {
    throw new ConfigError('Invalid configuration:\n  PUBLIC_URL: is required when NODE_ENV=production');
  }
  for (const name of ['PLATFORM_IBAN', 'PLATFORM_BIC', 'PLATFORM_BENEFICIARY'] as const) {
    // Investors would otherwise be shown the development account and send real money nowhere.
    if (isProduction && !env[name]) {
      throw new ConfigError(`Invalid configuration:\n  ${name}: is required when NODE_ENV=production`);
    }
  }
  if (isProduction && env.TRUST_PROXY.trim() === 'true') {
    // "Believe every X-Forwarded-For" lets any client pick its own address and dodge every
    // per-address limit: production names its proxies.
    throw new ConfigError(
      'Invalid configuration:\n  TRUST_PROXY: true is refused when NODE_ENV=production (any client could forge X-Forwarded-For); list the addresses or CIDR ranges of your proxies, e.g. TRUST_PROXY=10.0.0.5,10.1.0.0/16',
    );
  }
  if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  DISCORD_CLIENT_SECRET: DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together',
    );
  }
  if (env.STORAGE === 's3') {
    for (const name of ['S3_BUCKET', 'S3_REGION'] as const) {
      if (!env[name]) throw new ConfigError(`Invalid configuration:\n  ${name}: is required when STORAGE=s3`);
    }
  }
  if (Boolean(env.S3_ACCESS_KEY_ID) !== Boolean(env.S3_SECRET_ACCESS_KEY)) {
    throw new ConfigError(
      'Invalid configuration:\n  S3_SECRET_ACCESS_KEY: S3_ACCESS_KEY_ID and S3_SECRET_ACCESS_KEY go together',
    );
  }
  if (env.METRICS_PORT !== undefined && env.METRICS_PORT === env.PORT) {
    throw new ConfigError('Invalid configuration:\n  METRICS_PORT: must differ from PORT');
  }
  const publicUrl = (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, '');
  const dataDir = path.resolve(env.DATA_DIR);
  return {
    env: env.NODE_ENV,
    isProduction,
    port: env.PORT,
    host: env.HOST,
    publicUrl,
    publicOrigin: new URL(publicUrl).origin,
    trustedOrigins: env.TRUSTED_ORIGINS.split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    dataDir,
    uploadsDir: path.join(dataDir, 'uploads'),
    databaseUrl: env.DATABASE_URL,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    redisUrl: env.REDIS_URL,
    sessionSecret: env.SESSION_SECRET ?? developmentSecret(dataDir),
    logLevel: env.LOG_LEVEL,
    webDistDir: env.WEB_DIST_DIR,
    cspFrameSrc: env.CSP_FRAME_SRC.split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    settlementIntervalSeconds: env.SETTLEMENT_INTERVAL_SECONDS,
    demoCampaigns: env.DEMO_CAMPAIGNS ? env.DEMO_CAMPAIGNS === 'on' : env.NODE_ENV === 'development',
    demoRoundMinutes: env.DEMO_ROUND_MINUTES,
    demoMemberSharePercent: env.DEMO_MEMBER_SHARE_PERCENT,
    platformShareBps: env.PLATFORM_SHARE_BPS,
    demoMonthSeconds: env.DEMO_MONTH_SECONDS,
    trustProxy: trustedProxies(env.TRUST_PROXY),
    apiDocs: env.API_DOCS ? env.API_DOCS === 'true' : !isProduction,
    sourceMaps: env.SOURCE_MAPS ? env.SOURCE_MAPS === 'true' : !isProduction,
    pdfCheck: {
      concurrency: env.PDF_CHECK_CONCURRENCY,
      timeoutMs: env.PDF_CHECK_TIMEOUT_MS,
      memoryMb: env.PDF_CHECK_MEMORY_MB,
      maxObjects: env.PDF_MAX_OBJECTS,
    },
    google: env.GOOGLE_CLIENT_ID
      ? {
          clientId: env.GOOGLE_CLIENT_ID,
          // Google documents both spellings of its issuer.
          issuers:
            env.GOOGLE_ISSUER === 'https://accounts.google.com'
              ? ['https://accounts.google.com', 'accounts.google.com']
              : [env.GOOGLE_ISSUER],
          jwksUrl: env.GOOGLE_JWKS_URL,
          scriptUrl: env.GOOGLE_GSI_SCRIPT_URL,
        }
      : null,
    stepUpWindowSeconds: env.STEP_UP_WINDOW_SECONDS,
    platformBank: {
      iban: normalizeIban(env.PLATFORM_IBAN ?? 'IT60X0542811101000000123456'),
      bic: env.PLATFORM_BIC ?? 'XXXXITXXXXX',
      beneficiary: env.PLATFORM_BENEFICIARY ?? 'IndieSplit DEVELOPMENT – do not send money',
    },
    metrics: {
      token: env.METRICS_TOKEN ?? null,
      port: env.METRICS_PORT ?? null,
      host: env.METRICS_HOST,
      // Production shows nothing on the public port without a token.
      onMainPort: Boolean(env.METRICS_TOKEN) || (!isProduction && env.METRICS_PORT === undefined),
    },
    storage:
      env.STORAGE === 's3' && env.S3_BUCKET && env.S3_REGION
        ? {
            kind: 's3',
            bucket: env.S3_BUCKET,
            region: env.S3_REGION,
            endpoint: env.S3_ENDPOINT,
            forcePathStyle: env.S3_FORCE_PATH_STYLE === 'true',
            credentials:
              env.S3_ACCESS_KEY_ID && env.S3_SECRET_ACCESS_KEY
                ? { accessKeyId: env.S3_ACCESS_KEY_ID, secretAccessKey: env.S3_SECRET_ACCESS_KEY }
                : null,
          }
        : { kind: 'local', dir: path.join(dataDir, 'uploads') },
    operations: {
      dbConnectTimeoutMs: env.DB_CONNECT_TIMEOUT_MS,
      dbStatementTimeoutMs: env.DB_STATEMENT_TIMEOUT_MS,
      dbIdleInTransactionTimeoutMs: env.DB_IDLE_IN_TRANSACTION_TIMEOUT_MS,
      readyMinFreeDiskMb: env.READY_MIN_FREE_DISK_MB,
      shutdownGraceSeconds: env.SHUTDOWN_GRACE_SECONDS,
    },
    discord:
      env.DISCORD_CLIENT_ID && env.DISCORD_CLIENT_SECRET
        ? {
            clientId: env.DISCORD_CLIENT_ID,
            clientSecret: env.DISCORD_CLIENT_SECRET,
            authorizeUrl: env.DISCORD_AUTHORIZE_URL,
            tokenUrl: env.DISCORD_TOKEN_URL,
            userInfoUrl: env.DISCORD_USERINFO_URL,
          }
        : null,
  };
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/** The entries of a TRUST_PROXY list (addresses, CIDR ranges, proxy-addr's names), or null when one is not. */
function parseProxyList(value: string): string[] | null {
  const entries = value
    .split(',')
    .map((e) => e.trim())
    .filter(Boolean);
  if (entries.length === 0) return null;
  for (const entry of entries) {
    if (PROXY_NAMES.has(entry)) continue;
    const [address = '', prefix, ...rest] = entry.split('/');
    const version = isIP(address);
    if (version === 0 || rest.length > 0) return null;
    if (prefix !== undefined) {
      const bits = /^\d{1,3}$/.test(prefix) ? Number(prefix) : -1;
      if (bits < 0 || bits > (version === 4 ? 32 : 128)) return null;
    }
  }
  return entries;
}

/**
 * Outside production `true` keeps working for a proxy on the same machine (the web app's dev
 * server, a local reverse proxy) and means the loopback addresses only: a client elsewhere still
 * cannot choose its address. Production refuses `true` (parseConfig).
 */
function trustedProxies(value: string): false | string[] {
  const v = value.trim();
  if (v === 'false') return false;
  if (v === 'true') return ['loopback'];
  return parseProxyList(v) ?? false;
}

/** Outside production a secret is made once per data directory, so restarts keep CSRF tokens valid. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.session-secret');
  try {
    if (existsSync(file)) return readFileSync(file, 'utf8').trim();
    mkdirSync(dataDir, { recursive: true });
    const secret = randomBytes(32).toString('base64url');
    writeFileSync(file, secret, { mode: 0o600 });
    return secret;
  } catch (err) {
    // A file in the way or no permission: name the variable, not a stack trace (ADR 0019).
    throw new ConfigError(unusableDataDirMessage(dataDir, err));
  }
}
