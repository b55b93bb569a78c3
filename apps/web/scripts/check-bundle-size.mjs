// Fails when the JavaScript a visitor downloads before the home page can render (the entry chunk
// and everything it imports statically, gzip-compressed) exceeds the budget. Deterministic: it
// reads the build manifest and compresses the files itself, at a fixed gzip level.
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 130 * 1000;
const dist = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../dist');

let manifest;
try {
  manifest = JSON.parse(readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8'));
} catch {
  console.error('No build manifest found: build the web app first (npm run build).');
  process.exit(2);
}

const entries = Object.entries(manifest).filter(([, chunk]) => chunk.isEntry);
if (entries.length !== 1) {
  console.error(`Expected one entry chunk in the manifest, found ${entries.length}.`);
  process.exit(2);
}

const seen = new Set();
const files = [];
function visit(key) {
  if (seen.has(key)) return;
  seen.add(key);
  const chunk = manifest[key];
  if (!chunk) throw new Error(`Manifest has no chunk ${key}`);
  if (chunk.file.endsWith('.js')) files.push(chunk.file);
  for (const imported of chunk.imports ?? []) visit(imported);
}
visit(entries[0][0]);

let total = 0;
const rows = files.map((file) => {
  const bytes = gzipSync(readFileSync(path.join(dist, file)), { level: 9 }).length;
  total += bytes;
  return { file, bytes };
});
rows.sort((a, b) => b.bytes - a.bytes);
const kb = (n) => `${(n / 1000).toFixed(1)} kB`;
for (const { file, bytes } of rows) console.log(`${kb(bytes).padStart(9)}  ${file}`);
console.log(
  `${kb(total).padStart(9)}  initial JavaScript of the home page (gzip), budget ${kb(BUDGET_BYTES)}`,
);
if (total > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(total - BUDGET_BYTES)}.`);
  process.exit(1);
}
