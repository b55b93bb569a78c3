import autocannon from 'autocannon';

export interface LoadOptions {
  url: string;
  headers?: Record<string, string>;
  /** When set, a response with any other body counts as a failure. */
  expectBody?: string;
  connections: number;
  seconds: number;
}

export interface LoadSummary {
  requestsPerSecond: number;
  p50: number;
  p99: number;
  total: number;
  /** Connection errors (timeouts included), non-2xx responses and unexpected bodies. */
  errors: number;
  non2xx: number;
  mismatches: number;
}

/**
 * One load run. The load generator runs in its own worker thread so that it does not share the
 * event loop of the servers under test, which live in the main thread.
 */
export async function load(options: LoadOptions): Promise<LoadSummary> {
  const result = await autocannon({
    url: options.url,
    method: 'GET',
    headers: options.headers ?? {},
    connections: options.connections,
    duration: options.seconds,
    workers: 1,
    ...(options.expectBody === undefined ? {} : { expectBody: options.expectBody }),
  });
  return {
    requestsPerSecond: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    total: result.requests.total,
    errors: result.errors,
    non2xx: result.non2xx,
    mismatches: result.mismatches,
  };
}

export function failures(s: LoadSummary): number {
  return s.errors + s.non2xx + s.mismatches;
}
