import { describe, expect, it } from 'vitest';
import { RegisterRequest } from './auth.ts';
import { COMMON_PASSWORDS } from './common-passwords.ts';
import { ChangePasswordRequest, UpdateUserRequest } from './user.ts';
import {
  emailSchema,
  normalizeIdentifier,
  PASSWORD_MAX,
  PASSWORD_MIN,
  passwordProblem,
  passwordSchema,
  usernameSchema,
} from './validation.ts';

/** The message keys of a failed parse, or [] when it passed. */
function problems(
  schema: { safeParse(v: unknown): { success: boolean; error?: { issues: Array<{ message: string }> } } },
  value: unknown,
) {
  const result = schema.safeParse(value);
  return result.success ? [] : (result.error?.issues.map((i) => i.message) ?? []);
}

describe('password policy', () => {
  it('accepts 8 characters with a lowercase letter, an uppercase letter and a digit', () => {
    expect(PASSWORD_MIN).toBe(8);
    expect(passwordProblem('Tqmvzxk4')).toBeNull();
  });

  it('refuses 7 characters even when every kind is present', () => {
    expect(passwordProblem('Abcdef1')).toBe('passwordRequirements');
  });

  it.each([
    ['no lowercase letter', 'ABCDEFG1'],
    ['no uppercase letter', 'abcdefg1'],
    ['no digit', 'Abcdefgh'],
  ])('refuses a password with %s', (_label, password) => {
    expect(passwordProblem(password)).toBe('passwordRequirements');
  });

  it('accepts 128 characters and refuses 129', () => {
    expect(PASSWORD_MAX).toBe(128);
    const base = 'Aa1';
    expect(passwordProblem(base + 'x'.repeat(125))).toBeNull();
    expect(passwordProblem(base + 'x'.repeat(126))).toBe('passwordTooLong');
  });

  it('asks for a password when it is empty', () => {
    expect(passwordProblem('')).toBe('passwordRequired');
  });

  it.each([
    ['spaces', 'correct Horse battery 9'],
    ['symbols outside @$!%*?&', 'Tilde~Caret^Hash#1'],
    ['accented letters', 'Perché-Così-7à'],
    ['non-Latin scripts', 'Пароль-Secret-42'],
    ['emoji', 'Rocket🚀Launch42'],
    ['quotes and backslashes', `It's "Quoted" \\ 1a`],
  ])('allows any other characters, such as %s', (_label, password) => {
    expect(passwordProblem(password)).toBeNull();
  });

  it('counts letters of any script as lowercase or uppercase, and any decimal digit as a digit', () => {
    expect(passwordProblem('ÈCCOLA-città-7')).toBeNull(); // È, C: uppercase; à, i: lowercase
    expect(passwordProblem('ПАРОЛЬ-пароль-7')).toBeNull();
    expect(passwordProblem('ÈÀÙ-perché-nove')).toBe('passwordRequirements'); // no digit
    expect(passwordProblem('èàù-perché-123')).toBe('passwordRequirements'); // no uppercase letter
  });

  it('counts characters, not UTF-16 code units, against the minimum and maximum', () => {
    // Seven characters, four of which are emoji of two code units each: still too short.
    expect(passwordProblem('🚀🚀🚀🚀Aa1')).toBe('passwordRequirements');
    expect(passwordProblem('🚀🚀🚀🚀🚀Aa1')).toBeNull();
    // 128 characters of which 125 are emoji (253 code units) is within the maximum.
    expect(passwordProblem(`Aa1${'🚀'.repeat(125)}`)).toBeNull();
    expect(passwordProblem(`Aa1${'🚀'.repeat(126)}`)).toBe('passwordTooLong');
  });

  it('refuses the most common passwords whatever their case', () => {
    for (const password of ['Password1', 'PASSword123', 'pASSWORD1', 'Qwerty123', 'P@ssw0rd']) {
      expect(passwordProblem(password), password).toBe('passwordTooCommon');
    }
  });

  it('keeps the common list lower-case, so the case-insensitive lookup can match every entry', () => {
    expect(COMMON_PASSWORDS.size).toBeGreaterThan(50);
    for (const entry of COMMON_PASSWORDS) expect(entry).toBe(entry.toLowerCase());
  });

  it('reports the problem as a message key through the schema', () => {
    expect(problems(passwordSchema, 'short1A')).toEqual(['passwordRequirements']);
    expect(problems(passwordSchema, 'Password1')).toEqual(['passwordTooCommon']);
    expect(problems(passwordSchema, undefined)).toEqual(['passwordRequired']);
    expect(problems(passwordSchema, 'Fine-Password-9')).toEqual([]);
  });
});

