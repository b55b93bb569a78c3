import { existsSync } from 'node:fs';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { ConfigError, parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import {
  BackupError,
  backupSocketPath,
  embeddedDatabaseDir,
  requestBackup,
  writeArchiveFile,
  writeBackup,
} from '../platform/backup.ts';
import { DataDirBusyError, lockDataDir } from '../platform/data-dir.ts';

// `npm run backup [-- --out <file.tar.gz>]`: one archive of the embedded database and the uploads
// in DATA_DIR (ADR 0019). With the server running, the server takes the snapshot and hands it over
// its socket in DATA_DIR; with it stopped, this command opens the database itself.

const USAGE = 'Usage: npm run backup [-- --out <file.tar.gz>]';

class UsageError extends Error {}

try {
  let out: string | undefined;
  try {
    ({
      values: { out },
    } = parseArgs({ args: process.argv.slice(2), options: { out: { type: 'string' } }, strict: true }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const config = parseConfig(process.env);
  if (config.databaseUrl) {
    throw new UsageError(
      'DATABASE_URL is set: back up PostgreSQL with pg_dump -Fc, and DATA_DIR/uploads (or the bucket) beside it; see the README.',
    );
  }
  const file = path.resolve(
    out ?? `indiesplit-backup-${new Date().toISOString().replace(/[:.]/g, '-')}.tar.gz`,
  );
  if (existsSync(file)) throw new UsageError(`${file} already exists: choose another --out`);

  let how: string;
  let manifest: Awaited<ReturnType<typeof writeArchiveFile>>;
  try {
    const lock = lockDataDir(config.dataDir, 'npm run backup');
    // The server is stopped: the database is ours for the time of the copy.
    try {
      const dbDir = embeddedDatabaseDir(config.dataDir);
      if (!existsSync(dbDir)) throw new UsageError(`There is no embedded database in ${config.dataDir}.`);
      const database = await openDatabase({ dataDir: dbDir });
      if (database.kind !== 'pglite') throw new Error('expected the embedded database');
      try {
        manifest = await writeArchiveFile(file, (stream) =>
          writeBackup(
            { client: database.client, dataDir: config.dataDir, uploadsDir: config.uploadsDir },
            stream,
          ),
        );
      } finally {
        await database.close();
      }
      how = 'server stopped';
    } finally {
      lock.release();
    }
  } catch (err) {
    if (!(err instanceof DataDirBusyError)) throw err;
    // The server (or another command) holds DATA_DIR: ask it for the snapshot.
    try {
      manifest = await writeArchiveFile(file, (stream) => requestBackup(config.dataDir, stream));
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'ENOENT' || code === 'ECONNREFUSED') {
        throw new BackupError(
          `${err.message}\nIt does not answer on ${backupSocketPath(config.dataDir)}: if it is the server, it is of a release without online backups; otherwise wait for it to finish.`,
        );
      }
      throw e;
    }
    how = 'online, from the running server';
  }
  console.log(
    `Backup written (${how}): ${file}\n  ${manifest.uploads} uploaded files, taken ${manifest.createdAt}`,
  );
} catch (err) {
  if (err instanceof UsageError || err instanceof ConfigError || err instanceof BackupError) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
}
