import { useCallback, useState } from 'react';
import type { FieldErrors, FieldValues, Resolver } from 'react-hook-form';

// A resolver built from per-field checks, for forms that combine the shared field schemas with
// rules of their own (e.g. a confirmation field, or fields that only some variants show).

interface SafeParser {
  safeParse(value: unknown): { success: boolean; error?: { issues: ReadonlyArray<{ message: string }> } };
}

export type Check<T, C = unknown> = (value: unknown, values: T, context: C) => string | undefined;

/** A check that runs a shared zod schema and returns its first message (a catalogue key). */
export function schemaCheck<T, C = unknown>(schema: SafeParser): Check<T, C> {
  return (value) => {
    const result = schema.safeParse(value);
    return result.success ? undefined : (result.error?.issues[0]?.message ?? 'invalidValue');
  };
}

/** `context` is useForm's `context` option: state the rules depend on (e.g. an open sub-form). */
export function rulesResolver<T extends FieldValues, C = unknown>(
  rules: { [K in keyof T]?: Check<T, C> },
): Resolver<T, C> {
  return async (values, context) => {
    const errors: FieldErrors<T> = {};
    for (const [name, check] of Object.entries(rules) as Array<[string, Check<T, C> | undefined]>) {
      const message = check?.(values[name], values, context as C);
      if (message) (errors as Record<string, unknown>)[name] = { type: 'validate', message };
    }
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

/** Moves keyboard focus to an element after React has painted it (an error summary, a notice). */
export function focusSoon(get: () => HTMLElement | null | undefined): void {
  requestAnimationFrame(() => get()?.focus());
}

/**
 * Whether a form's request is under way, and a wrapper that marks it so. Unlike react-hook-form's
 * `isSubmitting` it stays false while the form is only being checked: fields disabled by it can
 * still take the focus that a failed check gives the first problem (a disabled input cannot be
 * focused, and on a slow device the disabling render came first).
 */
export function useSending(): [boolean, <T>(work: () => Promise<T>) => Promise<T>] {
  const [sending, setSending] = useState(false);
  const whileSending = useCallback(async <T>(work: () => Promise<T>): Promise<T> => {
    setSending(true);
    try {
      return await work();
    } finally {
      setSending(false);
    }
  }, []);
  return [sending, whileSending];
}
