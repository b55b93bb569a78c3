import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { isValidIban, normalizeIban } from '@indiesplit/shared/funds';
import { z } from 'zod';

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
  /** Step-up (ADR 0015): how long a login or a password confirmation allows sensitive actions. */
  STEP_UP_WINDOW_SECONDS: z.coerce.number().int().min(5).max(3600).default(600),
  TRUST_PROXY: z
    .string()
    .default('false')
    .refine((v) => /^(true|false|[\w.:/,\s]+)$/.test(v), {
      message: 'must be true, false or a comma-separated list of proxy addresses or CIDR ranges',
    }),
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
  /** Fastify's trustProxy: how far to believe X-Forwarded-For when reading the client's IP. */
  trustProxy: boolean | string;
  /** Seconds between two rounds of the settlement worker; 0: the worker does not run. */
  settlementIntervalSeconds: number;
  /** Whether the worker keeps a round of demo campaigns (virtual money) live at all times. */
  demoCampaigns: boolean;
  /** Minutes from a demo round's start to its deadline. */
  demoRoundMinutes: number;
  /** The platform's part of each revenue pool (basis points of the pool) for campaigns going live. */
  platformShareBps: number;
  /** Seconds one month of a demo campaign's revenue-share term lasts. */
  demoMonthSeconds: number;
  /** Social sign-in providers; null when not configured (no button, endpoints answer 404). */
  google: GoogleConfig | null;
  discord: DiscordConfig | null;
  /** Where investors send euros: shown with their personal reference. */
  platformBank: PlatformBankConfig;
  /** Seconds after a login or a password confirmation during which sensitive actions need no password. */
  stepUpWindowSeconds: number;
}

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
  if (Boolean(env.DISCORD_CLIENT_ID) !== Boolean(env.DISCORD_CLIENT_SECRET)) {
    throw new ConfigError(
      'Invalid configuration:\n  DISCORD_CLIENT_SECRET: DISCORD_CLIENT_ID and DISCORD_CLIENT_SECRET go together',
    );
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
    platformShareBps: env.PLATFORM_SHARE_BPS,
    demoMonthSeconds: env.DEMO_MONTH_SECONDS,
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY,
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

/** Outside production a secret is made once per data directory, so restarts keep CSRF tokens valid. */
function developmentSecret(dataDir: string): string {
  const file = path.join(dataDir, '.session-secret');
  if (existsSync(file)) return readFileSync(file, 'utf8').trim();
  mkdirSync(dataDir, { recursive: true });
  const secret = randomBytes(32).toString('base64url');
  writeFileSync(file, secret, { mode: 0o600 });
  return secret;
}
