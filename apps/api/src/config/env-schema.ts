import { isValidIban } from '@indiesplit/shared/funds';
import { z } from 'zod';
import { parseProxyList } from './trust-proxy.ts';

// The environment variables the API reads, each with its type, default and rule; parseConfig
// (config.ts) turns the parsed values into the Config the rest of the API uses.

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

export const EnvSchema = z.object({
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
  // The folder of legal documents' Markdown versions (ADR 0034); unset: the texts shipped in apps/api/legal.
  LEGAL_DIR: z.string().max(1000).optional(),
  // Campaign start, deadline and settlement worker (ADR 0012): seconds between rounds, 0 = off.
  SETTLEMENT_INTERVAL_SECONDS: z.coerce.number().int().min(0).max(3600).default(5),
  // Complaints (ADR 0030): days from receipt within which a complaint is acknowledged and answered.
  COMPLAINT_ACK_DAYS: z.coerce.number().int().min(1).max(60).default(7),
  COMPLAINT_ANSWER_DAYS: z.coerce.number().int().min(1).max(365).default(60),
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
  // The platform's fee on the money a funded campaign raised, kept when the escrow is paid to the
  // studio (ADR 0042); frozen on a campaign when it goes live like the share above.
  SUCCESS_FEE_BPS: z.coerce.number().int().min(0).max(2000).default(0),
  DEMO_MONTH_SECONDS: z.coerce.number().int().min(1).max(86400).default(20),
  // Studios' verification (KYB, ADR 0036): how many months a staff approval runs before the studio
  // renews it; a campaign opens only while one runs.
  KYB_VALID_MONTHS: z.coerce.number().int().min(1).max(60).default(12),
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
  // Client money (ADR 0039): manual bank transfers recorded by admins (the default), the sandbox
  // provider served on loopback, or Mangopay with the platform's credentials.
  PAYMENTS: z.enum(['manual', 'sandbox', 'mangopay']).default('manual'),
  MANGOPAY_CLIENT_ID: z
    .string()
    .trim()
    .regex(
      /^[A-Za-z0-9_-]{1,100}$/,
      'must be the client id of the Mangopay dashboard (letters, digits, - and _)',
    )
    .optional(),
  MANGOPAY_API_KEY: z.string().trim().min(8, 'must be the API key of the Mangopay dashboard').optional(),
  MANGOPAY_BASE_URL: optionalUrl(['https', 'http']),
  /** The legal user (category PLATFORM) that stands for the operator and owns the escrow wallets. */
  MANGOPAY_PLATFORM_USER_ID: z
    .string()
    .trim()
    .regex(/^[A-Za-z0-9_-]{1,64}$/, "must be the id of the platform's legal user at Mangopay")
    .optional(),
  /** The sandbox provider's loopback port; 0: a free port chosen at start. */
  PAYMENTS_SANDBOX_PORT: z.coerce.number().int().min(0).max(65535).default(0),
  /** How long one provider call may take before it is tried again, and how many tries in all. */
  PAYMENTS_TIMEOUT_MS: z.coerce.number().int().min(100).max(120_000).default(15_000),
  PAYMENTS_ATTEMPTS: z.coerce.number().int().min(1).max(10).default(4),
  /** How long a reconciliation difference must last to be reported (ADR 0039). */
  PAYMENTS_RECHECK_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
  // Untrusted PDF uploads (ADR 0017): uploads received and checked at once (more answer 503), the
  // parse's time budget and heap limit in its worker thread, and the most objects a file may hold.
  PDF_CHECK_CONCURRENCY: z.coerce.number().int().min(1).max(64).default(2),
  PDF_CHECK_TIMEOUT_MS: z.coerce.number().int().min(10).max(120_000).default(5000),
  PDF_CHECK_MEMORY_MB: z.coerce.number().int().min(16).max(4096).default(128),
  PDF_MAX_OBJECTS: z.coerce.number().int().min(10).max(10_000_000).default(50_000),
});
