// Errors that mean "the database cannot be reached or did not answer in time" rather than "this
// request is wrong" (ADR 0020): the answer is 503 service unavailable, which a load balancer or a
// browser may retry, not a 500 that reads as a bug.

const MESSAGES = [
  'timeout exceeded when trying to connect', // pg-pool: no connection within connectionTimeoutMillis
  'connection terminated', // pg: connection lost or its connect timed out
  'query read timeout', // pg: query_timeout, the server stopped answering
  'timeout expired',
  'pglite is closed',
  'cannot use a pool after calling end',
  'not queryable', // pg: the connection failed earlier (e.g. an idle transaction was ended)
];
const NODE_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE', 'EHOSTUNREACH', 'ENOTFOUND']);
/**
 * SQLSTATE: 57014 query_canceled (statement_timeout), 25P03 idle_in_transaction_session_timeout,
 * 57P0x shutdown, 53300 too many connections.
 */
const SQLSTATES = new Set(['57014', '25P03', '57P01', '57P02', '57P03', '53300']);

export function isDatabaseUnavailable(err: unknown): boolean {
  for (
    let e = err as { code?: unknown; message?: unknown; cause?: unknown } | undefined, depth = 0;
    e && depth < 5;
    depth++
  ) {
    const code = typeof e.code === 'string' ? e.code : '';
    if (NODE_CODES.has(code) || SQLSTATES.has(code) || code.startsWith('08')) return true;
    const message = typeof e.message === 'string' ? e.message.toLowerCase() : '';
    if (MESSAGES.some((m) => message.includes(m))) return true;
    e = e.cause as typeof e;
  }
  return false;
}
