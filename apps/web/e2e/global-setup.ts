import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { cp, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startBrowserStandIn,
  startDiscordStub,
  startGoogleStub,
} from '../../api/test/oauth-provider-stubs.ts';
import { freePort, stopServer, waitForHealth } from './server-process.ts';

// Starts the real, already built server (`npm run build` first; `npm run test:e2e` does both) on a
// free port with a throw-away data directory, and stops it afterwards. NODE_ENV=development keeps
// the development mailbox, where the tests read the emails the platform sends. The tests find the
// server at E2E_BASE_URL, the stand-ins for Google and Discord at E2E_OAUTH_STAND_IN_URL, and the
// server's legal documents folder at E2E_LEGAL_DIR (the test processes inherit the environment set
// here).

const repo = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const serverEntry = path.join(repo, 'apps/api/dist/main.js');
const webIndex = path.join(repo, 'apps/web/dist/index.html');

export default async function globalSetup() {
  for (const file of [serverEntry, webIndex]) {
    if (!existsSync(file))
      throw new Error(`${path.relative(repo, file)} is missing: run "npm run build" first.`);
  }
  const port = await freePort();
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-e2e-'));
  const baseURL = `http://localhost:${port}`;
  // The legal texts as shipped, in a copy the tests may add a version to (legal.e2e.ts).
  const legalDir = path.join(dataDir, 'legal');
  await cp(path.join(repo, 'apps/api/legal'), legalDir, { recursive: true });
  // Google and Discord are real OAuth servers on localhost; the browser gets a stand-in for
  // Google's button script, which cannot be downloaded here.
  const google = await startGoogleStub();
  const discord = await startDiscordStub(`${baseURL}/api/auth/discord/callback`);
  const standIn = await startBrowserStandIn(google, discord);
  const stopProviders = async () => {
    await standIn.stop();
    await discord.stop();
    await google.stop();
  };
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
      LEGAL_DIR: legalDir,
      LOG_LEVEL: 'warn',
      DATABASE_URL: '',
      // Each browser context says where it comes from (X-Forwarded-For, see helpers.ts).
      TRUST_PROXY: 'loopback',
      SMTP_URL: '',
      REDIS_URL: '',
      // Demo rounds outlast the suite; the tests end them on demand (POST /api/dev/campaigns/:slug/fast-forward).
      DEMO_ROUND_MINUTES: '60',
      // …and a demo month of the revenue share outlasts it too, so demo wallets only change when a
      // test acts (the revenue share is tested with real money in revenue.e2e.ts).
      DEMO_MONTH_SECONDS: '3600',
      ...google.env,
      GOOGLE_GSI_SCRIPT_URL: standIn.scriptUrl,
      ...discord.env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  // The server's errors (pino level 50 and up) are kept whole and printed at the end, so a failed
  // run's log says what went wrong on the server's side too.
  const serverErrors: string[] = [];
  const collect = (chunk: Buffer) => {
    const text = chunk.toString();
    log = (log + text).slice(-20_000);
    for (const line of text.split('\n')) {
      if (/"level":(5|6)\d/.test(line) && serverErrors.length < 50) serverErrors.push(line.slice(0, 2_000));
    }
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);

  try {
    await waitForHealth(baseURL, child, () => log);
  } catch (err) {
    child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await stopProviders();
    throw err;
  }
  process.env.E2E_BASE_URL = baseURL;
  process.env.E2E_OAUTH_STAND_IN_URL = standIn.url;
  process.env.E2E_LEGAL_DIR = legalDir;

  return async () => {
    if (serverErrors.length > 0) console.error(`The server logged errors:\n${serverErrors.join('\n')}`);
    await stopServer(child);
    await rm(dataDir, { recursive: true, force: true });
    await stopProviders();
  };
}
