import { isMessageKey, type MessageKey } from '@indiesplit/shared/messages';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDatabaseUnavailable } from './db-unavailable.ts';
import { requestLanguage, translate } from './i18n.ts';

export interface AppErrorOptions {
  params?: Record<string, string | number>;
  /** field -> message key */
  fields?: Record<string, MessageKey>;
  retryAfterSeconds?: number;
}

/** The one error type. `code` is a message key, so the text is translated for whoever asked. */
export class AppError extends Error {
  readonly code: MessageKey;
  readonly status: number;
  readonly options: AppErrorOptions;

  constructor(code: MessageKey, status: number, options: AppErrorOptions = {}) {
    super(code);
    this.code = code;
    this.status = status;
    this.options = options;
  }
}

export const badRequest = (code: MessageKey, fields?: Record<string, MessageKey>) =>
  new AppError(code, 400, fields ? { fields } : {});
export const unauthorized = (code: MessageKey = 'notAuthenticated') => new AppError(code, 401);
export const forbidden = (code: MessageKey = 'csrfFailed') => new AppError(code, 403);
export const notFound = (code: MessageKey = 'notFound') => new AppError(code, 404);
export const conflict = (code: MessageKey, field: string) =>
  new AppError(code, 409, { fields: { [field]: code } });
export const gone = (code: MessageKey) => new AppError(code, 410);
export const tooManyRequests = (retryAfterSeconds: number, code: MessageKey = 'rateLimited') =>
  new AppError(code, 429, { params: { seconds: retryAfterSeconds }, retryAfterSeconds });

function sendError(req: FastifyRequest, reply: FastifyReply, err: AppError) {
  const lang = requestLanguage(req);
  const message = translate(lang, err.code, err.options.params);
  const body: Record<string, unknown> = { success: false, code: err.code, message, error: message };
  if (err.options.fields) {
    body.errors = Object.fromEntries(
      Object.entries(err.options.fields).map(([field, key]) => [
        field,
        translate(lang, key, err.options.params),
      ]),
    );
    body.error_codes = err.options.fields;
  }
  if (err.options.retryAfterSeconds !== undefined) {
    body.retry_after = err.options.retryAfterSeconds;
    reply.header('retry-after', String(err.options.retryAfterSeconds));
  }
  if (err.status >= 500) body.request_id = req.id;
  return reply.status(err.status).type('application/json; charset=utf-8').send(JSON.stringify(body));
}

function validationToAppError(err: FastifyError): AppError {
  const fields: Record<string, MessageKey> = {};
  for (const issue of err.validation ?? []) {
    const field = issue.instancePath.replace(/^\//, '').split('/')[0] || '_';
    if (fields[field]) continue;
    const message = issue.message ?? '';
    const missing =
      issue.keyword === 'invalid_type' && (issue.params as { input?: unknown }).input === undefined;
    fields[field] = isMessageKey(message) ? message : missing ? 'fillMandatory' : 'invalidValue';
  }
  const first = Object.values(fields)[0] ?? 'invalidRequest';
  return new AppError(first, 400, { fields });
}

export function sendFrameworkError(err: FastifyError, req: FastifyRequest, reply: FastifyReply) {
  const status = err.statusCode && err.statusCode >= 400 && err.statusCode < 500 ? err.statusCode : 400;
  return sendError(req, reply, new AppError(status === 404 ? 'notFound' : 'invalidRequest', status));
}

export function registerErrorHandling(app: FastifyInstance) {
  app.setErrorHandler((err: FastifyError, req, reply) => {
    if (err instanceof AppError) return sendError(req, reply, err);
    if (hasZodFastifySchemaValidationErrors(err)) return sendError(req, reply, validationToAppError(err));
    const status = err.statusCode ?? 500;
    if (status === 413) return sendError(req, reply, new AppError('payloadTooLarge', 413));
    if (status >= 400 && status < 500) {
      req.log.info({ err: { code: err.code, message: err.message } }, 'request refused');
      return sendError(req, reply, new AppError(status === 404 ? 'notFound' : 'invalidRequest', status));
    }
    if (isDatabaseUnavailable(err)) {
      req.log.error({ err }, 'database unavailable');
      return sendError(req, reply, new AppError('serviceUnavailable', 503, { retryAfterSeconds: 5 }));
    }
    req.log.error({ err }, 'unhandled error');
    return sendError(req, reply, new AppError('serverError', 500));
  });
}
