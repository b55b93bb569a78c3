import { ConfigError, parseConfig } from './config.ts';
import {
  DataDirBusyError,
  type DataDirLock,
  DataDirUnusableError,
  lockDataDir,
  prepareDataDir,
} from './platform/data-dir.ts';

// Process entry: config and the data directory are checked first, with only their own modules
// loaded, so a misconfigured start says why within a fraction of a second; then start.ts loads the
// rest: database (migrated, seeded) -> app -> listen; SIGTERM/SIGINT close it all.

let config: ReturnType<typeof parseConfig>;
// The embedded database's data directory is owned by one process at a time (ADR 0019).
let dataDirLock: DataDirLock | null = null;
try {
  config = parseConfig(process.env);
  prepareDataDir(config.dataDir, config.uploadsDir);
  if (!config.databaseUrl) dataDirLock = lockDataDir(config.dataDir, 'server');
} catch (err) {
  const known =
    err instanceof ConfigError || err instanceof DataDirUnusableError || err instanceof DataDirBusyError;
  console.error(known ? err.message : err);
  process.exit(1);
}

const { start } = await import('./start.ts');
await start(config, dataDirLock);
