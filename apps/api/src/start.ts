import { buildApp } from './app.ts';
import type { Config } from './config.ts';
import { DatabaseUnreachableError, openDatabase } from './db/client.ts';
import { guardInstance, InstanceGuardError } from './db/instance-guard.ts';
import { runMigrations } from './db/migrate.ts';
import { reloadLegalDocuments } from './features/legal/commands/reload-documents.ts';
import { legalDirFor } from './features/legal/folder.ts';
import { serveBackups } from './platform/backup.ts';
import type { DataDirLock } from './platform/data-dir.ts';
import { DEMO_USERNAMES, seed } from './seed/seed.ts';

/**
 * The server's start once main.ts has checked the config and holds the data directory: database
 * (migrated, seeded) -> app -> listen; SIGTERM/SIGINT close it all.
 */
export async function start(config: Config, dataDirLock: DataDirLock | null): Promise<void> {
  // Until the app (and its logger) exists, a failing idle connection is reported on stderr.
  let reportIdleError = (err: Error) => console.error('idle database connection failed:', err.message);
  let database: Awaited<ReturnType<typeof openDatabase>>;
  try {
    database = await openDatabase({
      url: config.databaseUrl,
      dataDir: `${config.dataDir}/pglite`,
      onIdleError: (err) => reportIdleError(err),
      timeouts: {
        connectMs: config.operations.dbConnectTimeoutMs,
        statementMs: config.operations.dbStatementTimeoutMs,
        idleInTransactionMs: config.operations.dbIdleInTransactionTimeoutMs,
      },
    });
  } catch (err) {
    // A database that cannot be reached is named in one line (no password), not a stack trace.
    if (!(err instanceof DatabaseUnreachableError)) throw err;
    console.error(err.message);
    process.exit(1);
  }
  // Demo data only into a database that is the development's own (ADR 0018): checked before
  // anything is migrated or seeded; a production start marks its database for good.
  try {
    await guardInstance(database, config, DEMO_USERNAMES);
  } catch (err) {
    if (!(err instanceof InstanceGuardError)) throw err;
    console.error(`Refusing to start in ${config.env} mode:\n${err.message}`);
    await database.close();
    process.exit(1);
  }
  await runMigrations(database);
  // The legal texts are recorded before the demo accounts are made, so that those count as having
  // accepted the terms in force at their sign-up (ADR 0034); buildApp records them again, finding nothing new.
  await reloadLegalDocuments(database.db, legalDirFor(config));
  const demo = await seed(database.db, config);

  const app = await buildApp({ config, database });
  reportIdleError = (err) => app.log.warn({ err }, 'idle database connection failed; the pool replaces it');
  // `npm run backup` asks the running server for a consistent snapshot over DATA_DIR/backup.sock.
  const backups =
    database.kind === 'pglite'
      ? await serveBackups(
          { client: database.client, dataDir: config.dataDir, uploadsDir: config.uploadsDir },
          app.log,
        ).catch((err) => {
          app.log.warn({ err }, 'online backups are off: the backup socket could not be opened');
          return null;
        })
      : null;

  let closing = false;
  async function shutdown(signal: string) {
    if (closing) return;
    closing = true;
    // ADR 0020: new requests get 503 + Connection: close, answers in progress finish and close their
    // connection, workers stop and release their leases, then the database closes.
    const started = Date.now();
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => {
      app.log.error(
        { graceSeconds: config.operations.shutdownGraceSeconds },
        'shutdown took too long; exiting',
      );
      process.exit(1);
    }, config.operations.shutdownGraceSeconds * 1000).unref();
    try {
      await app.close();
      await backups?.close();
      await database.close();
      dataDirLock?.release();
      clearTimeout(force);
      app.log.info({ signal, ms: Date.now() - started }, 'stopped cleanly');
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
    console.log(
      `Dev mailbox: ${config.publicUrl}/dev/mailbox${config.apiDocs ? ` · API docs: ${config.publicUrl}/api/docs` : ''}`,
    );
    console.log('Demo accounts (development only):');
    for (const a of demo) {
      console.log(`  ${a.username} / ${a.password}${a.staffRole ? `  (back office: ${a.staffRole})` : ''}`);
      if (a.totpSecret) console.log(`    authenticator app secret: ${a.totpSecret}`);
    }
  }
}
