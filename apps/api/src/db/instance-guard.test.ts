import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, openMigratedEmbedded, registerUser, type TestApp } from '../../test/harness.ts';
import { DEMO_ACCOUNTS, DEMO_USERNAMES, seed } from '../seed/seed.ts';
import { type Database, openDatabase } from './client.ts';
import { decide, guardInstance, InstanceGuardError } from './instance-guard.ts';
import { runMigrations } from './migrate.ts';

// Demo accounts (public passwords, one of them an admin) and demo money go only into a database
// that is development's own. main.ts runs guardInstance before migrating and seeding.

const dev = { isProduction: false };
const production = { isProduction: true };

async function demoAccountsIn(database: Database): Promise<string[]> {
  const result = (await database.db.execute(
    sql`select username from users where username like 'demo\_%' order by username`,
  )) as unknown as { rows: Array<{ username: string }> };
  return result.rows.map((r) => r.username);
}

/** What main.ts does at start: guard, migrate, seed (development only). */
async function start(database: Database, config: { isProduction: boolean }, t: TestApp) {
  await guardInstance(database, config, DEMO_USERNAMES);
  await runMigrations(database);
  if (!config.isProduction)
    await seed(database.db, { ...t.config, isProduction: false, demoCampaigns: false });
}

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t?.close());

describe('the embedded database', () => {
  it('starts in development as before: marked demo, demo accounts seeded, and again at the next start', async () => {
    const database = await openDatabase({ dataDir: 'memory://' });
    try {
      await start(database, dev, t);
      await start(database, dev, t);
      expect(await demoAccountsIn(database)).toEqual(
        expect.arrayContaining(DEMO_ACCOUNTS.map((a) => a.username)),
      );
      const mark = (await database.db.execute(sql`select mode from instance_meta`)) as unknown as {
        rows: Array<{ mode: string }>;
      };
      expect(mark.rows).toEqual([{ mode: 'demo' }]);
    } finally {
      await database.close();
    }
  });

  // The first start above meets a brand-new database; these meet one already migrated (the suite's
  // dump), as every start after the first does.
  it('refuses a development start once it has run in production, says why and what to do, and seeds nothing', async () => {
    const database = await openMigratedEmbedded();
    try {
      await start(database, production, t);
      const refused = await start(database, dev, t).catch((err: unknown) => err);
      expect(refused).toBeInstanceOf(InstanceGuardError);
      const message = (refused as Error).message;
      expect(message).toMatch(/has run in production mode \(since \d{4}-/);
      expect(message).toMatch(/NODE_ENV=production/);
      expect(message).toMatch(/DATABASE_URL/);
      expect(await demoAccountsIn(database)).toEqual([]);
      // The production start itself goes on working.
      await expect(start(database, production, t)).resolves.toBeUndefined();
    } finally {
      await database.close();
    }
  });

  it('keeps a production mark even when a demo database is later run in production', async () => {
    const database = await openMigratedEmbedded();
    try {
      await start(database, dev, t);
      await start(database, production, t);
      await expect(guardInstance(database, dev, DEMO_USERNAMES)).rejects.toThrow(
        /has run in production mode/,
      );
    } finally {
      await database.close();
    }
  });
});

describe.runIf(process.env.TEST_DATABASE_URL)('a PostgreSQL database (DATABASE_URL)', () => {
  it('refuses a development start when it holds accounts that are not demo accounts, and seeds nothing', async () => {
    // The test app's database: fresh, migrated, unmarked; someone registers, as on a real site.
    await registerUser(t);
    const refused = await guardInstance(t.database, dev, DEMO_USERNAMES).catch((err: unknown) => err);
    expect(refused).toBeInstanceOf(InstanceGuardError);
    expect((refused as Error).message).toMatch(/holds 1 account\(s\) that are not demo accounts/);
    expect((refused as Error).message).toMatch(/NODE_ENV=production/);
    expect(await demoAccountsIn(t.database)).toEqual([]);
  });
});

describe('the rule', () => {
  const at = new Date('2026-01-02T03:04:05Z');
  it.each([
    ['embedded, unmarked, with accounts', { kind: 'pglite', mark: undefined, otherAccounts: 3 }, 'demo'],
    ['PostgreSQL, unmarked, empty', { kind: 'postgres', mark: undefined, otherAccounts: 0 }, 'demo'],
    [
      'PostgreSQL marked demo, with accounts made in development',
      { kind: 'postgres', mark: { mode: 'demo', markedAt: at }, otherAccounts: 7 },
      'demo',
    ],
  ] as const)('lets development seed: %s', (_name, facts, mark) => {
    expect(decide(facts, false)).toEqual({ mark });
  });

  it.each([
    ['PostgreSQL, unmarked, with accounts', { kind: 'postgres', mark: undefined, otherAccounts: 2 }],
    [
      'PostgreSQL that ran in production',
      { kind: 'postgres', mark: { mode: 'production', markedAt: at }, otherAccounts: 0 },
    ],
    [
      'embedded that ran in production',
      { kind: 'pglite', mark: { mode: 'production', markedAt: at }, otherAccounts: 0 },
    ],
  ] as const)('refuses development: %s', (_name, facts) => {
    expect(decide(facts, false)).toHaveProperty('refuse');
  });

  it('marks every database a production start meets as production', () => {
    expect(
      decide({ kind: 'postgres', mark: { mode: 'demo', markedAt: at }, otherAccounts: 0 }, true),
    ).toEqual({
      mark: 'production',
    });
  });
});
