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

/** Longest local part (before the @) a mail server must accept (RFC 5321 §4.5.3.1.1). */
export const EMAIL_LOCAL_MAX = 64;

/** Characters that never stand in a plain address: list, display-name, quoting and comment syntax. */
const EMAIL_FORBIDDEN = new Set(['<', '>', '"', ',', ';', ':', '(', ')', '[', ']', '\\', '`']);

function isEmailSpaceOrControl(code: number): boolean {
  // ASCII controls and DEL, C1 controls, and every Unicode space (no-break, ideographic, line
  // separators …): a person sees none of them, and a mail server may split the address on them.
  return (
    code <= 0x20 ||
    (code >= 0x7f && code <= 0xa0) ||
    code === 0x1680 ||
    (code >= 0x2000 && code <= 0x200b) ||
    code === 0x2028 ||
    code === 0x2029 ||
    code === 0x202f ||
    code === 0x205f ||
    code === 0x3000 ||
    code === 0xfeff
  );
}

/** Counts the characters the email rule looked at (tests use it to show the work is bounded). */
export interface EmailMeter {
  steps: number;
}

/**
 * The one email rule, shared by the server and the browser: a plain `local@domain` address.
 * Length first, so an over-long input costs nothing more; then one pass over at most EMAIL_MAX
 * characters, no regular expression and no backtracking. Deliverability is proven by the
 * verification email, not here: this only refuses what is not one plain address — display names
 * and lists (`Ada <ada@x.it>`, `x,ada@x.it`), quotes, brackets, spaces, several @.
 * `value` is expected trimmed.
 */
export function emailProblem(value: string, meter?: EmailMeter): 'fillMandatory' | 'invalidEmail' | null {
  if (value.length === 0) return 'fillMandatory';
  if (value.length > EMAIL_MAX) return 'invalidEmail';
  let at = -1;
  let lastDot = -1;
  for (let i = 0; i < value.length; i++) {
    if (meter) meter.steps++;
    const ch = value[i] as string;
    const code = value.charCodeAt(i);
    if (isEmailSpaceOrControl(code) || EMAIL_FORBIDDEN.has(ch)) return 'invalidEmail';
    if (ch === '@') {
      if (at !== -1) return 'invalidEmail';
      at = i;
    } else if (ch === '.') {
      // No empty part: not first or last of either side, never two in a row, never beside the @.
      if (i === 0 || i === at + 1 || value[i - 1] === '.' || i === value.length - 1) return 'invalidEmail';
      if (value[i + 1] === '@') return 'invalidEmail';
      if (at !== -1) lastDot = i;
    }
  }
  if (at < 1 || at > EMAIL_LOCAL_MAX || at === value.length - 1) return 'invalidEmail';
  // The domain needs a dot with a name after it (something.tld).
  if (lastDot === -1) return 'invalidEmail';
  return null;
}

export const isPlainEmail = (value: string): boolean => emailProblem(value) === null;

export const emailSchema = z
  .string({ error: 'fillMandatory' })
  .trim()
  .superRefine((value, ctx) => {
    const problem = emailProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Tabs and line breaks: kept in multi-line text, refused in a one-line value such as a name. */
const TAB_OR_LINE_BREAK = /[\t\n\r\u2028\u2029]/;

export const personNameSchema = z
  .string()
  .trim()
  .max(NAME_MAX, 'nameTooLong')
  .refine((v) => !TAB_OR_LINE_BREAK.test(v), 'controlCharacters');

/** Lower-cased, trimmed: how emails and usernames are compared (spec §5: "ignoring case and spaces"). */
export function normalizeIdentifier(value: string): string {
  return value.trim().toLowerCase();
}
