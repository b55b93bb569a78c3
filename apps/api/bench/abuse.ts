import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { request } from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { Worker } from 'node:worker_threads';
import { CSRF_COOKIE, CSRF_HEADER } from '@indiesplit/shared/constants';
import { PITCH_PDF_MAX_BYTES } from '@indiesplit/shared/pitches';
import { manyObjectsPdf, multipart, validFields } from '../test/fixtures/pitches.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';
import { cleanup, cleanups, freePort } from './process.ts';

// Two floods of hostile anonymous requests against the real server (ADR 0017), each on a fresh
// server process of its own, with /api/health probed all along from another thread:
//   1. 20 concurrent requests carrying a 1 MB crafted email (`a@` + dots + `@`), half to register,
//      half to recover-password: their answer times and the health p99 (goal: under 50 ms);
//   2. 50 concurrent crafted 25 MB PDFs (hundreds of thousands of tiny objects) sent to the
//      anonymous pitch submission from 5 addresses: answers by status, the server's peak RSS
//      (goal: under 1 GB) and the health p99 (goal: under 100 ms), and whether it survived.
// Addresses are simulated with X-Forwarded-For from a trusted proxy (TRUST_PROXY=127.0.0.1); all
// traffic stays on the loopback interface.
//
// Environment: BENCH_DATABASE_URL or TEST_DATABASE_URL (PostgreSQL; a throw-away database per
// server), else the embedded database; REQUEST_TIMEOUT (seconds one flood request may take, 30);
// EMAIL_BYTES (1000000); PDF_BYTES (25000000).

const HOST = '127.0.0.1';
const here = path.dirname(fileURLToPath(import.meta.url));

function positiveInt(name: string, fallback: number): number {
  const raw = process.env[name];
  if (raw === undefined || raw.trim() === '') return fallback;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 1) throw new BenchError(`${name} must be a positive integer`);
  return value;
}

const requestTimeoutMs = positiveInt('REQUEST_TIMEOUT', 30) * 1000;
const emailBytes = positiveInt('EMAIL_BYTES', 1_000_000);
const pdfBytes = positiveInt('PDF_BYTES', 25_000_000);
const databaseUrl = (process.env.BENCH_DATABASE_URL ?? process.env.TEST_DATABASE_URL)?.trim() || undefined;

// ---- the server under attack ---------------------------------------------------------------------

interface LoopDelay {
  p50: number;
  p99: number;
  max: number;
}

interface Server {
  url: string;
  pid: number;
  child: ChildProcess;
  alive(): boolean;
  /** Starts a new recording of the server's event-loop delay. */
  resetLoopDelay(): void;
  /** The recording so far, or null when the server cannot answer (frozen or gone) within 2 s. */
  loopDelay(): Promise<LoopDelay | null>;
}

