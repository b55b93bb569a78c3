import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { normalizeIban } from '@indiesplit/shared/funds';
import type { z } from 'zod';
import { EnvSchema } from './config/env-schema.ts';
import { trustedProxies } from './config/trust-proxy.ts';
import { unusableDataDirMessage } from './platform/data-dir.ts';

// Every environment variable the API reads, parsed once. A bad value stops the process with a
// message that names the variable (see parseConfig). The variables and their rules are in
// config/env-schema.ts.

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
  /** The folder of legal documents (ADR 0034); undefined: the texts shipped with the server. */
  legalDir: string | undefined;
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
  /** Days from a complaint's receipt to its acknowledgement and answer deadlines (ADR 0030). */
  complaintDeadlines: { acknowledgeDays: number; answerDays: number };
  /** Whether the worker keeps a round of demo campaigns (virtual money) live at all times. */
  demoCampaigns: boolean;
  /** Minutes from a demo round's start to its deadline. */
  demoRoundMinutes: number;
  /** The most one member may invest in one demo round, in percent of its maximum. */
  demoMemberSharePercent: number;
  /** The platform's part of each revenue pool (basis points of the pool) for campaigns going live. */
  platformShareBps: number;
  /** The platform's fee on the money raised, frozen on a campaign when it goes live (ADR 0042). */
  successFeeBps: number;
  /** Months a studio's approved verification (KYB) runs before it must be renewed (ADR 0036). */
  kybValidMonths: number;
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
  /** Where client money is held (ADR 0039). */
  payments: PaymentsConfig;
}

/** The payment provider's mode and settings (ADR 0039). */
export type PaymentsConfig =
  | { mode: 'manual' }
  | { mode: 'sandbox'; sandboxPort: number; timeoutMs: number; attempts: number; recheckMs: number }
  | {
      mode: 'mangopay';
      clientId: string;
      apiKey: string;
      baseUrl: string;
      /** The legal user that stands for the operator: it owns the campaigns' escrow wallets. */
      platformUserId: string;
      timeoutMs: number;
      attempts: number;
      /** How long a reconciliation difference must last to be reported. */
      recheckMs: number;
    };

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
  const payments = paymentsConfig(env, isProduction);
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
    legalDir: env.LEGAL_DIR ? path.resolve(env.LEGAL_DIR) : undefined,
    cspFrameSrc: env.CSP_FRAME_SRC.split(',')
      .map((o) => o.trim())
      .filter(Boolean)
      .map((o) => new URL(o).origin),
    settlementIntervalSeconds: env.SETTLEMENT_INTERVAL_SECONDS,
    complaintDeadlines: { acknowledgeDays: env.COMPLAINT_ACK_DAYS, answerDays: env.COMPLAINT_ANSWER_DAYS },
    demoCampaigns: env.DEMO_CAMPAIGNS ? env.DEMO_CAMPAIGNS === 'on' : env.NODE_ENV === 'development',
    demoRoundMinutes: env.DEMO_ROUND_MINUTES,
    demoMemberSharePercent: env.DEMO_MEMBER_SHARE_PERCENT,
    platformShareBps: env.PLATFORM_SHARE_BPS,
    successFeeBps: env.SUCCESS_FEE_BPS,
    kybValidMonths: env.KYB_VALID_MONTHS,
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
    payments,
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

function paymentsConfig(env: Env, isProduction: boolean): PaymentsConfig {
  const fail = (name: string, why: string) => {
    throw new ConfigError(`Invalid configuration:\n  ${name}: ${why}`);
  };
  const tries = {
    timeoutMs: env.PAYMENTS_TIMEOUT_MS,
    attempts: env.PAYMENTS_ATTEMPTS,
    recheckMs: env.PAYMENTS_RECHECK_MS,
  };
  if (env.PAYMENTS === 'sandbox') {
    // The sandbox invents money and identity checks: never where real investors are.
    if (isProduction) fail('PAYMENTS', 'sandbox is refused when NODE_ENV=production (use mangopay)');
    return { mode: 'sandbox', sandboxPort: env.PAYMENTS_SANDBOX_PORT, ...tries };
  }
  if (env.PAYMENTS === 'mangopay') {
    for (const name of [
      'MANGOPAY_CLIENT_ID',
      'MANGOPAY_API_KEY',
      'MANGOPAY_BASE_URL',
      'MANGOPAY_PLATFORM_USER_ID',
    ] as const)
      if (!env[name]) fail(name, 'is required when PAYMENTS=mangopay');
    const baseUrl = (env.MANGOPAY_BASE_URL ?? '').replace(/\/+$/, '');
    // The API key travels in every token request.
    if (isProduction && !baseUrl.startsWith('https://'))
      fail('MANGOPAY_BASE_URL', 'must be https:// when NODE_ENV=production');
    return {
      mode: 'mangopay',
      clientId: env.MANGOPAY_CLIENT_ID ?? '',
      apiKey: env.MANGOPAY_API_KEY ?? '',
      baseUrl,
      platformUserId: env.MANGOPAY_PLATFORM_USER_ID ?? '',
      ...tries,
    };
  }
  return { mode: 'manual' };
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
