import { mkdirSync } from 'node:fs';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { buildApp } from '../src/app.ts';
import { parseConfig } from '../src/config.ts';
import { openDatabase } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';

// The server that bench:abuse attacks, in a process of its own so that its memory is measured
// alone. Configured by the environment like the real server (production mode), with mail
// discarded and no background workers. Prints one line, `ready`, once it listens; ends on SIGTERM.
// Its main thread's event-loop delay is recorded: SIGUSR2 starts a new recording, SIGUSR1 prints
// it as one line of JSON ({"loopDelayMs": {"p50", "p99", "max"}}).

const config = parseConfig(process.env);
mkdirSync(config.uploadsDir, { recursive: true });
const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
await runMigrations(database);
const app = await buildApp({
  config,
  database,
  startWorkers: false,
  mailTransport: { send: async () => {}, close: async () => {} },
});
const loopDelay = monitorEventLoopDelay({ resolution: 10 });
loopDelay.enable();
process.on('SIGUSR2', () => loopDelay.reset());
process.on('SIGUSR1', () => {
  const ms = (ns: number) => Math.round(ns / 1e4) / 100;
  const loopDelayMs = {
    p50: ms(loopDelay.percentile(50)),
    p99: ms(loopDelay.percentile(99)),
    max: ms(loopDelay.max),
  };
  console.log(JSON.stringify({ loopDelayMs }));
});
process.on('SIGTERM', () => {
  void app
    .close()
    .then(() => database.close())
    .finally(() => process.exit(0));
});
await app.listen({ host: config.host, port: config.port });
console.log('ready');
