import { sql } from 'drizzle-orm';
import type { Config } from '../config.ts';
import type { Database, Db } from './client.ts';

// Demo data (accounts with public passwords, an admin among them, fake deposits) must never reach
// a real database (ADR 0018). Every database carries a mark of what it is for, in
// `instance_meta`: `production` from the first production start on, `demo` once a development
// start has been allowed to seed it. The table is created here, not by a migration, because the
// guard runs before the migrations: a development build must not even migrate a production
// database.

export type InstanceMode = 'demo' | 'production';

export class InstanceGuardError extends Error {}

export interface InstanceFacts {
  kind: Database['kind'];
  mark: { mode: InstanceMode; markedAt: Date } | undefined;
  /** Accounts that are not the seed's demo accounts (or its demo bot); 0 when there is no table. */
  otherAccounts: number;
}

/** What a start may do with this database, or why it must not start. Pure, for the tests. */
export function decide(
  facts: InstanceFacts,
  production: boolean,
): { mark: InstanceMode } | { refuse: string } {
  if (production) return { mark: 'production' };
  if (facts.mark?.mode === 'production') {
    return {
      refuse: [
        `This database has run in production mode (since ${facts.mark.markedAt.toISOString()}).`,
        'A development start would seed demo accounts with public passwords (one of them an admin)',
        'and demo money into it, so it is refused.',
        'Start it with NODE_ENV=production, or give development a database of its own: unset',
        'DATABASE_URL to use the embedded one, or point DATABASE_URL at a new, empty database.',
      ].join('\n'),
    };
  }
  if (facts.mark?.mode === 'demo') return { mark: 'demo' };
  // Unmarked: the embedded database is a development one by nature; a PostgreSQL database is
  // taken for demo data only when it holds no one's account yet.
  if (facts.kind === 'pglite' || facts.otherAccounts === 0) return { mark: 'demo' };
  return {
    refuse: [
      `This database holds ${facts.otherAccounts} account(s) that are not demo accounts, and it was`,
      'never marked as a development database.',
      'A development start would seed demo accounts with public passwords (one of them an admin)',
      'and demo money into it, so it is refused.',
      'If it is a production database, start with NODE_ENV=production. For development, unset',
      'DATABASE_URL to use the embedded database, or point DATABASE_URL at a new, empty database.',
    ].join('\n'),
  };
}

async function rows<T>(db: Db, query: ReturnType<typeof sql>): Promise<T[]> {
  return ((await db.execute(query)) as unknown as { rows: T[] }).rows;
}

/**
 * `demoUsernames` are the accounts the development seed makes (src/seed/), passed in because db/
 * imports no feature.
 */
export async function readInstanceFacts(
  database: Database,
  demoUsernames: readonly string[],
): Promise<InstanceFacts> {
  const { db } = database;
  await db.execute(sql`
    create table if not exists instance_meta (
      id smallint primary key default 1 check (id = 1),
      mode text not null check (mode in ('demo', 'production')),
      marked_at timestamptz not null default now()
    )`);
  const [mark] = await rows<{ mode: InstanceMode; marked_at: string | Date }>(
    db,
    sql`select mode, marked_at from instance_meta where id = 1`,
  );
  const [table] = await rows<{ present: boolean }>(
    db,
    sql`select to_regclass('public.users') is not null as present`,
  );
  let otherAccounts = 0;
  if (table?.present) {
    const demoNames = demoUsernames.map((name) => name.toLowerCase());
    const [count] = await rows<{ n: number }>(
      db,
      sql`select count(*)::int as n from users
          where lower(username) not in (${sql.join(
            demoNames.map((n) => sql`${n}`),
            sql`, `,
          )})`,
    );
    otherAccounts = Number(count?.n ?? 0);
  }
  return {
    kind: database.kind,
    mark: mark ? { mode: mark.mode, markedAt: new Date(mark.marked_at) } : undefined,
    otherAccounts,
  };
}

/**
 * Run at every start, before migrations and seeding: marks a production database as such (for
 * good), marks a database a development start may use as `demo`, and throws InstanceGuardError,
 * with what to do, when a development start meets a database that is not its own.
 */
export async function guardInstance(
  database: Database,
  config: Pick<Config, 'isProduction'>,
  demoUsernames: readonly string[],
): Promise<InstanceMode> {
  const facts = await readInstanceFacts(database, demoUsernames);
  const verdict = decide(facts, config.isProduction);
  if ('refuse' in verdict) throw new InstanceGuardError(verdict.refuse);
  // A production mark is never taken back; a demo mark is only written where none is.
  if (verdict.mark === 'production')
    await database.db.execute(sql`
      insert into instance_meta (id, mode) values (1, 'production')
      on conflict (id) do update set mode = 'production',
        marked_at = case when instance_meta.mode = 'production' then instance_meta.marked_at else now() end`);
  else
    await database.db.execute(
      sql`insert into instance_meta (id, mode) values (1, 'demo') on conflict (id) do nothing`,
    );
  return verdict.mark;
}
