import { existsSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { runMigrations } from '../db/migrate.ts';
import { checkLedgerInvariants } from '../features/ledger/service.ts';
import { checkRevenueInvariants } from '../features/revenue/revenue-invariants.ts';
import { checkInvestmentInvariants } from '../features/settlement/invariants.ts';
import { BackupError, embeddedDatabaseDir, restoreBackup } from '../platform/backup.ts';
import { DataDirBusyError, DataDirUnusableError, lockDataDir } from '../platform/data-dir.ts';

// `npm run restore <archive.tar.gz>`: brings a backup taken by `npm run backup` back into an EMPTY
// DATA_DIR (ADR 0019), then migrates it to this release and recomputes the invariants.

const USAGE = 'Usage: npm run restore <archive.tar.gz>   (into an empty DATA_DIR)';

class UsageError extends Error {}

try {
  const args = process.argv.slice(2).filter((a) => a !== '--');
  if (args.length !== 1 || args[0]?.startsWith('-')) throw new UsageError(USAGE);
  const archive = path.resolve(args[0] as string);
  if (!existsSync(archive)) throw new UsageError(`${archive} does not exist.\n${USAGE}`);
  // Only the paths are used. A placeholder secret keeps parseConfig from making a development secret
  // in the very directory that must be empty; the archive brings its own.
  const config = parseConfig({
    ...process.env,
    SESSION_SECRET: process.env.SESSION_SECRET ?? 'x'.repeat(32),
  });
  if (config.databaseUrl) {
    throw new UsageError('DATABASE_URL is set: restore PostgreSQL with pg_restore; see the README.');
  }
  const lock = lockDataDir(config.dataDir, 'npm run restore');
  try {
    const manifest = await restoreBackup(archive, config.dataDir);
    const database = await openDatabase({ dataDir: embeddedDatabaseDir(config.dataDir) });
    try {
      await runMigrations(database);
      const reports = {
        ledger: await checkLedgerInvariants(database.db),
        investments: await checkInvestmentInvariants(database.db),
        revenue: await checkRevenueInvariants(database.db),
      };
      console.log(
        `Restored into ${config.dataDir}: the database and ${manifest.uploads} uploaded files, as of ${manifest.createdAt}.`,
      );
      for (const [name, report] of Object.entries(reports)) {
        console.log(
          `  ${name} invariants: ${report.ok ? 'hold' : `VIOLATED\n    ${report.violations.join('\n    ')}`}`,
        );
      }
      if (Object.values(reports).some((r) => !r.ok)) process.exitCode = 2;
    } finally {
      await database.close();
    }
  } finally {
    lock.release();
  }
} catch (err) {
  if (
    err instanceof UsageError ||
    err instanceof ConfigError ||
    err instanceof BackupError ||
    err instanceof DataDirBusyError ||
    err instanceof DataDirUnusableError
  ) {
    console.error(err.message);
  } else {
    console.error(err);
  }
  process.exit(1);
}
