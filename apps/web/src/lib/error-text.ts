import { isMessageKey } from '@indiesplit/shared/messages';
import type { TFunction } from 'i18next';
import { ApiError } from './api.ts';

export interface ErrorTextOptions {
  /** Translation key (with namespace) used when the error carries no code we know. */
  fallback: string;
  /** Screen-specific wording by HTTP status (spec §8); wins over the server's code. */
  byStatus?: Partial<Record<number, string>>;
}

/** The one place an error becomes a sentence for the user, in the current language. */
export function errorText(t: TFunction, err: unknown, options: ErrorTextOptions): string {
  if (!(err instanceof ApiError)) return t(options.fallback);
  if (err.status === 0) return t('errors:networkError');
  const seconds = err.retryAfter ?? 60;
  const override = options.byStatus?.[err.status];
  if (override) return t(override, { seconds });
  if (isMessageKey(err.code))
    return withServerValues(t(`errors:${err.code}`, { seconds }), err.serverMessage);
  return t(options.fallback);
}

/**
 * A catalogue text whose values only the server knows (e.g. the date a hold ends) is left with its
 * `{name}` placeholders; the server's own wording, in the language it answered in, is used then.
 */
function withServerValues(text: string, serverText: string | undefined): string {
  return serverText && /\{\w+\}/.test(text) ? serverText : text;
}

/** Text for an error the server attached to one field, or undefined. */
export function fieldErrorText(t: TFunction, err: ApiError, field: string): string | undefined {
  const code = err.fieldCodes[field];
  if (code && isMessageKey(code)) return withServerValues(t(`errors:${code}`), err.fieldMessages[field]);
  return err.fieldMessages[field];
}

const NAMESPACED_KEY = /^[a-z]+:[A-Za-z0-9_.]+$/;

/**
 * Text for a form error message. Forms store keys, never sentences: a catalogue key (what the
 * shared zod schemas use) or a namespaced screen key such as 'auth:errors.googleFailed'. Anything
 * else is shown as it is.
 */
export function validationText(t: TFunction, message: string | undefined): string | undefined {
  if (!message) return undefined;
  if (isMessageKey(message)) return t(`errors:${message}`);
  if (NAMESPACED_KEY.test(message)) return t(message);
  return message;
}

/** The catalogue key the server attached to a field, when it is one we can translate. */
export function fieldErrorKey(err: ApiError, field: string): string | undefined {
  const code = err.fieldCodes[field];
  if (code && isMessageKey(code)) return code;
  return err.fieldMessages[field];
}