async function startServer(): Promise<Server> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-abuse-'));
  cleanups.push(() => rm(dataDir, { recursive: true, force: true }));
  let url: string | undefined;
  if (databaseUrl) {
    const db = await createThrowAwayDatabase(databaseUrl);
    cleanups.push(() => db.drop());
    url = db.url;
  }
  const port = await freePort(HOST);
  const publicUrl = `http://${HOST}:${port}`;
  const child = spawn(process.execPath, ['--import', 'tsx', path.join(here, 'abuse-server.ts')], {
    env: {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      HOST,
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      DATA_DIR: dataDir,
      ...(url ? { DATABASE_URL: url } : {}),
      SESSION_SECRET: randomBytes(32).toString('hex'),
      // Required in production; never contacted, the bench server discards mail.
      SMTP_URL: `smtp://${HOST}:2525`,
      PLATFORM_IBAN: 'DE89370400440532013000',
      PLATFORM_BIC: 'COBADEFFXXX',
      PLATFORM_BENEFICIARY: 'IndieSplit S.r.l.',
      LOG_LEVEL: 'silent',
      TRUST_PROXY: HOST,
    },
    stdio: ['ignore', 'pipe', 'inherit'],
  });
  let exited = false;
  child.once('exit', () => {
    exited = true;
  });
  cleanups.push(async () => {
    if (exited) return;
    child.kill('SIGKILL');
    await new Promise((resolve) => child.once('exit', resolve));
  });
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new BenchError('the server did not start within 90 s')), 90_000);
    let out = '';
    child.stdout?.on('data', (chunk: Buffer) => {
      out += chunk.toString();
      if (out.includes('ready')) {
        clearTimeout(timer);
        resolve();
      }
    });
    child.once('exit', (code) => reject(new BenchError(`the server exited during start (code ${code})`)));
  });
  const loopDelay = () =>
    new Promise<LoopDelay | null>((resolve) => {
      if (exited) return resolve(null);
      const timer = setTimeout(() => {
        child.stdout?.off('data', onData);
        resolve(null);
      }, 2000);
      const onData = (chunk: Buffer) => {
        const line = chunk
          .toString()
          .split('\n')
          .find((l) => l.includes('loopDelayMs'));
        if (!line) return;
        clearTimeout(timer);
        child.stdout?.off('data', onData);
        resolve((JSON.parse(line) as { loopDelayMs: LoopDelay }).loopDelayMs);
      };
      child.stdout?.on('data', onData);
      child.kill('SIGUSR1');
    });
  return {
    url: publicUrl,
    pid: child.pid!,
    child,
    alive: () => !exited,
    resetLoopDelay: () => {
      if (!exited) child.kill('SIGUSR2');
    },
    loopDelay,
  };
}

function rssBytes(pid: number, field: 'VmRSS' | 'VmHWM'): number | null {
  try {
    const line = readFileSync(`/proc/${pid}/status`, 'utf8')
      .split('\n')
      .find((l) => l.startsWith(`${field}:`));
    return line ? Number(line.split(/\s+/)[1]) * 1024 : null;
  } catch {
    return null;
  }
}

/** Samples the server's resident memory every 20 ms until stop(); returns the highest seen. */
function sampleRss(pid: number) {
  let peak = rssBytes(pid, 'VmRSS') ?? 0;
  const timer = setInterval(() => {
    peak = Math.max(peak, rssBytes(pid, 'VmRSS') ?? 0);
  }, 20);
  return {
    stop() {
      clearInterval(timer);
      return Math.max(peak, rssBytes(pid, 'VmRSS') ?? 0);
    },
  };
}

// ---- /api/health probed from another thread --------------------------------------------------------

interface HealthSamples {
  ms: number[];
  failures: number;
}

// Plain JavaScript run by a worker thread: one health request at a time, 10 ms apart, until told
// to stop; a request that takes longer than its timeout counts as a failure at that duration.
const PROBE = `
const { parentPort, workerData } = require('node:worker_threads');
let stopping = false;
parentPort.on('message', () => { stopping = true; });
(async () => {
  const ms = [];
  let failures = 0;
  while (!stopping) {
    const started = performance.now();
    try {
      const res = await fetch(workerData.url, { signal: AbortSignal.timeout(workerData.timeoutMs) });
      await res.arrayBuffer();
      if (res.status !== 200) failures++;
    } catch {
      failures++;
    }
    ms.push(performance.now() - started);
    await new Promise((r) => setTimeout(r, 10));
  }
  parentPort.postMessage({ ms, failures });
})();
`;

function probeHealth(baseUrl: string) {
  const worker = new Worker(PROBE, {
    eval: true,
    workerData: { url: `${baseUrl}/api/health`, timeoutMs: 10_000 },
  });
  return {
    stop: () =>
      new Promise<HealthSamples>((resolve, reject) => {
        worker.once('message', (samples: HealthSamples) => {
          void worker.terminate();
          resolve(samples);
        });
        worker.once('error', reject);
        worker.postMessage('stop');
      }),
  };
}

