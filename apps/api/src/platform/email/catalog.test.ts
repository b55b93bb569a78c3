import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { LANGUAGES } from '@indiesplit/shared/languages';
import { describe, expect, it } from 'vitest';
import { EMAIL_CATALOGUES, emailHtml, emailText, translate } from '../i18n.ts';
import { escapeHtml } from './escape.ts';

// Reads the files themselves, so a language or a text added later is covered without touching this.
const dir = path.join(path.dirname(fileURLToPath(import.meta.url)), 'catalog');
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

const files = readdirSync(dir).filter((f) => f.endsWith('.json'));
const byLang = Object.fromEntries(
  files.map((f) => [f.replace(/\.json$/, ''), leaves(JSON.parse(readFileSync(path.join(dir, f), 'utf8')))]),
);
const placeholders = (text: string) => [...text.matchAll(/\{(\w+)\}/g)].map((m) => m[1]).sort();

describe('email catalogues', () => {
  it('exist for every language, and every one is loaded', () => {
    expect(Object.keys(byLang).sort()).toEqual([...LANGUAGES].sort());
    expect(Object.keys(EMAIL_CATALOGUES).sort()).toEqual([...LANGUAGES].sort());
  });

  it('have every key in every language (no key exists in one language only)', () => {
    const problems: string[] = [];
    for (const lang of LANGUAGES)
      for (const other of LANGUAGES)
        for (const key of byLang[lang]!.keys())
          if (!byLang[other]!.has(key)) problems.push(`${key} is in ${lang} but not in ${other}`);
    expect(problems).toEqual([]);
  });

  it('never leave a text empty and keep the same {placeholders} in every language', () => {
    const problems: string[] = [];
    for (const [key, en] of byLang.en!) {
      for (const lang of LANGUAGES) {
        const text = byLang[lang]!.get(key) ?? '';
        if (!text.trim()) problems.push(`${lang}:${key} is empty`);
        else if (placeholders(text).join() !== placeholders(en).join())
          problems.push(`${lang}:${key} placeholders`);
      }
    }
    expect(problems).toEqual([]);
  });

  it('hold words, not markup: their own text needs no escaping in HTML', () => {
    for (const lang of LANGUAGES)
      for (const [key, text] of byLang[lang]!) {
        expect(text, `${lang}:${key}`).not.toMatch(/[<>&"]|\{\{/);
      }
  });
});

describe('email texts', () => {
  it('fill values as typed in plain text and escaped in HTML', () => {
    const values = { name: '<b>"Tom" & Jerry</b>' };
    expect(emailText('en', 'layout.hi', values)).toBe('Hi <b>"Tom" & Jerry</b>,');
    expect(emailHtml('it', 'layout.hi', values)).toBe(`Ciao ${escapeHtml(values.name)},`);
  });

  it('never expand a value that looks like a placeholder or a nested text', () => {
    expect(emailText('en', 'layout.hi', { name: '{name} $t(layout.hello)' })).toBe(
      'Hi {name} $t(layout.hello),',
    );
  });

  it('fall back to English for a language without a catalogue', () => {
    expect(emailText('fr' as never, 'layout.hi', { name: 'Zoé' })).toBe('Hi Zoé,');
  });
});

describe('translate (the shared error catalogue)', () => {
  it('fills placeholders in the chosen language', () => {
    expect(translate('en', 'rateLimited', { seconds: 42 })).toBe(
      'Too many attempts. Please wait 42 seconds and try again.',
    );
    expect(translate('it', 'rateLimited', { seconds: 42 })).toBe(
      'Troppi tentativi. Attendi 42 secondi e riprova.',
    );
  });

  it('leaves a placeholder visible when its value is missing', () => {
    expect(translate('en', 'resendCooldown')).toContain('{seconds}');
  });
});

describe('escapeHtml', () => {
  it('escapes the five characters that matter in text and attributes', () => {
    expect(escapeHtml(`<a href="x" title='y'>&</a>`)).toBe(
      '&#60;a href=&#34;x&#34; title=&#39;y&#39;&#62;&#38;&#60;/a&#62;',
    );
  });
});
