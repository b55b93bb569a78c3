import { randomBytes } from 'node:crypto';
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
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
    trustProxy: env.TRUST_PROXY === 'true' ? true : env.TRUST_PROXY === 'false' ? false : env.TRUST_PROXY,
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
