// Lab scores of the built site as a first-time mobile visitor sees it: starts the real server (build
// first: `npm run bench:web` does both) on a free loopback port with a throw-away data directory,
// audits the home, login and campaign list pages and a live campaign's page in headless Chromium with the default mobile configuration
// (emulated phone, simulated throttling) and prints performance, accessibility, best practices, SEO,
// LCP, TBT and CLS. A benchmark, not a test: it exits 0 whatever the scores, and non-zero only when
// a page could not be audited at all. All traffic stays on 127.0.0.1.
//
// `--runs N` audits every page N times (in turns, so a passing burst of load hits all pages alike),
// prints each run and then the median of every number per page: single lab runs vary by several
// points on a busy machine. `--dist DIR` audits another build of the web app (e.g. one made from an
// earlier version, to compare the two under the same conditions) instead of apps/web/dist.
// `--save DIR` writes each run's full Lighthouse report there as JSON (page-run.json), to read the
// audits behind a score.
import { existsSync } from 'node:fs';
import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import lighthouse from 'lighthouse';
import { startAppServer } from '../e2e/server-process.ts';

const GOAL = 95;
const PAGES = [
  { name: 'home', path: '/' },
  { name: 'login', path: '/login' },
  { name: 'campaigns', path: '/campaigns' },
  // The first live real-money campaign of the demo data, found once the server runs.
  { name: 'campaign', path: null },
];

/** The page of the first live EUR campaign the server lists. */
async function liveCampaignPath(baseURL) {
  const res = await fetch(`${baseURL}/api/campaigns/?group=live&currency=EUR`);
  const slug = res.ok ? (await res.json()).campaigns?.[0]?.slug : undefined;
  if (!slug) throw new Error('the demo data has no live EUR campaign to audit');
  return `/campaigns/${slug}`;
}
const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--no-first-run',
  '--disable-dev-shm-usage',
  // Even with background networking off, the browser looks up its vendor's sign-in and update hosts;
  // every name resolves to nothing here, so the only traffic is to the loopback server.
  '--host-resolver-rules=MAP * ~NOTFOUND, EXCLUDE 127.0.0.1',
];

/** The value of `--name value` or `--name=value`, if given. */
function optionValue(args, name) {
  const at = args.findIndex((a) => a === name || a.startsWith(`${name}=`));
  if (at === -1) return undefined;
  return args[at].includes('=') ? args[at].slice(name.length + 1) : args[at + 1];
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repo, 'apps/api/dist/main.js');
const distOption = optionValue(process.argv.slice(2), '--dist');
const webDist = distOption ? path.resolve(distOption) : path.join(repo, 'apps/web/dist');
const chromePath = process.env.CHROME_PATH || '/usr/bin/chromium';

function parseRuns(args) {
  const raw = optionValue(args, '--runs');
  if (raw === undefined) return 1;
  const n = Number(raw);
  if (!Number.isInteger(n) || n < 1 || n > 50) {
    console.error('--runs takes a whole number from 1 to 50.');
    process.exit(2);
  }
  return n;
}
const RUNS = parseRuns(process.argv.slice(2));
const saveOption = optionValue(process.argv.slice(2), '--save');
const SAVE_DIR = saveOption ? path.resolve(saveOption) : undefined;

// The launcher Lighthouse itself depends on, resolved from Lighthouse's own location so that the
// copy it ships with is used.
const { launch } = await import(
  pathToFileURL(createRequire(import.meta.resolve('lighthouse')).resolve('chrome-launcher')).href
);

const score = (category) =>
  category && typeof category.score === 'number' ? Math.round(category.score * 100) : null;

function summarise(page, lhr) {
  const audit = (id) => lhr.audits[id]?.numericValue;
  const lcp = audit('largest-contentful-paint');
  const tbt = audit('total-blocking-time');
  const cls = audit('cumulative-layout-shift');
  return {
    page: page.name,
    performance: score(lhr.categories.performance),
    accessibility: score(lhr.categories.accessibility),
    bestPractices: score(lhr.categories['best-practices']),
    seo: score(lhr.categories.seo),
    lcp: typeof lcp === 'number' ? (lcp / 1000).toFixed(1) : null,
    tbt: typeof tbt === 'number' ? String(Math.round(tbt)) : null,
    cls: typeof cls === 'number' ? cls.toFixed(3) : null,
  };
}

