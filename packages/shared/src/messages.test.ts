import { describe, expect, it } from 'vitest';
import { isLanguage, isMessageKey, LANGUAGES, MESSAGES } from './messages.ts';

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('message catalogues', () => {
  it('have exactly the same keys in English and Italian', () => {
    const en = Object.keys(MESSAGES.en).sort();
    const it = Object.keys(MESSAGES.it).sort();
    expect(it.filter((k) => !en.includes(k))).toEqual([]); // Italian only
    expect(en.filter((k) => !it.includes(k))).toEqual([]); // English only
    expect(LANGUAGES).toEqual(['en', 'it']);
  });

  it('have no empty or blank text in any language', () => {
    for (const lang of LANGUAGES) {
      for (const [key, text] of Object.entries(MESSAGES[lang])) {
        expect(typeof text, `${lang}.${key}`).toBe('string');
        expect(text.trim(), `${lang}.${key}`).not.toBe('');
      }
    }
  });

  it('use the same placeholders in both languages', () => {
    for (const key of Object.keys(MESSAGES.en) as Array<keyof typeof MESSAGES.en>) {
      expect(placeholders(MESSAGES.it[key]), key).toEqual(placeholders(MESSAGES.en[key]));
    }
  });

  it('are translated, not copied: most Italian texts differ from the English ones', () => {
    const keys = Object.keys(MESSAGES.en) as Array<keyof typeof MESSAGES.en>;
    const same = keys.filter((k) => MESSAGES.en[k] === MESSAGES.it[k]);
    expect(same).toEqual([]);
  });

  it('keep the spec texts the browser shows word for word', () => {
    expect(MESSAGES.en.usernameEmailRequired).toBe('Username and email are required');
    expect(MESSAGES.en.imageTooLarge).toBe('File size must be less than 5MB');
    expect(MESSAGES.en.invalidImage).toBe('Please select a valid image file (JPG, PNG, or WebP)');
    expect(MESSAGES.en.emailVerified).toBe('Email verified successfully');
    expect(MESSAGES.en.emailAlreadyVerified).toBe('Email already verified');
    expect(MESSAGES.en.resetLinkSent).toBe(
      "If an account with that email exists, we've sent you a password reset link.",
    );
  });
});

describe('guards', () => {
  it('recognise only real message keys, not inherited object properties', () => {
    expect(isMessageKey('notFound')).toBe(true);
    for (const notAKey of ['toString', 'constructor', '__proto__', 'hasOwnProperty', 'nope']) {
      expect(isMessageKey(notAKey), notAKey).toBe(false);
    }
  });

  it('recognise only the supported languages', () => {
    expect(isLanguage('en')).toBe(true);
    expect(isLanguage('it')).toBe(true);
    for (const other of ['fr', 'EN', '', undefined, null, 'italian']) expect(isLanguage(other)).toBe(false);
  });
});