describe('username rule', () => {
  it.each(['abc', 'Ada_Lovelace', 'user_42', 'A'.repeat(30)])('accepts %s', (name) => {
    expect(problems(usernameSchema, name)).toEqual([]);
  });

  it('trims surrounding spaces before checking', () => {
    expect(usernameSchema.parse('  ada_l  ')).toBe('ada_l');
  });

  it.each([
    ['two characters', 'ab', 'invalidUsername'],
    ['a hyphen', 'ada-l', 'invalidUsername'],
    ['a space inside', 'ada l', 'invalidUsername'],
    ['an accented letter', 'àda', 'invalidUsername'],
    ['an at sign', 'ada@home', 'invalidUsername'],
    ['31 characters', 'a'.repeat(31), 'usernameTooLong'],
    ['nothing', '', 'fillMandatory'],
    ['only spaces', '   ', 'fillMandatory'],
  ])('refuses %s with the first problem shown', (_label, name, key) => {
    expect(problems(usernameSchema, name)[0]).toBe(key);
  });
});

describe('email rule', () => {
  it.each(['a@b.co', 'first.last+tag@example.com', 'ADA@EXAMPLE.IT'])('accepts %s', (email) => {
    expect(problems(emailSchema, email)).toEqual([]);
  });

  it('trims surrounding spaces', () => {
    expect(emailSchema.parse('  ada@example.com ')).toBe('ada@example.com');
  });

  it.each([
    ['no at sign', 'ada.example.com', 'invalidEmail'],
    ['no dot in the domain', 'ada@example', 'invalidEmail'],
    ['a space inside', 'ada lovelace@example.com', 'invalidEmail'],
    ['two at signs', 'ada@@example.com', 'invalidEmail'],
    ['more than 254 characters', `${'a'.repeat(250)}@example.com`, 'invalidEmail'],
    ['nothing', '', 'fillMandatory'],
  ])('refuses %s with the first problem shown', (_label, email, key) => {
    expect(problems(emailSchema, email)[0]).toBe(key);
  });

  it('compares identifiers ignoring case and surrounding spaces', () => {
    expect(normalizeIdentifier('  Ada@Example.COM ')).toBe(normalizeIdentifier('ada@example.com'));
    expect(normalizeIdentifier('ada@example.com')).not.toBe(normalizeIdentifier('ada@example.org'));
  });
});

describe('request contracts', () => {
  const registration = {
    username: 'ada_l',
    email: 'ada@example.com',
    password: 'Analytical-Engine-1843',
    re_password: 'Analytical-Engine-1843',
    user_types: ['investor'],
    accepted_terms: true,
  };

  it('registration needs matching passwords, accepted terms and at least one known user type', () => {
    expect(problems(RegisterRequest, registration)).toEqual([]);
    expect(problems(RegisterRequest, { ...registration, re_password: 'Other-Password-1' })).toEqual([
      'passwordsMatch',
    ]);
    expect(problems(RegisterRequest, { ...registration, accepted_terms: false })).toEqual(['acceptTerms']);
    expect(problems(RegisterRequest, { ...registration, user_types: [] })).toEqual(['selectUserType']);
    expect(problems(RegisterRequest, { ...registration, user_types: ['admin'] })).toEqual(['selectUserType']);
    expect(problems(RegisterRequest, { ...registration, user_types: ['gamer', 'gamer'] })).toEqual([
      'selectUserType',
    ]);
  });

  it('a profile update asks for username and email with the spec text key, and drops unknown fields', () => {
    expect(problems(UpdateUserRequest, { username: '', email: 'a@b.co' })).toEqual(['usernameEmailRequired']);
    expect(problems(UpdateUserRequest, { username: 'ada_l', email: ' ' })).toEqual(['usernameEmailRequired']);
    const parsed = UpdateUserRequest.parse({
      username: 'ada_l',
      email: 'a@b.co',
      is_staff: true,
      isEmailVerified: true,
      id: 'someone-else',
    });
    // Names left out stay out (and unchanged on the server); unknown fields are dropped.
    expect(Object.keys(parsed).sort()).toEqual(['email', 'username']);
  });

  it('a password change applies the policy and needs a matching confirmation', () => {
    const change = {
      old_password: 'x',
      new_password: 'Fresh-Start-2025',
      re_new_password: 'Fresh-Start-2025',
    };
    expect(problems(ChangePasswordRequest, change)).toEqual([]);
    expect(problems(ChangePasswordRequest, { ...change, old_password: '' })).toEqual(['oldPasswordRequired']);
    expect(problems(ChangePasswordRequest, { ...change, re_new_password: 'Fresh-Start-2026' })).toEqual([
      'passwordsMatch',
    ]);
    expect(
      problems(ChangePasswordRequest, { ...change, new_password: 'weak', re_new_password: 'weak' }),
    ).toEqual(['passwordRequirements']);
  });
});