// Audits of a category that count towards its score and did not pass.
function failing(lhr, categoryId) {
  const category = lhr.categories[categoryId];
  if (!category) return [];
  return category.auditRefs
    .filter((ref) => ref.weight > 0)
    .map((ref) => lhr.audits[ref.id])
    .filter((a) => a && typeof a.score === 'number' && a.score < 1 && a.scoreDisplayMode !== 'informative')
    .map((a) => `${a.id} (${a.title})`);
}

function lcpElement(lhr) {
  const items = lhr.audits['largest-contentful-paint-element']?.details?.items ?? [];
  for (const item of items) {
    const node = item.items?.[0]?.node ?? item.node;
    if (node?.type === 'node') return node.snippet?.replace(/\s+/g, ' ').slice(0, 100);
  }
  return undefined;
}

// The median of each number, per page, over the runs that completed (the middle one, or the mean
// of the two middle ones). A page whose every run failed is shown as failed.
function medians(rows) {
  const mid = (values) => {
    const sorted = values.filter((v) => v !== null).sort((a, b) => a - b);
    if (sorted.length === 0) return null;
    const half = Math.floor(sorted.length / 2);
    return sorted.length % 2 === 1 ? sorted[half] : (sorted[half - 1] + sorted[half]) / 2;
  };
  const num = (v) => (v === null || v === undefined ? null : Number(v));
  return PAGES.map((page) => {
    const done = rows.filter((r) => r.page === page.name && !r.error);
    if (done.length === 0) return { page: page.name, error: 'no run completed' };
    const pick = (key) => mid(done.map((r) => num(r[key])));
    const fixed = (v, digits) => (v === null ? null : v.toFixed(digits));
    return {
      page: `${page.name} (${done.length})`,
      performance: pick('performance'),
      accessibility: pick('accessibility'),
      bestPractices: pick('bestPractices'),
      seo: pick('seo'),
      lcp: fixed(pick('lcp'), 2),
      tbt: fixed(pick('tbt'), 0),
      cls: fixed(pick('cls'), 3),
    };
  });
}

function printTable(rows) {
  const goal = (value) => (value === null ? '-' : value >= GOAL ? 'yes' : 'no');
  const header = [
    'page',
    'perf',
    'a11y',
    'best pr.',
    'SEO',
    'LCP (s)',
    'TBT (ms)',
    'CLS',
    'perf ≥95',
    'a11y ≥95',
  ];
  const body = rows.map((r) =>
    r.error
      ? [r.page, 'failed', '', '', '', '', '', '', '', '']
      : [
          r.page,
          r.performance,
          r.accessibility,
          r.bestPractices,
          r.seo,
          r.lcp,
          r.tbt,
          r.cls,
          goal(r.performance),
          goal(r.accessibility),
        ].map((v) => (v === null ? '-' : String(v))),
  );
  const widths = header.map((h, i) => Math.max(h.length, ...body.map((cells) => cells[i].length)));
  const line = (cells) =>
    cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  console.log(line(header));
  console.log(widths.map((w) => '-'.repeat(w)).join('  '));
  for (const cells of body) console.log(line(cells));
}

let server;
let chrome;
let workDir;
let cleaning;
function cleanup() {
  cleaning ??= (async () => {
    try {
      await chrome?.kill();
    } catch {
      // already gone
    }
    await server?.stop();
    if (workDir) await rm(workDir, { recursive: true, force: true, maxRetries: 5 });
  })();
  return cleaning;
}
for (const [signal, code] of [
  ['SIGINT', 130],
  ['SIGTERM', 143],
]) {
  process.once(signal, () => {
    console.error(`\nInterrupted (${signal}); stopping the server and the browser.`);
    cleanup().finally(() => process.exit(code));
  });
}

