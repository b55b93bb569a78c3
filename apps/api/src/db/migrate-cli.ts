import { ConfigError, parseConfig } from '../config.ts';
import { DataDirBusyError, lockDataDir } from '../platform/data-dir.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database.
try {
  const config = parseConfig(process.env);
  // Refused while the server has the embedded database open (ADR 0019); released at exit.
  if (!config.databaseUrl) lockDataDir(config.dataDir, 'npm run db:migrate');
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  await runMigrations(database);
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (err) {
  console.error(err instanceof ConfigError || err instanceof DataDirBusyError ? err.message : err);
  process.exit(1);
}
