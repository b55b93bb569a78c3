import pino, { type DestinationStream, type LoggerOptions } from 'pino';

// What the logs may hold. A log line is read by more people and kept longer than the database, so
// no line carries a secret or the values of a query: database errors carry their parameters
// (drizzle puts them in the message, node-postgres in `detail`), and a failed registration would
// otherwise write the new account's email and password hash. Four layers, each cheap:
// - redact paths for the known places (headers, cookies, bodies' secret fields);
// - an error serializer that keeps what helps (type, message without parameters, code,
//   constraint, stack, cause) and drops parameters, details and everything else;
// - a request serializer that keeps a path and the names of query parameters, never their values
//   or the token in a verification link;
// - a last scrub of every written line for Argon2 hashes, IBAN-shaped strings and query parameters,
//   whatever key or message they hide in.

const REDACTED = '[redacted]';

const SECRET_FIELDS = [
  'password',
  'passwordHash',
  'password_hash',
  'old_password',
  'new_password',
  're_password',
  're_new_password',
  'token',
  'accessToken',
  'access_token',
  'refreshToken',
  'user_token',
  'credential',
  'verification_code',
  'sessionId',
  'session_id',
  'sessionid',
  'idHash',
  'csrfToken',
  'csrftoken',
  'cookie',
  'iban',
  'params',
  'parameters',
];

export const REDACT_PATHS = [
  'req.headers.authorization',
  'req.headers.cookie',
  'req.headers["x-csrftoken"]',
  'req.headers["set-cookie"]',
  'res.headers["set-cookie"]',
  'headers.authorization',
  'headers.cookie',
  'headers["x-csrftoken"]',
  'body',
  'req.body',
  ...SECRET_FIELDS,
  ...SECRET_FIELDS.map((f) => `*.${f}`),
];

const ARGON2_HASH = /\$argon2(?:id|i|d)\$[^\s"'\\,]*/g;
// Two letters, two check digits, then 11 to 30 letters or digits, optionally grouped by spaces.
const IBAN_SHAPED = /\b[A-Za-z]{2}[0-9]{2}(?: ?[A-Za-z0-9]){11,30}\b/g;
// drizzle's "Failed query: …\nparams: …" up to the end of the message (raw text or inside JSON).
const QUERY_PARAMS_RAW = /\nparams: [\s\S]*$/;
const QUERY_PARAMS_JSON = /\\nparams: (?:[^"\\]|\\.)*/g;
// node-postgres's detail of a unique or check violation: "Key (email)=(someone@example.com) …".
const KEY_VALUES = /=\((?:[^)\\]|\\.)*\)/g;

/** Removes hashes, IBAN-shaped strings and query parameters from free text. */
export function scrubText(text: string): string {
  return text
    .replace(QUERY_PARAMS_RAW, `\nparams: ${REDACTED}`)
    .replace(QUERY_PARAMS_JSON, `\\nparams: ${REDACTED}`)
    .replace(ARGON2_HASH, REDACTED)
    .replace(IBAN_SHAPED, REDACTED)
    .replace(KEY_VALUES, `=(${REDACTED})`);
}

interface SafeError {
  type: string;
  message: string;
  code?: string;
  constraint?: string;
  table?: string;
  column?: string;
  routine?: string;
  statusCode?: number;
  stack?: string;
  cause?: SafeError;
}

/** An error as the log may show it: no query parameters, no row values, no extra properties. */
export function serializeError(err: unknown, depth = 0): SafeError {
  if (!(err instanceof Error)) return { type: typeof err, message: scrubText(String(err)) };
  const e = err as Error & Record<string, unknown>;
  const safe: SafeError = { type: e.constructor?.name ?? 'Error', message: scrubText(e.message ?? '') };
  for (const key of ['code', 'constraint', 'table', 'column', 'routine'] as const) {
    if (typeof e[key] === 'string') safe[key] = e[key] as string;
  }
  if (typeof e.statusCode === 'number') safe.statusCode = e.statusCode;
  if (typeof e.stack === 'string') safe.stack = scrubText(e.stack);
  if (e.cause !== undefined && depth < 5) safe.cause = serializeError(e.cause, depth + 1);
  return safe;
}

const VERIFY_LINK = /(\/verify-email\/[^/?#]+\/)[^/?#]+/;

/** The request as the log shows it: the path, and the names of query parameters without values. */
export function serializeRequest(req: {
  method?: string;
  url?: string;
  ip?: string;
  headers?: Record<string, unknown>;
  socket?: { remotePort?: number };
}) {
  const url = req.url ?? '';
  const q = url.indexOf('?');
  let path = (q === -1 ? url : url.slice(0, q)).replace(VERIFY_LINK, `$1${REDACTED}`);
  if (q !== -1) {
    const names = [...new URLSearchParams(url.slice(q + 1)).keys()].slice(0, 20);
    path += `?${names.map((n) => `${encodeURIComponent(n)}=`).join('&')}`;
  }
  return {
    method: req.method,
    url: scrubText(path),
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}

/** Wraps a destination so that every line is scrubbed before it is written. */
export function scrubbingStream(destination: DestinationStream): DestinationStream {
  return {
    write(line: string) {
      destination.write(scrubText(line));
    },
  };
}

/** The logger of the API process (Fastify's `logger` option), writing to `stream` or stdout. */
export function loggerOptions(
  level: string,
  stream?: DestinationStream,
): LoggerOptions & { stream: DestinationStream } {
  return {
    level,
    redact: { paths: REDACT_PATHS, censor: REDACTED },
    serializers: { err: serializeError, error: serializeError, req: serializeRequest },
    hooks: {
      // Messages (the string arguments) get the same scrub as structured fields.
      logMethod(args, method) {
        method.apply(
          this,
          args.map((a) => (typeof a === 'string' ? scrubText(a) : a)) as Parameters<typeof method>,
        );
      },
    },
    stream: scrubbingStream(stream ?? pino.destination({ dest: 1, sync: true })),
  };
}
