import { z } from 'zod';
import { COMMON_PASSWORDS } from './common-passwords.ts';

// In the browser the site's CSP forbids eval, and zod would otherwise probe for it (a logged CSP
// violation) to compile its fast path; on the server the compiled fast path stays.
if ('document' in globalThis) z.config({ jitless: true });

// Account field rules (spec §5), shared by the server and the browser forms. Each issue's message
// is a key of messages.ts, so both sides translate the same way.

export const USERNAME_MIN = 3;
export const USERNAME_MAX = 30;
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;
export const NAME_MAX = 100;
export const EMAIL_MAX = 254;

const USERNAME_PATTERN = /^[A-Za-z0-9_]+$/;
// Deliberately simple (spec §5): something@something.tld, no spaces. Deliverability is proven by the
// verification email, not by a regular expression.
const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export type PasswordProblem =
  | 'passwordRequired'
  | 'passwordRequirements'
  | 'passwordTooLong'
  | 'passwordTooCommon';

/**
 * The one password policy: 8–128 characters, a lowercase, an uppercase and a digit (in any script:
 * "È" is an uppercase letter too); anything else allowed.
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return 'passwordRequired';
  // Characters as a person counts them (code points), not UTF-16 units: an emoji is one character.
  // Beyond twice the maximum in units it is too long however it is counted, so skip the split.
  const length = password.length > PASSWORD_MAX * 2 ? password.length : [...password].length;
  if (length > PASSWORD_MAX) return 'passwordTooLong';
  if (
    length < PASSWORD_MIN ||
    !/\p{Ll}/u.test(password) ||
    !/\p{Lu}/u.test(password) ||
    !/\p{Nd}/u.test(password)
  ) {
    return 'passwordRequirements';
  }
  if (COMMON_PASSWORDS.has(password.toLowerCase())) return 'passwordTooCommon';
  return null;
}

export const passwordSchema = z.string({ error: 'passwordRequired' }).superRefine((value, ctx) => {
  const problem = passwordProblem(value);
  if (problem) ctx.addIssue({ code: 'custom', message: problem });
});

export const usernameSchema = z
  .string({ error: 'fillMandatory' })
  .trim()
  .min(1, 'fillMandatory')
  .max(USERNAME_MAX, 'usernameTooLong')
  .refine((v) => v.length >= USERNAME_MIN && USERNAME_PATTERN.test(v), 'invalidUsername');

export const emailSchema = z
  .string({ error: 'fillMandatory' })
  .trim()
  .min(1, 'fillMandatory')
  .max(EMAIL_MAX, 'invalidEmail')
  .refine((v) => EMAIL_PATTERN.test(v), 'invalidEmail');

export const personNameSchema = z.string().trim().max(NAME_MAX, 'nameTooLong');

/** Lower-cased, trimmed: how emails and usernames are compared (spec §5: "ignoring case and spaces"). */
export function normalizeIdentifier(value: string): string {
  return value.trim().toLowerCase();
}
