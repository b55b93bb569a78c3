import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { PaymentsConfig } from '../../config.ts';
import { MangopayProvider } from './mangopay.ts';
import type { PaymentProvider } from './provider.ts';
import { SandboxProvider } from './sandbox/server.ts';

// Builds the provider of the configured mode (ADR 0039). Manual mode has none: deposits are bank
// transfers recorded by admins. Sandbox mode starts the fake provider on loopback first and points
// the real Mangopay adapter at it, so the same code path runs as in production.

export interface Payments {
  provider: PaymentProvider | null;
  /** The sandbox provider, in sandbox mode (its pages and its test switches). */
  sandbox: SandboxProvider | null;
  /** The provider's user that stands for the operator: it owns the campaigns' escrow wallets. */
  platformUserId: string | null;
  close(): Promise<void>;
}

export const NO_PAYMENTS: Payments = {
  provider: null,
  sandbox: null,
  platformUserId: null,
  close: async () => {},
};

export async function startPayments(
  config: PaymentsConfig,
  log: FastifyBaseLogger,
  options: { deliver?: (url: string) => Promise<void>; payoutDelayMs?: number; retryDelayMs?: number } = {},
): Promise<Payments> {
  const onRetry = (err: Error, attempt: number, what: string) =>
    log.warn({ err: err.message, attempt, what }, 'payment provider call retried');
  if (config.mode === 'manual') return NO_PAYMENTS;
  const retry = {
    attempts: config.attempts,
    timeoutMs: config.timeoutMs,
    ...(options.retryDelayMs !== undefined ? { baseDelayMs: options.retryDelayMs } : {}),
  };
  if (config.mode === 'mangopay') {
    const provider = new MangopayProvider({
      clientId: config.clientId,
      apiKey: config.apiKey,
      baseUrl: config.baseUrl,
      retry,
      onRetry,
    });
    return { provider, sandbox: null, platformUserId: config.platformUserId, close: async () => {} };
  }
  const clientId = 'indiesplit-sandbox';
  const apiKey = randomBytes(24).toString('base64url');
  const sandbox = new SandboxProvider({
    clientId,
    apiKey,
    port: config.sandboxPort,
    deliver: options.deliver,
    payoutDelayMs: options.payoutDelayMs,
    log: (msg, extra) => log.warn(extra ?? {}, msg),
  });
  const baseUrl = await sandbox.start();
  log.info({ baseUrl }, 'sandbox payment provider listening');
  const provider = new MangopayProvider({ clientId, apiKey, baseUrl, retry, onRetry });
  return { provider, sandbox, platformUserId: sandbox.platformUserId, close: () => sandbox.stop() };
}
