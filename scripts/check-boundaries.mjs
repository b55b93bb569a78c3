#!/usr/bin/env node
// The boundary check (ADR 0023): reads the relative imports of the monorepo's source files and
// fails when one crosses a boundary the architecture draws. Plain Node, no dependency, so CI runs
// it right after the lint step in about a second.
//
//   node scripts/check-boundaries.mjs [root]     root defaults to the repository this file is in
//
// Rules (each failure names the file, the import and the rule):
//   feature-internals  an API feature imports another feature's repo (repo.ts, *-repo.ts, repo/),
//                      routes (routes.ts, *-routes.ts) or anything under its internal/ folder
//   feature-loop       the feature-level import graph of apps/api/src/features or of
//                      apps/web/src/features has a loop
//   core-imports-feature  apps/api/src/db/ or apps/api/src/platform/ imports a feature
//   feature-css        a web feature imports another web feature's *.module.css
//   e2e-imports-api    a browser test (apps/web/e2e/) imports the API's source (apps/api/src/)
//   shared-imports-app packages/shared imports from apps/
//
// Test files (*.test.*, *.spec.*) are left out of the feature rules: a test may reach into what
// it tests. The e2e and shared rules read every file, tests included.

import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const SOURCE_EXTENSIONS = /\.(?:[cm]?[jt]sx?)$/;
const TEST_FILE = /\.(?:test|spec)\.[cm]?[jt]sx?$/;
const SKIPPED_DIRS = new Set(['node_modules', 'dist', 'build', 'coverage', '.git']);

/** The trees the check reads, relative to the root. */
const TREES = ['apps/api/src', 'apps/web/src', 'apps/web/e2e', 'packages/shared'];

const API_FEATURES = 'apps/api/src/features/';
const WEB_FEATURES = 'apps/web/src/features/';

function listFiles(root, dir) {
  const absolute = path.join(root, dir);
  if (!existsSync(absolute)) return [];
  const out = [];
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.isDirectory()) {
        if (!SKIPPED_DIRS.has(entry.name)) walk(path.join(current, entry.name));
      } else if (entry.isFile() && SOURCE_EXTENSIONS.test(entry.name) && !entry.name.endsWith('.d.ts')) {
        out.push(path.join(current, entry.name));
      }
    }
  };
  walk(absolute);
  return out;
}

/** Source text without comments, keeping string literals (and so the import specifiers) intact. */
function stripComments(source) {
  let out = '';
  let i = 0;
  while (i < source.length) {
    const c = source[i];
    const next = source[i + 1];
    if (c === '/' && next === '/') {
      while (i < source.length && source[i] !== '\n') i++;
    } else if (c === '/' && next === '*') {
      const end = source.indexOf('*/', i + 2);
      const stop = end === -1 ? source.length : end + 2;
      // Keep the line count so that reported line numbers stay true.
      out += source.slice(i, stop).replace(/[^\n]/g, ' ');
      i = stop;
    } else if (c === "'" || c === '"' || c === '`') {
      let j = i + 1;
      while (j < source.length && source[j] !== c) {
        if (source[j] === '\\') j++;
        j++;
      }
      out += source.slice(i, j + 1);
      i = j + 1;
    } else {
      out += c;
      i++;
    }
  }
  return out;
}

