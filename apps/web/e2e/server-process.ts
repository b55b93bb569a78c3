import { type ChildProcess, spawn } from 'node:child_process';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Running the real built server as a child process: shared by the end-to-end setup and the
// Lighthouse benchmark, which both start it on a free port and stop it afterwards.

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * Resolves once GET /api/health answers 200; fails early if the process exits, or after `timeoutMs`
 * (180 s unless given: a first start migrates and seeds a new embedded database, which takes over a
 * minute on a busy two-core machine).
 */
export async function waitForHealth(
  baseURL: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited early (code ${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs / 1000} s:\n${output()}`);
}

/** SIGTERM (the server drains and closes its database), SIGKILL after 10 s. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');

export interface AppServer {
  baseURL: string;
  /** The server's legal documents folder (a copy the tests may add a version to). */
  legalDir: string;
  /** The server's errors (pino level 50 and up), kept whole. */
  errors: string[];
  stop(): Promise<void>;
}

/**
 * Starts the built server (apps/api/dist/main.js) on a free port with a throw-away data directory
 * and a copy of the shipped legal texts, in development (the development mailbox, where the tests
 * read the emails), with `env` on top; resolves once it is healthy. `options.port` when the caller
 * had to know the address first; `options.host`, the name the address uses (localhost unless
 * given); `options.healthTimeoutMs`, how long the first start may take.
 */
export async function startAppServer(
  env: Record<string, string>,
  options: { port?: number; host?: string; healthTimeoutMs?: number } = {},
): Promise<AppServer> {
  const port = options.port ?? (await freePort());
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-e2e-'));
  const baseURL = `http://${options.host ?? 'localhost'}:${port}`;
  const legalDir = path.join(dataDir, 'legal');
  await cp(path.join(repo, 'apps/api/legal'), legalDir, { recursive: true });
  let log = '';
  const errors: string[] = [];
  const child = spawn(process.execPath, [path.join(repo, 'apps/api/dist/main.js')], {
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LEGAL_DIR: legalDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-20_000);
    for (const line of text.split('\n')) {
      if (/"level":(5|6)\d/.test(line) && errors.length < 50) errors.push(line.slice(0, 2_000));
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const stop = async () => {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  };
  try {
    await waitForHealth(baseURL, child, () => log, options.healthTimeoutMs);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  return { baseURL, legalDir, errors, stop };
}