async function main() {
  for (const file of [serverEntry, path.join(webDist, 'index.html')]) {
    if (!existsSync(file)) {
      console.error(`${path.relative(repo, file)} is missing: build first (npm run build).`);
      return 2;
    }
  }
  if (!existsSync(chromePath)) {
    console.error(`No browser at ${chromePath}: install Chromium or set CHROME_PATH.`);
    return 2;
  }

  workDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-lighthouse-'));
  const profileDir = path.join(workDir, 'browser-profile');
  await mkdir(profileDir);

  // Development mode, as the plain start command runs it: production insists on HTTPS
  // (upgrade-insecure-requests, Secure cookies), which a loopback HTTP server cannot give. The pages
  // and their assets are the same production build either way. A loaded machine can take minutes
  // to migrate and seed the throw-away database.
  server = await startAppServer({ WEB_DIST_DIR: webDist }, { host: '127.0.0.1', healthTimeoutMs: 300_000 });
  const baseURL = server.baseURL;

  try {
    chrome = await launch({
      chromePath,
      chromeFlags: CHROME_FLAGS,
      userDataDir: profileDir,
      handleSIGINT: false,
      logLevel: 'silent',
    });
  } catch (err) {
    throw new Error(
      `Could not start the browser at ${chromePath}: ${err instanceof Error ? err.message : err}`,
    );
  }

  const rows = [];
  const notes = [];
  let meta;
  const campaignPath = await liveCampaignPath(baseURL);
  for (const page of PAGES) page.path ??= campaignPath;
  for (let run = 1; run <= RUNS; run++) {
    for (const page of PAGES) {
      await audit(page, run);
    }
  }

  async function audit(page, run) {
    const url = `${baseURL}${page.path}`;
    const label = RUNS > 1 ? `${page.name} #${run}` : page.name;
    process.stderr.write(`Auditing ${label} (${page.path})…\n`);
    try {
      // No config: Lighthouse's default, the mobile preset with simulated throttling. Storage and
      // cache are reset before each page, so each is loaded as by a first-time visitor.
      const result = await lighthouse(url, {
        port: chrome.port,
        output: 'json',
        logLevel: 'error',
        onlyCategories: CATEGORIES,
      });
      const lhr = result?.lhr;
      if (!lhr) throw new Error('no result');
      if (lhr.runtimeError) throw new Error(`${lhr.runtimeError.code}: ${lhr.runtimeError.message}`);
      meta ??= lhr;
      if (SAVE_DIR) {
        await mkdir(SAVE_DIR, { recursive: true });
        await writeFile(path.join(SAVE_DIR, `${page.name}-${run}.json`), JSON.stringify(lhr));
      }
      rows.push({ ...summarise(page, lhr), run });
      const element = lcpElement(lhr);
      if (element) notes.push(`${label}: LCP element ${element}`);
      for (const id of ['accessibility', 'best-practices', 'seo']) {
        const failed = failing(lhr, id);
        if (failed.length > 0) notes.push(`${label}: ${id} failing: ${failed.join('; ')}`);
      }
      for (const warning of lhr.runWarnings ?? []) notes.push(`${label}: warning: ${warning}`);
    } catch (err) {
      rows.push({ page: page.name, run, error: err instanceof Error ? err.message : String(err) });
    }
  }

  console.log('');
  if (meta) {
    const s = meta.configSettings;
    const t = s.throttling;
    console.log(
      `Lighthouse ${meta.lighthouseVersion}, ${meta.environment.hostUserAgent.match(/HeadlessChrome\/\S+/)?.[0] ?? 'Chromium'}; ` +
        `${s.formFactor}, ${s.throttlingMethod} throttling (RTT ${t.rttMs} ms, ${t.throughputKbps} kbps, ` +
        `CPU ×${t.cpuSlowdownMultiplier}); host benchmark index ${meta.environment.benchmarkIndex}`,
    );
  }
  console.log('First visit: no stored consent, so the cookie banner is showing on every page measured.\n');
  if (RUNS > 1) {
    printTable(rows.map((r) => ({ ...r, page: `${r.page} #${r.run}` })));
    console.log(`\nMedian of ${RUNS} runs (runs completed per page in brackets):\n`);
    printTable(medians(rows));
  } else {
    printTable(rows);
  }
  if (notes.length > 0) console.log('');
  for (const note of notes) console.log(note);
  const failures = rows.filter((r) => r.error);
  for (const r of failures) {
    console.error(`${RUNS > 1 ? `${r.page} #${r.run}` : r.page}: the audit did not run: ${r.error}`);
  }
  // With several runs, a run that failed (a browser hiccup) is reported but the medians still
  // stand; only a page none of whose runs completed is a failure.
  const unmeasured = PAGES.filter((page) => !rows.some((r) => r.page === page.name && !r.error));
  return unmeasured.length > 0 ? 1 : 0;
}

let code = 1;
try {
  code = await main();
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  code = 1;
} finally {
  await cleanup();
}
process.exit(code);