const IMPORT_PATTERNS = [
  // import x from '…', import { a, type b } from '…', import * as x from '…', export … from '…'
  /(?<![\w$.])(?:import|export)(?:\s+type)?\s+(?:[\w$*{}\s,]|\bas\b)+?\s*from\s*(['"])([^'"\n]+)\1/g,
  // import '…' (side effect, e.g. CSS)
  /(?<![\w$.])import\s*(['"])([^'"\n]+)\1/g,
  // import('…')
  /(?<![\w$.])import\s*\(\s*(['"])([^'"\n]+)\1\s*[,)]/g,
];

/** Every import specifier of a file, with its line. */
export function readImports(source) {
  const text = stripComments(source);
  const found = new Map();
  for (const pattern of IMPORT_PATTERNS) {
    for (const match of text.matchAll(pattern)) {
      const specifier = match[2];
      const at = match.index + match[0].lastIndexOf(specifier);
      if (found.has(at)) continue;
      const line = text.slice(0, at).split('\n').length;
      found.set(at, { specifier, line });
    }
  }
  return [...found.entries()].sort((a, b) => a[0] - b[0]).map(([, value]) => value);
}

/** Workspace package names of apps/* (e.g. @indiesplit/api -> apps/api), so that a bare import of an app counts too. */
function appPackages(root) {
  const map = new Map();
  const appsDir = path.join(root, 'apps');
  if (!existsSync(appsDir)) return map;
  for (const name of readdirSync(appsDir)) {
    const manifest = path.join(appsDir, name, 'package.json');
    if (!existsSync(manifest)) continue;
    try {
      const pkg = JSON.parse(readFileSync(manifest, 'utf8'));
      if (typeof pkg.name === 'string') map.set(pkg.name, `apps/${name}`);
    } catch {
      // An unreadable manifest names no package.
    }
  }
  return map;
}

/** The target of an import as a root-relative POSIX path, or null for a package that is not an app. */
function resolveTarget(root, fromFile, specifier, packages) {
  if (specifier.startsWith('.') || specifier.startsWith('/')) {
    const absolute = specifier.startsWith('/')
      ? path.join(root, specifier)
      : path.resolve(path.dirname(fromFile), specifier);
    return toPosix(path.relative(root, absolute));
  }
  for (const [name, dir] of packages) {
    if (specifier === name || specifier.startsWith(`${name}/`)) {
      return `${dir}${specifier.slice(name.length)}`;
    }
  }
  return null;
}

function toPosix(p) {
  return p.split(path.sep).join('/');
}

function featureOf(relPath, prefix) {
  if (!relPath.startsWith(prefix)) return null;
  const rest = relPath.slice(prefix.length);
  const slash = rest.indexOf('/');
  return slash === -1 ? null : rest.slice(0, slash);
}

/** Why importing `target` from another feature reaches into its internals, or null. */
function internalsReason(target, feature) {
  const inside = target.slice(`${API_FEATURES}${feature}/`.length);
  const parts = inside.split('/');
  if (parts.length > 1 && parts[0] === 'repo') return 'its repo/ folder';
  if (parts.length > 1 && parts[0] === 'internal') return 'its internal/ folder';
  if (parts.includes('internal')) return 'an internal/ folder';
  const base = parts[parts.length - 1].replace(SOURCE_EXTENSIONS, '');
  if (base === 'repo' || base.endsWith('-repo')) return 'its repo';
  if (base === 'routes' || base.endsWith('-routes')) return 'its routes';
  return null;
}

/** Tarjan's strongly connected components; returns the components of more than one node. */
function loopsOf(graph) {
  let index = 0;
  const indices = new Map();
  const lows = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  const visit = (node) => {
    indices.set(node, index);
    lows.set(node, index);
    index++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!indices.has(next)) {
        visit(next);
        lows.set(node, Math.min(lows.get(node), lows.get(next)));
      } else if (onStack.has(next)) {
        lows.set(node, Math.min(lows.get(node), indices.get(next)));
      }
    }
    if (lows.get(node) === indices.get(node)) {
      const component = [];
      let member;
      do {
        member = stack.pop();
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1) components.push(component.sort());
    }
  };
  for (const node of [...graph.keys()].sort()) if (!indices.has(node)) visit(node);
  return components;
}

/** One concrete cycle through the first member of a loop, e.g. [a, b, c, a]. */
function cycleIn(graph, component) {
  const members = new Set(component);
  const start = component[0];
  const seen = new Set();
  const pathTo = [start];
  const search = (node) => {
    for (const next of [...(graph.get(node) ?? [])].sort()) {
      if (!members.has(next)) continue;
      if (next === start) return [...pathTo, start];
      if (seen.has(next)) continue;
      seen.add(next);
      pathTo.push(next);
      const found = search(next);
      if (found) return found;
      pathTo.pop();
    }
    return null;
  };
  return search(start) ?? [start, start];
}

function addEdge(graph, examples, from, to, example) {
  if (!graph.has(from)) graph.set(from, new Set());
  if (!graph.has(to)) graph.set(to, new Set());
  graph.get(from).add(to);
  const key = `${from}->${to}`;
  if (!examples.has(key)) examples.set(key, example);
}

function formatGraph(graph) {
  const lines = [];
  for (const node of [...graph.keys()].sort()) {
    const targets = [...graph.get(node)].sort();
    lines.push(`  ${node} -> ${targets.length ? targets.join(', ') : '(none)'}`);
  }
  return lines.join('\n');
}

/**
 * Runs the check on a tree. Returns the violations (each { rule, file, line, specifier, message }),
 * the feature graphs and the number of files read; prints nothing.
 */
export function checkBoundaries(root) {
  const packages = appPackages(root);
  const violations = [];
  const graphs = { api: new Map(), web: new Map() };
  const examples = { api: new Map(), web: new Map() };
  let filesChecked = 0;

  for (const tree of TREES) {
    for (const absolute of listFiles(root, tree)) {
      filesChecked++;
      const file = toPosix(path.relative(root, absolute));
      const isTest = TEST_FILE.test(file);
      const source = readFileSync(absolute, 'utf8');
      for (const { specifier, line } of readImports(source)) {
        const target = resolveTarget(root, absolute, specifier, packages);
        if (target === null) continue;
        const report = (rule, message) =>
          violations.push({
            rule,
            file,
            line,
            specifier,
            message: `${file}:${line} imports '${specifier}': ${message} [${rule}]`,
          });

        if (file.startsWith('packages/shared/') && target.startsWith('apps/')) {
          report('shared-imports-app', 'packages/shared must not import from apps/');
        }
        if (
          file.startsWith('apps/web/e2e/') &&
          (target === 'apps/api/src' || target.startsWith('apps/api/src/'))
        ) {
          report(
            'e2e-imports-api',
            "browser tests must not import the API's source (apps/api/src/); drive the API over HTTP",
          );
        }
        if (isTest) continue;

        if (
          (file.startsWith('apps/api/src/db/') || file.startsWith('apps/api/src/platform/')) &&
          target.startsWith(API_FEATURES)
        ) {
          const layer = file.startsWith('apps/api/src/db/') ? 'db/' : 'platform/';
          report(
            'core-imports-feature',
            `apps/api/src/${layer} must not import features; move the code out of ${layer} or invert the dependency`,
          );
        }

        const apiFrom = featureOf(file, API_FEATURES);
        const apiTo = featureOf(target, API_FEATURES);
        if (apiFrom && apiTo && apiFrom !== apiTo) {
          addEdge(graphs.api, examples.api, apiFrom, apiTo, `${file}:${line} imports '${specifier}'`);
          const reason = internalsReason(target, apiTo);
          if (reason) {
            report(
              'feature-internals',
              `feature '${apiFrom}' must not import ${reason} of feature '${apiTo}'; use that feature's service, queries or commands`,
            );
          }
        } else if (apiFrom && !graphs.api.has(apiFrom)) {
          graphs.api.set(apiFrom, new Set());
        }

        const webFrom = featureOf(file, WEB_FEATURES);
        const webTo = featureOf(target, WEB_FEATURES);
        if (webFrom && webTo && webFrom !== webTo) {
          addEdge(graphs.web, examples.web, webFrom, webTo, `${file}:${line} imports '${specifier}'`);
          if (target.endsWith('.module.css')) {
            report(
              'feature-css',
              `web feature '${webFrom}' must not import a CSS module of feature '${webTo}'; move shared styles to components/`,
            );
          }
        } else if (webFrom && !graphs.web.has(webFrom)) {
          graphs.web.set(webFrom, new Set());
        }
      }
    }
  }

  for (const [side, dir] of [
    ['api', API_FEATURES],
    ['web', WEB_FEATURES],
  ]) {
    const graph = graphs[side];
    for (const component of loopsOf(graph)) {
      const cycle = cycleIn(graph, component);
      const steps = [];
      for (let i = 0; i + 1 < cycle.length; i++) {
        steps.push(
          `    ${cycle[i]} -> ${cycle[i + 1]}: ${examples[side].get(`${cycle[i]}->${cycle[i + 1]}`)}`,
        );
      }
      violations.push({
        rule: 'feature-loop',
        file: dir,
        line: 0,
        specifier: '',
        message:
          `the feature graph of ${dir.slice(0, -1)} has a loop through {${component.join(', ')}}: ` +
          `${cycle.join(' -> ')} [feature-loop]\n${steps.join('\n')}`,
      });
    }
  }

  return { violations, graphs, filesChecked };
}

function main() {
  const here = path.dirname(fileURLToPath(import.meta.url));
  const root = path.resolve(process.argv[2] ?? path.join(here, '..'));
  if (!existsSync(root) || !statSync(root).isDirectory()) {
    console.error(`check-boundaries: ${root} is not a directory`);
    process.exit(2);
  }
  const { violations, graphs, filesChecked } = checkBoundaries(root);
  console.log(`Boundary check: ${filesChecked} files checked.`);
  console.log(`API feature graph (apps/api/src/features):\n${formatGraph(graphs.api) || '  (no features)'}`);
  console.log(`Web feature graph (apps/web/src/features):\n${formatGraph(graphs.web) || '  (no features)'}`);
  if (violations.length === 0) {
    console.log('No boundary violations.');
    return;
  }
  console.error(`\n${violations.length} boundary violation${violations.length === 1 ? '' : 's'}:`);
  for (const violation of violations) console.error(`- ${violation.message}`);
  process.exit(1);
}

if (process.argv[1] && import.meta.url === pathToFileURL(path.resolve(process.argv[1])).href) main();
