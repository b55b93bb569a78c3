import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.join(path.dirname(fileURLToPath(import.meta.url)), 'check-boundaries.mjs');
const roots = [];

/** A small monorepo that passes every rule; each test adds one bad import to it. */
function cleanTree(extra = {}) {
  const root = mkdtempSync(path.join(tmpdir(), 'boundaries-'));
  roots.push(root);
  const files = {
    'apps/api/package.json': JSON.stringify({ name: '@example/api' }),
    'apps/api/src/platform/errors.ts': 'export class AppError extends Error {}\n',
    'apps/api/src/db/schema.ts':
      "import { AppError } from '../platform/errors.ts';\nexport const t = AppError;\n",
    'apps/api/src/features/users/repo.ts': "import { t } from '../../db/schema.ts';\nexport const r = t;\n",
    'apps/api/src/features/users/service.ts': "import * as repo from './repo.ts';\nexport const s = repo;\n",
    'apps/api/src/features/users/routes.ts': "export { s } from './service.ts';\n",
    'apps/api/src/features/auth/service.ts':
      "import { s } from '../users/service.ts';\nexport const a = s;\n",
    // A test may reach into another feature's repo, and may close a loop.
    'apps/api/src/features/users/users.test.ts': "import '../auth/service.ts';\nimport '../auth/repo.ts';\n",
    'apps/api/src/app.ts':
      "import '../src/features/auth/service.ts';\nimport './features/users/routes.ts';\n",
    'apps/web/src/features/home/home.module.css': '.a {}\n',
    'apps/web/src/features/home/home-page.tsx':
      "import styles from './home.module.css';\nexport const x = styles;\n",
    'apps/web/src/features/news/news-page.tsx':
      "import { x } from '../home/home-page.tsx';\nexport const y = x;\n",
    'apps/web/e2e/home.e2e.ts': "import '../src/features/home/home-page.tsx';\n",
    'packages/shared/src/money.ts': 'export const cents = 1;\n',
    ...extra,
  };
  for (const [file, text] of Object.entries(files)) {
    mkdirSync(path.dirname(path.join(root, file)), { recursive: true });
    writeFileSync(path.join(root, file), text);
  }
  return root;
}

function check(root) {
  const run = spawnSync(process.execPath, [script, root], { encoding: 'utf8' });
  return { status: run.status, out: `${run.stdout}\n${run.stderr}` };
}

afterEach(() => {
  for (const root of roots.splice(0)) rmSync(root, { recursive: true, force: true });
});

describe('the boundary check', () => {
  it('passes a tree that keeps every rule and prints the files checked and the feature graphs', () => {
    const { status, out } = check(cleanTree());
    expect(status).toBe(0);
    expect(out).toContain('12 files checked');
    expect(out).toContain('auth -> users');
    expect(out).toContain('news -> home');
    expect(out).toContain('No boundary violations.');
  });

  it.each([
    ['repo.ts', "import { r } from '../users/repo.ts';\n", 'its repo'],
    ['a *-repo.ts', "import '../users/profile-repo.ts';\n", 'its repo'],
    ['routes.ts', "export * from '../users/routes.ts';\n", 'its routes'],
    ['a *-routes.ts', "const m = await import('../users/admin-routes.ts');\n", 'its routes'],
    [
      'a file under repo/',
      "import {\n  q,\n  type Q,\n} from '../users/repo/queries.ts';\n",
      'its repo/ folder',
    ],
    ['a file under internal/', "import { h } from '../users/internal/hash.ts';\n", 'its internal/ folder'],
  ])("fails when a feature imports another feature's %s", (_what, source, reason) => {
    const { status, out } = check(cleanTree({ 'apps/api/src/features/auth/login.ts': source }));
    expect(status).toBe(1);
    expect(out).toContain('apps/api/src/features/auth/login.ts');
    expect(out).toContain(`feature 'auth' must not import ${reason} of feature 'users'`);
    expect(out).toContain('[feature-internals]');
  });

  it('lets a feature import its own repo and routes', () => {
    const { status } = check(
      cleanTree({ 'apps/api/src/features/users/extra.ts': "import './repo.ts';\nimport './routes.ts';\n" }),
    );
    expect(status).toBe(0);
  });

  it('fails on a loop in the API feature graph and prints the loop', () => {
    const { status, out } = check(
      cleanTree({ 'apps/api/src/features/users/login-link.ts': "import { a } from '../auth/service.ts';\n" }),
    );
    expect(status).toBe(1);
    expect(out).toContain('the feature graph of apps/api/src/features has a loop through {auth, users}');
    expect(out).toContain('auth -> users -> auth');
    expect(out).toContain("apps/api/src/features/users/login-link.ts:1 imports '../auth/service.ts'");
  });

  it('fails on a loop in the web feature graph', () => {
    const { status, out } = check(
      cleanTree({ 'apps/web/src/features/home/latest.tsx': "import { y } from '../news/news-page.tsx';\n" }),
    );
    expect(status).toBe(1);
    expect(out).toContain('the feature graph of apps/web/src/features has a loop through {home, news}');
  });

  it.each([
    ['db/', 'apps/api/src/db/seed.ts', "import { s } from '../features/users/service.ts';\n"],
    ['platform/', 'apps/api/src/platform/jobs.ts', "export { a } from '../features/auth/service.ts';\n"],
  ])('fails when %s imports a feature', (layer, file, source) => {
    const { status, out } = check(cleanTree({ [file]: source }));
    expect(status).toBe(1);
    expect(out).toContain(file);
    expect(out).toContain(`apps/api/src/${layer} must not import features`);
    expect(out).toContain('[core-imports-feature]');
  });

  it("fails when a web feature imports another feature's CSS module", () => {
    const { status, out } = check(
      cleanTree({ 'apps/web/src/features/news/list.tsx': "import styles from '../home/home.module.css';\n" }),
    );
    expect(status).toBe(1);
    expect(out).toContain("apps/web/src/features/news/list.tsx:1 imports '../home/home.module.css'");
    expect(out).toContain('[feature-css]');
  });

  it("fails when a browser test imports the API's source", () => {
    const { status, out } = check(
      cleanTree({
        'apps/web/e2e/money.e2e.ts': "import { s } from '../../api/src/features/users/service.ts';\n",
      }),
    );
    expect(status).toBe(1);
    expect(out).toContain('apps/web/e2e/money.e2e.ts');
    expect(out).toContain('[e2e-imports-api]');
  });

  it.each([
    ['a relative path', "import { a } from '../../../apps/api/src/app.ts';\n"],
    ["an app's package name", "import { a } from '@example/api/src/app.ts';\n"],
  ])('fails when packages/shared imports from apps/ through %s', (_how, source) => {
    const { status, out } = check(cleanTree({ 'packages/shared/src/leak.ts': source }));
    expect(status).toBe(1);
    expect(out).toContain('packages/shared/src/leak.ts');
    expect(out).toContain('[shared-imports-app]');
  });

  it('ignores imports inside comments', () => {
    const { status } = check(
      cleanTree({
        'apps/api/src/db/notes.ts':
          "// import '../features/users/service.ts';\n/* import('../features/auth/service.ts') */\nexport {};\n",
      }),
    );
    expect(status).toBe(0);
  });
});
