import { CSRF_COOKIE } from '@indiesplit/shared/constants';
import { readCookie } from './cookies.ts';

// The one way the browser talks to the API: same origin, cookies included, the CSRF token echoed on
// every unsafe call, and every failure turned into an ApiError whose `code` is a key of the shared
// error catalogue (or 'networkError' when the server could not be reached).

export const API_BASE = '/api';
const CSRF_HEADER = 'X-CSRFToken';
const UNSAFE_METHODS = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

export class ApiError extends Error {
  /** HTTP status; 0 when no answer arrived. */
  readonly status: number;
  /** A key of the error catalogue, e.g. 'authenticationFailed'. */
  readonly code: string;
  /** Field name -> catalogue key, for errors that belong to one input. */
  readonly fieldCodes: Readonly<Record<string, string>>;
  /** Field name -> text as the server worded it, when it sent no code for the field. */
  readonly fieldMessages: Readonly<Record<string, string>>;
  /** Seconds to wait before trying again (429). */
  readonly retryAfter: number | undefined;
  /** The server's own wording, in the language it answered in. */
  readonly serverMessage: string | undefined;

  constructor(init: {
    status: number;
    code: string;
    fieldCodes?: Record<string, string>;
    fieldMessages?: Record<string, string>;
    retryAfter?: number | undefined;
    serverMessage?: string | undefined;
  }) {
    super(init.serverMessage ?? init.code);
    this.name = 'ApiError';
    this.status = init.status;
    this.code = init.code;
    this.fieldCodes = init.fieldCodes ?? {};
    this.fieldMessages = init.fieldMessages ?? {};
    this.retryAfter = init.retryAfter;
    this.serverMessage = init.serverMessage;
  }
}

export function isApiError(value: unknown): value is ApiError {
  return value instanceof ApiError;
}

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Sent as JSON. */
  json?: unknown;
  /** Sent as multipart/form-data. */
  form?: FormData;
  signal?: AbortSignal;
}

/**
 * Asked when a sensitive call answers 403 reauthRequired (ADR 0015): resolves true once the member
 * has confirmed their password (the call is then sent again), false when they gave up.
 */
export type ReauthHandler = () => Promise<boolean>;
let reauthHandler: ReauthHandler | null = null;

export function setReauthHandler(handler: ReauthHandler | null): void {
  reauthHandler = handler;
}

let pendingCsrf: Promise<string | null> | null = null;

/** Asks the server for a fresh csrftoken cookie (shared by concurrent callers). */
export function fetchCsrfToken(): Promise<string | null> {
  pendingCsrf ??= fetch(`${API_BASE}/auth/csrf_cookie`, {
    credentials: 'include',
    headers: { Accept: 'application/json' },
  })
    .then(async (res) => {
      const body = (await res.json().catch(() => null)) as { csrfToken?: unknown } | null;
      const fromBody = typeof body?.csrfToken === 'string' ? body.csrfToken : null;
      return readCookie(CSRF_COOKIE) ?? fromBody;
    })
    .catch(() => null)
    .finally(() => {
      pendingCsrf = null;
    });
  return pendingCsrf;
}

/** The token rotates at login and logout, so the cookie is read afresh before every unsafe call. */
async function csrfToken(forceFetch: boolean): Promise<string | null> {
  if (!forceFetch) {
    const current = readCookie(CSRF_COOKIE);
    if (current) return current;
  }
  return fetchCsrfToken();
}

function statusCode(status: number): string {
  if (status === 401) return 'notAuthenticated';
  if (status === 403) return 'csrfFailed';
  if (status === 404) return 'notFound';
  if (status === 413) return 'payloadTooLarge';
  if (status === 429) return 'rateLimited';
  if (status >= 500) return 'serverError';
  return 'invalidRequest';
}

function stringRecord(value: unknown): Record<string, string> {
  if (!value || typeof value !== 'object') return {};
  return Object.fromEntries(
    Object.entries(value as Record<string, unknown>).filter(
      (entry): entry is [string, string] => typeof entry[1] === 'string',
    ),
  );
}

function toApiError(status: number, body: unknown, headers: Headers): ApiError {
  const b = (body && typeof body === 'object' ? body : {}) as Record<string, unknown>;
  const retryHeader = Number(headers.get('retry-after'));
  const retryAfter =
    typeof b.retry_after === 'number'
      ? b.retry_after
      : Number.isFinite(retryHeader) && retryHeader > 0
        ? retryHeader
        : undefined;
  const message =
    typeof b.message === 'string' ? b.message : typeof b.error === 'string' ? b.error : undefined;
  return new ApiError({
    status,
    code: typeof b.code === 'string' && b.code ? b.code : statusCode(status),
    fieldCodes: stringRecord(b.error_codes),
    fieldMessages: stringRecord(b.errors),
    retryAfter,
    serverMessage: message,
  });
}

async function readBody(res: Response): Promise<unknown> {
  if (res.status === 204) return null;
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) return null;
  return res.json().catch(() => null);
}

/**
 * Calls the API and resolves with the parsed JSON answer; rejects with an ApiError otherwise.
 * A 403 csrfFailed on an unsafe call fetches a fresh token and tries once more.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const method = options.method ?? (options.json !== undefined || options.form ? 'POST' : 'GET');
  const unsafe = UNSAFE_METHODS.has(method);

  const send = async (freshToken: boolean): Promise<Response> => {
    const headers: Record<string, string> = { Accept: 'application/json' };
    let body: BodyInit | undefined;
    if (options.form) body = options.form;
    else if (options.json !== undefined || method === 'POST' || method === 'PUT' || method === 'PATCH') {
      // An "empty" POST still sends {}: some endpoints validate the body as an (empty) object.
      headers['Content-Type'] = 'application/json';
      body = JSON.stringify(options.json ?? {});
    }
    if (unsafe) {
      const token = await csrfToken(freshToken);
      if (token) headers[CSRF_HEADER] = token;
    }
    return fetch(`${API_BASE}${path}`, {
      method,
      headers,
      body,
      credentials: 'include',
      signal: options.signal,
    });
  };

  let res: Response;
  let body: unknown;
  try {
    res = await send(false);
    body = await readBody(res);
    if (unsafe && res.status === 403 && (body as { code?: unknown } | null)?.code === 'csrfFailed') {
      res = await send(true);
      body = await readBody(res);
    }
    const needsReauth = res.status === 403 && (body as { code?: unknown } | null)?.code === 'reauthRequired';
    // The re-authentication call itself never waits for its own dialog.
    if (needsReauth && reauthHandler && path !== '/auth/reauth') {
      if (await reauthHandler()) {
        res = await send(false);
        body = await readBody(res);
      }
    }
  } catch (err) {
    if (err instanceof DOMException && err.name === 'AbortError') throw err;
    throw new ApiError({ status: 0, code: 'networkError' });
  }
  if (!res.ok) throw toApiError(res.status, body, res.headers);
  return body as T;
}

/** Turns a path the API returns (e.g. an avatar's `/media/…`) into a URL the page can load. */
export function apiUrl(path: string | null | undefined): string | null {
  if (!path) return null;
  if (/^(https?:|blob:|data:)/.test(path)) return path;
  return `${API_BASE}${path.startsWith('/') ? '' : '/'}${path}`;
}
