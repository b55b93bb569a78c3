import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// Text that reaches a feature holds no control characters: PostgreSQL refuses NUL in text (the
// request would fail with a 500 after running half its work), and the others are invisible,
// break logs and CSV exports, and are never typed by a person. Checked once for every route, on the
// path parameters and query string (first of all hooks) and on the parsed body, so no feature can
// forget it. Multi-line text
// keeps tab, line feed and carriage return; a query string or path parameter keeps none.

/** Whether `value` holds a control character a person cannot have meant to type. */
export function hasControlCharacters(value: string, multiline = true): boolean {
  for (let i = 0; i < value.length; i++) {
    const code = value.charCodeAt(i);
    // C0 controls (tab, LF and CR allowed in multi-line text), DEL and the C1 controls.
    if (code < 0x20) {
      if (!multiline || (code !== 0x09 && code !== 0x0a && code !== 0x0d)) return true;
    } else if (code >= 0x7f && code <= 0x9f) return true;
  }
  return false;
}

/**
 * The top-level field of `input` (an object or array as JSON.parse or the query parser made it)
 * whose value holds a control character anywhere inside, or null. Iterative: a deeply nested body
 * cannot exhaust the stack.
 */
export function fieldWithControlCharacters(input: unknown, multiline: boolean): string | null {
  if (typeof input === 'string') return hasControlCharacters(input, multiline) ? '_' : null;
  if (input === null || typeof input !== 'object') return null;
  for (const [field, value] of Object.entries(input as Record<string, unknown>)) {
    if (hasControlCharacters(field, false)) return '_';
    const stack: unknown[] = [value];
    while (stack.length > 0) {
      const item = stack.pop();
      if (typeof item === 'string') {
        if (hasControlCharacters(item, multiline)) return field;
      } else if (item !== null && typeof item === 'object') {
        for (const [key, inner] of Object.entries(item as Record<string, unknown>)) {
          if (hasControlCharacters(key, false)) return field;
          stack.push(inner);
        }
      }
    }
  }
  return null;
}

const refuse = (field: string) =>
  new AppError('controlCharacters', 400, { fields: { [field]: 'controlCharacters' } });

export function registerInputGuard(app: FastifyInstance) {
  // The path and the query string are parsed before any hook: refused before a route's own
  // onRequest guards look anything up with them.
  app.addHook('onRequest', async (req) => {
    const field =
      fieldWithControlCharacters(req.params, false) ?? fieldWithControlCharacters(req.query, false);
    if (field !== null) throw refuse(field);
  });
  // The body once parsed, before the route's schema sees it.
  app.addHook('preValidation', async (req) => {
    const field = fieldWithControlCharacters(req.body, true);
    if (field !== null) throw refuse(field);
  });
}
