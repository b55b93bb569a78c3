// PostgreSQL's error codes as the drivers report them (node-postgres sets `code` on the error,
// drizzle wraps it in `cause`), and the one retry loop for the conflicts that mean "nothing was
// written, run the transaction again".

/** Whether `err` or one of its causes is the PostgreSQL error `code` (on `constraint`, if given). */
export function isPgError(err: unknown, code: string, constraint?: string): boolean {
  for (let e = err as { code?: string; constraint?: string; cause?: unknown } | undefined; e; ) {
    if (e.code === code && (!constraint || e.constraint === constraint)) return true;
    e = e.cause as typeof e;
  }
  return false;
}

/** A deadlock (40P01) or a serialization failure (40001): the transaction wrote nothing. */
export const isTransientConflict = (err: unknown): boolean =>
  isPgError(err, '40P01') || isPgError(err, '40001');

export interface RetryOptions {
  attempts?: number;
  /** Other errors that also mean "try again". */
  alsoRetry?: (err: unknown) => boolean;
  /** Upper bound of the random pause before attempt n, times n, in milliseconds. */
  pauseMs?: number;
}

/**
 * Runs `work` (a whole transaction), and again after a short random pause when it failed with a
 * transient conflict — never a refusal the caller should see — up to `attempts` times.
 */
export async function retryingConflicts<T>(work: () => Promise<T>, options: RetryOptions = {}): Promise<T> {
  const attempts = options.attempts ?? 5;
  const pause = options.pauseMs ?? 10;
  for (let attempt = 1; ; attempt++) {
    try {
      return await work();
    } catch (err) {
      const retry = isTransientConflict(err) || (options.alsoRetry?.(err) ?? false);
      if (attempt >= attempts || !retry) throw err;
      await new Promise((resolve) => setTimeout(resolve, 2 + Math.random() * pause * attempt));
    }
  }
}