function percentile(values: number[], p: number): number {
  if (values.length === 0) return Number.NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? Number.NaN;
}

const fmtMs = (v: number) => (Number.isNaN(v) ? '-' : v >= 100 ? v.toFixed(0) : v.toFixed(1));
const mb = (bytes: number) => `${(bytes / 1024 / 1024).toFixed(0)} MB`;

// ---- requests --------------------------------------------------------------------------------------

async function csrfOf(baseUrl: string): Promise<Record<string, string>> {
  const res = await fetch(`${baseUrl}/api/auth/csrf_cookie`);
  const token = res.headers
    .getSetCookie()
    .map((line) => line.split(';', 1)[0] ?? '')
    .find((pair) => pair.startsWith(`${CSRF_COOKIE}=`))
    ?.slice(CSRF_COOKIE.length + 1);
  if (!token) throw new BenchError('GET /api/auth/csrf_cookie set no CSRF cookie');
  return { cookie: `${CSRF_COOKIE}=${token}`, [CSRF_HEADER]: token, origin: new URL(baseUrl).origin };
}

interface Answer {
  status: number | 'timeout' | 'error';
  code: string | undefined;
  ms: number;
}

/**
 * One POST through node:http, timed to its answer. Not fetch: fetch finishes sending a body the
 * server has already refused before it reports the answer, which would time the client, not us.
 */
function post(url: string, headers: Record<string, string>, body: Buffer): Promise<Answer> {
  return new Promise((resolve) => {
    const started = performance.now();
    let settled = false;
    const finish = (answer: Omit<Answer, 'ms'>) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve({ ...answer, ms: performance.now() - started });
    };
    const req = request(
      url,
      { method: 'POST', agent: false, headers: { ...headers, 'content-length': String(body.length) } },
      (res) => {
        const chunks: Buffer[] = [];
        res.on('data', (chunk: Buffer) => chunks.push(chunk));
        res.on('end', () => {
          let code: string | undefined;
          try {
            code = (JSON.parse(Buffer.concat(chunks).toString('utf8')) as { code?: string }).code;
          } catch {}
          finish({ status: res.statusCode ?? 0, code });
          req.destroy();
        });
      },
    );
    // A server that answered early closes the connection under the rest of the body: once the
    // answer is read that is expected, and before it an error.
    req.on('error', () => finish({ status: 'error', code: undefined }));
    const timer = setTimeout(() => {
      finish({ status: 'timeout', code: undefined });
      req.destroy();
    }, requestTimeoutMs);
    req.end(body);
  });
}

function byStatus(answers: Answer[]): string {
  const counts = new Map<string, number>();
  for (const a of answers) {
    const key = a.code ? `${a.status} ${a.code}` : String(a.status);
    counts.set(key, (counts.get(key) ?? 0) + 1);
  }
  return [...counts]
    .sort((a, b) => b[1] - a[1])
    .map(([k, n]) => `${n} × ${k}`)
    .join(', ');
}

/** Whether the process is still there and its health check answers 200 within 5 s. */
async function answersHealth(server: Server): Promise<boolean> {
  if (!server.alive()) return false;
  const res = await fetch(`${server.url}/api/health`, { signal: AbortSignal.timeout(5000) }).catch(
    () => null,
  );
  return res?.status === 200;
}

async function idleHealth(server: Server): Promise<HealthSamples> {
  const probe = probeHealth(server.url);
  await new Promise((r) => setTimeout(r, 2000));
  return probe.stop();
}

/** Addresses from a documentation range, only ever written into X-Forwarded-For. */
const address = (n: number) => `198.51.100.${n + 1}`;

// ---- the floods ------------------------------------------------------------------------------------

interface FloodResult {
  answers: Answer[];
  /** /api/health for 2 s before the flood: what this machine gives when the server is idle. */
  idle: HealthSamples;
  health: HealthSamples;
  /** The server's own event-loop delay during the flood; null when it could not say. */
  loopDelay: LoopDelay | null;
  survived: boolean;
  baselineRss?: number;
  peakRss?: number;
}

