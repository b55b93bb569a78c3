import type { FastifyBaseLogger } from 'fastify';
import type { Config } from '../config.ts';
import type { Db } from '../db/client.ts';
import type { Csrf } from './csrf.ts';
import type { MailWorker } from './mailer.ts';
import type { Metrics } from './metrics.ts';
import type { Payments } from './payments/create-provider.ts';
import type { PdfChecker } from './pdf-check.ts';
import type { RateLimiter } from './rate-limit.ts';
import type { SessionStore } from './sessions.ts';
import type { FileStorage } from './storage.ts';

/** What services need from the platform; built once in buildApp and handed down explicitly. */
export interface AppContext {
  config: Config;
  db: Db;
  sessions: SessionStore;
  csrf: Csrf;
  limiter: RateLimiter;
  mail: MailWorker;
  storage: FileStorage;
  /** Untrusted PDFs are parsed through this, off the main thread (ADR 0017). */
  pdfChecks: PdfChecker;
  log: FastifyBaseLogger;
  metrics: Metrics;
  /** The payment provider of PAYMENTS (none in manual mode), ADR 0039. */
  payments: Payments;
}
