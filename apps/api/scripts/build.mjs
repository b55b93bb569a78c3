// Bundles the API into dist/main.js. Our own TypeScript (this app and packages/shared) is compiled
// in; npm dependencies stay external and load from node_modules, native addons included.
import { copyFileSync, readFileSync } from 'node:fs';
import { build } from 'esbuild';

const pkg = JSON.parse(readFileSync(new URL('../package.json', import.meta.url), 'utf8'));
const external = Object.keys(pkg.dependencies ?? {}).filter((name) => !name.startsWith('@indiesplit/'));

await build({
  entryPoints: ['src/main.ts'],
  outfile: 'dist/main.js',
  bundle: true,
  platform: 'node',
  target: 'node22',
  format: 'esm',
  sourcemap: true,
  external: [...external, ...external.map((name) => `${name}/*`)],
  logLevel: 'warning',
});
// The PDF check's worker (ADR 0017) is plain JavaScript loaded by path: it goes beside the bundle.
copyFileSync('src/platform/pdf-worker.mjs', 'dist/pdf-worker.mjs');
// So is the worker that renders the first screen of public pages (ADR 0041).
copyFileSync('src/app/page-render-worker.mjs', 'dist/page-render-worker.mjs');
console.log('API built: dist/main.js');
