import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  startBrowserStandIn,
  startDiscordStub,
  startGoogleStub,
} from '../../api/test/oauth-provider-stubs.ts';
import { type AppServer, freePort, startAppServer } from './server-process.ts';

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
  const baseURL = `http://localhost:${port}`;
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
  let server: AppServer;
  try {
    server = await startAppServer(
      {
        // Each browser context says where it comes from (X-Forwarded-For, see helpers.ts).
        TRUST_PROXY: 'loopback',
        // Demo rounds outlast the suite; the tests end them on demand (POST /api/dev/campaigns/:slug/fast-forward).
        DEMO_ROUND_MINUTES: '60',
        // …and a demo month of the revenue share outlasts it too, so demo wallets only change when a
        // test acts (the revenue share is tested with real money in revenue.e2e.ts).
        DEMO_MONTH_SECONDS: '3600',
        ...google.env,
        GOOGLE_GSI_SCRIPT_URL: standIn.scriptUrl,
        ...discord.env,
      },
      { port },
    );
  } catch (err) {
    await stopProviders();
    throw err;
  }
  process.env.E2E_BASE_URL = server.baseURL;
  process.env.E2E_OAUTH_STAND_IN_URL = standIn.url;
  process.env.E2E_LEGAL_DIR = server.legalDir;

  return async () => {
    // The server's errors are printed at the end, so a failed run's log says what went wrong on the
    // server's side too.
    if (server.errors.length > 0) console.error(`The server logged errors:\n${server.errors.join('\n')}`);
    await server.stop();
    await stopProviders();
  };
}