async function emailFlood(server: Server): Promise<FloodResult> {
  const headers = { ...(await csrfOf(server.url)), 'content-type': 'application/json' };
  const email = `a@${'.'.repeat(Math.max(1, emailBytes - 3))}@`;
  const register = (i: number) =>
    JSON.stringify({
      username: `abuse_${i}`,
      email,
      password: 'Bench-Harbor-42',
      re_password: 'Bench-Harbor-42',
      name: 'Ada',
      surname: 'Lovelace',
      user_types: ['investor'],
      newsletter: false,
      accepted_terms: true,
    });
  const recover = JSON.stringify({ email });
  const idle = await idleHealth(server);
  const probe = probeHealth(server.url);
  server.resetLoopDelay();
  await new Promise((r) => setTimeout(r, 200));
  const answers = await Promise.all(
    Array.from({ length: 20 }, (_, i) =>
      post(
        `${server.url}/api/auth/${i % 2 === 0 ? 'register' : 'recover-password'}/`,
        { ...headers, 'x-forwarded-for': address(i) },
        Buffer.from(i % 2 === 0 ? register(i) : recover),
      ),
    ),
  );
  const health = await probe.stop();
  const loopDelay = await server.loopDelay();
  return { answers, idle, health, loopDelay, survived: await answersHealth(server) };
}

function craftedPdf(): Buffer {
  // About 46 bytes an object: as many as fit in PDF_BYTES, and always under the upload limit.
  let objects = Math.floor(pdfBytes / 46);
  let pdf = manyObjectsPdf(objects);
  while (pdf.length > Math.min(pdfBytes, PITCH_PDF_MAX_BYTES - 64 * 1024)) {
    objects = Math.floor(objects * 0.99);
    pdf = manyObjectsPdf(objects);
  }
  return pdf;
}

async function pdfFlood(server: Server, pdf: Buffer): Promise<FloodResult> {
  const csrf = await csrfOf(server.url);
  const body = multipart(validFields(), { data: pdf });
  const idle = await idleHealth(server);
  const baselineRss = rssBytes(server.pid, 'VmRSS') ?? 0;
  const rss = sampleRss(server.pid);
  const probe = probeHealth(server.url);
  server.resetLoopDelay();
  await new Promise((r) => setTimeout(r, 200));
  const answers = await Promise.all(
    Array.from({ length: 50 }, (_, i) =>
      post(
        `${server.url}/api/projects/submit-project/`,
        { ...csrf, ...body.headers, 'x-forwarded-for': address(i % 5) },
        body.payload,
      ),
    ),
  );
  // Let anything still running in the server settle, then one last health check.
  await new Promise((r) => setTimeout(r, 500));
  const health = await probe.stop();
  const peakRss = rss.stop();
  const loopDelay = await server.loopDelay();
  return { answers, idle, health, loopDelay, survived: await answersHealth(server), baselineRss, peakRss };
}

// ---- report ----------------------------------------------------------------------------------------

function verdict(ok: boolean) {
  return ok ? 'goal met' : 'GOAL MISSED';
}

