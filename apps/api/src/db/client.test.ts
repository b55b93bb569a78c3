import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
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
});
