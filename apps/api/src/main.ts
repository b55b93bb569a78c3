import { mkdirSync } from 'node:fs';
import { buildApp } from './app.ts';
import { ConfigError, parseConfig } from './config.ts';
import { openDatabase } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { seed } from './db/seed.ts';

// Process entry: config -> database (migrated, seeded) -> app -> listen; SIGTERM/SIGINT close it all.

let config: ReturnType<typeof parseConfig>;
try {
  config = parseConfig(process.env);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}

mkdirSync(config.uploadsDir, { recursive: true });
// Until the app (and its logger) exists, a failing idle connection is reported on stderr.
let reportIdleError = (err: Error) => console.error('idle database connection failed:', err.message);
const database = await openDatabase({
  url: config.databaseUrl,
  dataDir: `${config.dataDir}/pglite`,
  onIdleError: (err) => reportIdleError(err),
});
await runMigrations(database);
const demo = await seed(database.db, config);

const app = await buildApp({ config, database });
reportIdleError = (err) => app.log.warn({ err }, 'idle database connection failed; the pool replaces it');

let closing = false;
async function shutdown(signal: string) {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, 'shutting down');
  const force = setTimeout(() => {
    app.log.error('shutdown took too long; exiting');
    process.exit(1);
  }, 10_000).unref();
  try {
    await app.close();
    await database.close();
    clearTimeout(force);
    process.exit(0);
  } catch (err) {
    app.log.error({ err }, 'error during shutdown');
    process.exit(1);
  }
}
process.on('SIGTERM', () => void shutdown('SIGTERM'));
process.on('SIGINT', () => void shutdown('SIGINT'));

await app.listen({ port: config.port, host: config.host });
app.log.info(
  { url: config.publicUrl, database: database.kind, mail: config.smtpUrl ? 'smtp' : 'dev mailbox' },
  'IndieSplit is running',
);
if (!config.isProduction && demo.length > 0) {
  console.log(`\nIndieSplit is running at ${config.publicUrl}`);
  console.log(`Dev mailbox: ${config.publicUrl}/dev/mailbox · API docs: ${config.publicUrl}/api/docs`);
  console.log('Demo accounts (development only):');
  for (const a of demo) {
    console.log(`  ${a.username} / ${a.password}${a.staffRole ? `  (back office: ${a.staffRole})` : ''}`);
    if (a.totpSecret) console.log(`    authenticator app secret: ${a.totpSecret}`);
  }
}
