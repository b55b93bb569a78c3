// @vitest-environment jsdom
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES, MESSAGES } from '@indiesplit/shared/messages';
import { describe, expect, it } from 'vitest';
import i18n from './index.ts';

// Reads the files themselves, so a namespace added later is covered without touching this test.
const dir = path.dirname(fileURLToPath(import.meta.url));

type Tree = { [key: string]: string | Tree };

function leaves(tree: Tree, prefix = ''): Map<string, string> {
  const out = new Map<string, string>();
  for (const [key, value] of Object.entries(tree)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else for (const [k, v] of leaves(value, name)) out.set(k, v);
  }
  return out;
}

function load(lang: string): Record<string, Map<string, string>> {
  const files = readdirSync(path.join(dir, lang)).filter((f) => f.endsWith('.json'));
  return Object.fromEntries(
    files.map((f) => [
      f.replace(/\.json$/, ''),
      leaves(JSON.parse(readFileSync(path.join(dir, lang, f), 'utf8'))),
    ]),
  );
}

const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('translations', () => {
  const byLang = Object.fromEntries(LANGUAGES.map((l) => [l, load(l)]));

  it('has the same namespace files in every language', () => {
    const [first, ...rest] = LANGUAGES.map((l) => Object.keys(byLang[l]!).sort());
    for (const other of rest) expect(other).toEqual(first);
  });

  it('has every key in every language (no key exists in one language only)', () => {
    const problems: string[] = [];
    for (const ns of Object.keys(byLang.en!)) {
      for (const lang of LANGUAGES) {
        for (const otherLang of LANGUAGES) {
          if (lang === otherLang) continue;
          for (const key of byLang[lang]![ns]!.keys()) {
            if (!byLang[otherLang]![ns]?.has(key))
              problems.push(`${ns}:${key} is in ${lang} but not in ${otherLang}`);
          }
        }
      }
    }
    expect(problems).toEqual([]);
  });

  it('never leaves a text empty and keeps the same {placeholders} in both languages', () => {
    const problems: string[] = [];
    for (const ns of Object.keys(byLang.en!)) {
      for (const [key, en] of byLang.en![ns]!) {
        const it = byLang.it![ns]?.get(key);
        if (!en.trim() || !it?.trim()) problems.push(`${ns}:${key} is empty`);
        else if (placeholders(en).join() !== placeholders(it).join())
          problems.push(`${ns}:${key} placeholders differ`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('uses {name} placeholders, never {{name}}', () => {
    for (const lang of LANGUAGES)
      for (const ns of Object.values(byLang[lang]!))
        for (const [key, text] of ns) expect(text, key).not.toMatch(/\{\{/);
  });

  it('has the shared error catalogue complete in both languages', () => {
    expect(Object.keys(MESSAGES.it).sort()).toEqual(Object.keys(MESSAGES.en).sort());
  });

  it('has a key in both languages for every message of the spec’s error catalogue (§8)', async () => {
    // Texts the spec names, as the key that carries each one.
    const spec = [
      // login and OAuth
      'errors:authenticationFailed',
      'errors:accountNotFound',
      'errors:serverError',
      'errors:networkError',
      'errors:fillMandatory',
      'auth:errors.oauthError',
      'auth:errors.discordAuthFailed',
      'auth:errors.oauthSessionExpired',
      'auth:errors.googleLoginFailed',
      'auth:errors.discordLoginFailed',
      'auth:errors.discordAuthFailedWith',
      'auth:errors.discordUserInfoFailed',
      // register
      'errors:usernameExists',
      'errors:emailExists',
      'errors:passwordsMatch',
      'errors:passwordRequirements',
      'errors:registrationFailed',
      'errors:selectUserType',
      'errors:invalidEmail',
      'errors:invalidUsername',
      'errors:acceptTerms',
      'auth:errors.googleRegistrationFailed',
      // forgot and reset password
      'errors:invalidRequest',
      'auth:errors.emailNotFound',
      'auth:errors.requestFailed',
      'errors:resetLinkSent',
      'errors:invalidOrExpired',
      'errors:linkExpired',
      'auth:errors.resetFailed',
      'errors:passwordRequired',
      'errors:confirmPasswordRequired',
      // verify email
      'errors:invalidCode',
      'errors:codeExpired',
      'auth:errors.verificationFailed',
      'auth:errors.invalidUrl',
      // settings
      'settings:loadError',
      'settings:profile.error',
      'settings:profile.success',
      'settings:profile.successEmail',
      'errors:usernameEmailRequired',
      'auth:errors.alreadyVerified',
      'auth:errors.resendFailed',
      'errors:invalidImage',
      'errors:imageTooLarge',
      'settings:avatar.error',
      'errors:avatarUpdated',
      'settings:deleteProfile.error',
      'settings:deleteProfile.confirmQuestion',
      'settings:legal.confirmQuestion',
      'settings:subscriptions.loadError',
      'settings:social.loadError',
      'settings:legal.deleteError',
      // pitch
      'pitch:errors.contactFailed',
      'pitch:errors.submitFailed',
      'pitch:errors.releaseDateTooSoon',
      // generic notifications
      'common:notices.sessionExpired',
      'common:notices.unsavedChanges',
      'common:notices.sessionExpiring',
      'common:notices.verifyEmail',
    ];
    const missing: string[] = [];
    for (const lang of LANGUAGES) {
      await i18n.loadLanguages(lang);
      for (const key of spec) {
        if (!i18n.exists(key, { lng: lang, fallbackLng: false })) missing.push(`${lang} ${key}`);
      }
    }
    expect(missing).toEqual([]);
  });

  it('puts the exact wording of the spec on the messages it quotes', () => {
    const t = i18n.getFixedT('en');
    expect(t('errors:authenticationFailed')).toBe(
      'Invalid username/email or password. Please check your credentials and try again.',
    );
    expect(t('errors:networkError')).toBe('Network error. Please check your connection.');
    expect(t('settings:loadError')).toBe('Failed to load user settings. Please try refreshing the page.');
    expect(t('pitch:errors.contactFailed')).toBe('An error occurred. Please try again.');
    expect(t('pitch:errors.releaseDateTooSoon')).toBe(
      'Release date must be at least one month in the future',
    );
    expect(t('settings:legal.confirmQuestion')).toBe(
      'Are you absolutely sure? This action cannot be undone.',
    );
    expect(t('auth:errors.discordAuthFailedWith', { reason: 'access_denied' })).toBe(
      'Discord authorization failed: access_denied',
    );
  });
});
