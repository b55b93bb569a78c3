import { ProviderError } from './provider.ts';

export interface RetryPolicy {
  /** Tries in all, the first included. */
  attempts: number;
  /** The first wait; each next one doubles, with up to half of it added at random. */
  baseDelayMs: number;
  /** The longest one try may take before it counts as a timeout (and is tried again). */
  timeoutMs: number;
}

export const DEFAULT_RETRY: RetryPolicy = { attempts: 4, baseDelayMs: 250, timeoutMs: 15_000 };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

/** Rejects with a retryable ProviderError when `promise` has not settled within `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number): Promise<T> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new ProviderError('provider timed out', 408, true)), ms);
  });
  return Promise.race([promise, timeout]).finally(() => clearTimeout(timer));
}

/**
 * Runs `call` until it succeeds, fails for good, or the tries are spent. Only retryable errors
 * (timeouts, 429, 5xx, a broken connection) are tried again; writes are safe to repeat because
 * every try carries the same idempotency key.
 */
export async function withRetry<T>(
  call: () => Promise<T>,
  policy: RetryPolicy,
  onRetry?: (err: ProviderError, attempt: number) => void,
): Promise<T> {
  for (let attempt = 1; ; attempt++) {
    try {
      return await withTimeout(call(), policy.timeoutMs);
    } catch (err) {
      const failure =
        err instanceof ProviderError
          ? err
          : new ProviderError(String((err as Error)?.message ?? err), 0, true);
      if (!failure.retryable || attempt >= policy.attempts) throw failure;
      onRetry?.(failure, attempt);
      const wait = policy.baseDelayMs * 2 ** (attempt - 1);
      await sleep(wait + Math.floor(Math.random() * (wait / 2)));
    }
  }
}