function report(title: string, r: FloodResult, healthGoalMs: number) {
  const times = r.answers.map((a) => a.ms);
  const p99 = percentile(r.health.ms, 99);
  console.log(`\n${title}`);
  console.log(
    `  idle health:    p50 ${fmtMs(percentile(r.idle.ms, 50))} ms, p99 ${fmtMs(percentile(r.idle.ms, 99))} ms over ${r.idle.ms.length} probes before the flood (this machine's floor)`,
  );
  console.log(`  answers:        ${byStatus(r.answers)}`);
  console.log(
    `  answer time:    min ${fmtMs(Math.min(...times))} ms, p50 ${fmtMs(percentile(times, 50))} ms, max ${fmtMs(Math.max(...times))} ms`,
  );
  console.log(
    `  /api/health:    ${r.health.ms.length} probes, ${r.health.failures} failed; p50 ${fmtMs(percentile(r.health.ms, 50))} ms, p99 ${fmtMs(p99)} ms, max ${fmtMs(Math.max(...r.health.ms))} ms  (goal p99 < ${healthGoalMs} ms: ${verdict(p99 < healthGoalMs && r.health.failures === 0)})`,
  );
  console.log(
    `  event loop:     ${r.loopDelay ? `delay p50 ${fmtMs(r.loopDelay.p50)} ms, p99 ${fmtMs(r.loopDelay.p99)} ms, max ${fmtMs(r.loopDelay.max)} ms in the server's main thread` : 'the server did not report its event-loop delay (frozen or gone)'}`,
  );
  if (r.peakRss !== undefined) {
    console.log(
      `  server RSS:     ${mb(r.baselineRss ?? 0)} before, peak ${mb(r.peakRss)}, growth ${mb(r.peakRss - (r.baselineRss ?? 0))}  (goal < 1 GB: ${verdict(r.peakRss < 1024 ** 3)})`,
    );
  }
  console.log(
    `  server process: ${r.survived ? 'alive, health answers 200 after the flood' : 'DEAD OR NOT ANSWERING /api/health within 5 s after the flood'}`,
  );
}

async function main(): Promise<number> {
  // A stuck run must still end (and clean up).
  const limitMs = 2 * requestTimeoutMs + 180_000;
  setTimeout(() => {
    console.error(`The benchmark did not finish within ${limitMs / 1000} s; aborting.`);
    void cleanup().finally(() => process.exit(1));
  }, limitMs).unref();

  const load = () =>
    loadavg()
      .map((l) => l.toFixed(2))
      .join(' ');
  console.log(`bench:abuse · ${cpus().length} cores, load average ${load()}`);
  console.log(
    `database: ${databaseUrl ? `PostgreSQL at ${redactUrl(databaseUrl)} (a throw-away database per server)` : 'embedded (PGlite)'}`,
  );
  if (!databaseUrl) {
    // Measured: the embedded database's WebAssembly heap alone is some 750 MB of resident memory.
    console.log(
      '  note: the embedded database holds ~750 MB of the server RSS by itself; set BENCH_DATABASE_URL for the production shape',
    );
  }

  let server = await startServer();
  const email = await emailFlood(server);
  report(
    `Flood 1: 20 concurrent requests with a ${(emailBytes / 1e6).toFixed(1)} MB crafted email (10 register, 10 recover-password)`,
    email,
    50,
  );

  // A fresh server for the second flood: a clean memory baseline, and a first flood that froze its
  // server does not spoil the second.
  await cleanup();
  const pdf = craftedPdf();
  server = await startServer();
  const flood = await pdfFlood(server, pdf);
  const objects = (pdf.toString('latin1').match(/ 0 obj\n/g) ?? []).length;
  report(
    `Flood 2: 50 concurrent crafted PDFs of ${(pdf.length / 1e6).toFixed(1)} MB (${objects.toLocaleString('en')} objects each) from 5 addresses to POST /api/projects/submit-project/`,
    flood,
    100,
  );
  console.log(`\nload average at the end: ${load()}`);
  const healthOk = (r: FloodResult, goal: number) =>
    percentile(r.health.ms, 99) < goal && r.health.failures === 0;
  const met =
    healthOk(email, 50) &&
    email.survived &&
    flood.survived &&
    healthOk(flood, 100) &&
    (flood.peakRss ?? 0) < 1024 ** 3;
  console.log(met ? 'All goals met.' : 'Some goals were missed (see above).');
  return met ? 0 : 1;
}

let exitCode = 1;
try {
  exitCode = await main();
} catch (err) {
  console.error(err instanceof BenchError ? err.message : err);
} finally {
  await cleanup();
}
process.exit(exitCode);
