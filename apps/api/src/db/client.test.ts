import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { isDatabaseUnavailable } from '../platform/db-unavailable.ts';
import { isPgError } from '../platform/pg-errors.ts';
import { openDatabase } from './client.ts';

describe('openDatabase on PostgreSQL', () => {
  // Runs in the PostgreSQL suite (TEST_DATABASE_URL), which CI always runs.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'survives an idle connection that fails: the error is reported and queries go on',
    async () => {
      const errors: Error[] = [];
      const database = await openDatabase({
        url: process.env.TEST_DATABASE_URL,
        poolSize: 2,
        onIdleError: (err) => errors.push(err),
      });
      try {
        if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
        const [{ pid }] = (await database.pool.query('select pg_backend_pid() as pid')).rows as [
          { pid: number },
        ];
        // Another session kills our idle connection, as a database restart or an administrator would.
        const killer = await openDatabase({ url: process.env.TEST_DATABASE_URL, poolSize: 1 });
        await killer.db.execute(sql`select pg_terminate_backend(${pid})`);
        await killer.close();
        await expect.poll(() => errors.length, { timeout: 5000 }).toBeGreaterThan(0);
        const result = await database.pool.query('select 1 as ok');
        expect(result.rows[0]).toEqual({ ok: 1 });
      } finally {
        await database.close();
      }
    },
  );

  it.runIf(process.env.TEST_DATABASE_URL)(
    'ends a statement past its timeout and a transaction left idle, as errors that mean 503',
    async () => {
      const database = await openDatabase({
        url: process.env.TEST_DATABASE_URL,
        poolSize: 2,
        onIdleError: () => {},
        timeouts: { statementMs: 300, idleInTransactionMs: 300 },
      });
      try {
        const started = Date.now();
        const slow = await database.db.execute(sql`select pg_sleep(5)`).catch((err: unknown) => err);
        expect(Date.now() - started).toBeLessThan(3_000);
        expect(isPgError(slow, '57014')).toBe(true); // query_canceled by statement_timeout
        expect(isDatabaseUnavailable(slow)).toBe(true);

        // A transaction that stops sending statements is ended by the server, freeing its locks.
        const idle = await database.db
          .transaction(async (tx) => {
            await tx.execute(sql`select 1`);
            await new Promise((r) => setTimeout(r, 1_000));
            await tx.execute(sql`select 1`);
          })
          .catch((err: unknown) => err);
        expect(idle).toBeInstanceOf(Error);
        expect(isDatabaseUnavailable(idle)).toBe(true);
        if (database.kind !== 'postgres') throw new Error('expected PostgreSQL');
        // The pool goes on with fresh connections.
        expect((await database.pool.query('select 1 as ok')).rows[0]).toEqual({ ok: 1 });
      } finally {
        await database.close();
      }
    },
  );
});
