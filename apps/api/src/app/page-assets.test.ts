import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { createPageAssets, ROUTE_ASSETS } from './page-assets.ts';

const web = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../web');

describe('the files a page opened directly needs', () => {
  it('names only modules and text namespaces the web app has', () => {
    for (const route of ROUTE_ASSETS) {
      for (const module of route.modules) expect(existsSync(path.join(web, module)), module).toBe(true);
      for (const ns of route.namespaces)
        for (const lang of ['en', 'it'])
          expect(existsSync(path.join(web, 'src/i18n', lang, `${ns}.json`)), `${lang}/${ns}`).toBe(true);
    }
  });

  it("walks a screen's imports once, leaving out the entry's and skipping what the build lacks", () => {
    const assetsFor = createPageAssets({
      'index.html': {
        file: 'assets/index.js',
        isEntry: true,
        imports: ['_shared.js'],
        css: ['assets/index.css'],
      },
      '_shared.js': { file: 'assets/shared.js', css: ['assets/index.css'] },
      '_errors.js': { file: 'assets/errors.js', name: 'messages' },
      '_form.js': { file: 'assets/form.js', imports: ['_shared.js', '_form.js'], css: ['assets/form.css'] },
      'src/features/auth/login-page.tsx': { file: 'assets/login.js', imports: ['_form.js', '_shared.js'] },
      'src/i18n/en/auth.json': { file: 'assets/auth-en.js' },
    });
    expect(assetsFor('/login', 'en')).toEqual({
      scripts: ['assets/login.js', 'assets/form.js', 'assets/auth-en.js', 'assets/errors.js'],
      styles: ['assets/form.css'],
    });
    // The Italian texts are not in this build: nothing to name for them.
    expect(assetsFor('/login', 'it').scripts).not.toContain('assets/auth-en.js');
    expect(assetsFor('/', 'en')).toEqual({ scripts: [], styles: [] });
    expect(assetsFor('/login/verify', 'en')).toEqual({ scripts: [], styles: [] });
  });
});
