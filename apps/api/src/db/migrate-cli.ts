import { ConfigError, parseConfig } from '../config.ts';
import { openDatabase } from './client.ts';
import { runMigrations } from './migrate.ts';

// `npm run db:migrate`: applies pending migrations to DATABASE_URL, or to the embedded database.
try {
  const config = parseConfig(process.env);
  const database = await openDatabase({ url: config.databaseUrl, dataDir: `${config.dataDir}/pglite` });
  await runMigrations(database);
  await database.close();
  console.log(`Migrations applied (${database.kind}).`);
} catch (err) {
  console.error(err instanceof ConfigError ? err.message : err);
  process.exit(1);
}
