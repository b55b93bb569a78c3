import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { TestProject } from 'vitest/node';
import { freePort, stopServer, waitForHealth } from './server-process.ts';

// Starts the real, already built server (`npm run build` first; `npm run test:e2e` does both) on a
// free port with a throw-away data directory, and stops it afterwards. NODE_ENV=development keeps
// the development mailbox, where the tests read the emails the platform sends.

declare module 'vitest' {
  export interface ProvidedContext {
    baseURL: string;
  }
}

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repo, 'apps/api/dist/main.js');
const webIndex = path.join(repo, 'apps/web/dist/index.html');

export default async function setup(project: TestProject) {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file))
      throw new Error(`${path.relative(repo, file)} is missing: run "npm run build" first.`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-e2e-'));
  const baseURL = `http://localhost:${port}`;
  let log = '';
  const child = spawn(process.execPath, [serverEntry], {
    cwd: repo,
    env: {
      ...process.env,
      NODE_ENV: 'development',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: baseURL,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      SMTP_URL: '',
      REDIS_URL: '',
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const collect = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-20_000);
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    throw err;
  }
  project.provide('baseURL', baseURL);

  return async () => {
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
  };
}
