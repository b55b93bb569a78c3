import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { EMAIL_MAX, type EmailMeter, emailProblem, emailSchema, personNameSchema } from './validation.ts';

// The one email rule (server and forms): a plain local@domain address, checked in one pass.

const firstProblem = (value: string) => {
  const result = emailSchema.safeParse(value);
  return result.success ? null : result.error.issues[0]?.message;
};

describe('email rule: what it accepts', () => {
  it.each([
    'a@b.co',
    'first.last+tag@example.com',
    'ADA@EXAMPLE.IT',
    "o'neil@example.ie",
    'user_1-x@mail.sub.example.org',
    'àda@esempio.it',
  ])('accepts %s', (email) => {
    expect(firstProblem(email)).toBeNull();
  });

  it('accepts any plain address built from ordinary parts', () => {
    const part = fc.stringMatching(/^[a-z0-9_+-]{1,20}$/);
    fc.assert(
      fc.property(part, part, fc.stringMatching(/^[a-z]{2,6}$/), (local, name, tld) => {
        expect(emailProblem(`${local}@${name}.${tld}`)).toBeNull();
      }),
    );
  });
});

describe('email rule: what it refuses', () => {
  it.each([
    ['a display name', 'A<me@example.com>'],
    ['a display name with a space', 'Ada Lovelace <ada@example.com>'],
    ['a list', 'x,me@example.com'],
    ['a list with a semicolon', 'x@example.com;me@example.com'],
    ['a quoted local part', '"ada"@example.com'],
    ['a group', 'friends:ada@example.com'],
    ['a comment', 'ada(home)@example.com'],
    ['a domain literal', 'ada@[127.0.0.1]'],
    ['a backslash', 'a\\b@example.com'],
    ['a tab', 'ada\t@example.com'],
    ['a new line', 'ada@example.com\nBcc: x@example.com'],
    ['a no-break space', 'ada\u00a0x@example.com'],
    ['a NUL', 'ada\u0000@example.com'],
    ['no at sign', 'ada.example.com'],
    ['two at signs', 'ada@@example.com'],
    ['an at sign in the domain', 'a@b@example.com'],
    ['no dot in the domain', 'ada@example'],
    ['an empty domain part', 'ada@example..com'],
    ['a domain ending in a dot', 'ada@example.com.'],
    ['a domain starting with a dot', 'ada@.example.com'],
    ['a local part ending in a dot', 'ada.@example.com'],
    ['an empty local part', '@example.com'],
    ['a local part over 64 characters', `${'a'.repeat(65)}@example.com`],
    ['more than 254 characters', `${'a'.repeat(60)}@${'b'.repeat(200)}.com`],
  ])('refuses %s', (_label, email) => {
    expect(firstProblem(email)).toBe('invalidEmail');
  });

  it('asks for the field when empty', () => {
    expect(firstProblem('')).toBe('fillMandatory');
    expect(firstProblem('   ')).toBe('fillMandatory');
  });

  it('refuses any address with a character of list or display-name syntax in it', () => {
    const special = fc.constantFrom('<', '>', '"', ',', ';', ':', '(', ')', '[', ']', '\\', ' ', '\u0000');
    fc.assert(
      fc.property(fc.nat(15), special, (at, ch) => {
        const good = 'someone@example.com';
        const i = at % good.length;
        expect(emailProblem(`${good.slice(0, i)}${ch}${good.slice(i)}`)).toBe('invalidEmail');
      }),
    );
  });
});

describe('email rule: bounded work', () => {
  // The crafted input that made the old pattern backtrack quadratically.
  const crafted = (size: number) => `a@${'.'.repeat(size)}@`;

  it('refuses a 1 MB crafted input by its length without looking at its characters', () => {
    const meter: EmailMeter = { steps: 0 };
    expect(emailProblem(crafted(1_000_000), meter)).toBe('invalidEmail');
    expect(meter.steps).toBe(0);
    expect(firstProblem(crafted(1_000_000))).toBe('invalidEmail');
  });

  it('looks at each character at most once, whatever the input', () => {
    fc.assert(
      fc.property(fc.string({ maxLength: EMAIL_MAX }), (value) => {
        const meter: EmailMeter = { steps: 0 };
        emailProblem(value, meter);
        expect(meter.steps).toBeLessThanOrEqual(value.length);
      }),
    );
    const meter: EmailMeter = { steps: 0 };
    expect(emailProblem(`a@b${'.c'.repeat(120)}@`, meter)).toBe('invalidEmail');
    expect(meter.steps).toBeLessThanOrEqual(EMAIL_MAX);
  });
});

describe('one-line names', () => {
  it('refuse tabs and line breaks inside, which only multi-line text keeps', () => {
    for (const name of ['Ada\nLovelace', 'Ada\tLovelace', 'Ada\r\nBcc: x', 'Ada\u2028L']) {
      const result = personNameSchema.safeParse(name);
      expect(result.success ? null : result.error.issues[0]?.message).toBe('controlCharacters');
    }
    expect(personNameSchema.parse('  Ada Lovelace \n')).toBe('Ada Lovelace');
  });
});
