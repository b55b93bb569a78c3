import { execFile } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, onPostgres, type TestApp, writeMigratedDataDir } from '../../test/harness.ts';
import { childEnv } from '../../test/server-process.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { auditEvents, users } from '../db/schema.ts';
import { runUserRole } from './user-role-command.ts';

// The roles command on the embedded database in DATA_DIR, or on DATABASE_URL when the suite runs on
// PostgreSQL. The first test runs it as an operator does, a separate process; the others call the
// same command in this process (a process costs several seconds of CPU to start).

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const SCRIPT = path.join(ROOT, 'apps/api/src/cli/user-role.ts');

// On PostgreSQL the command works on the test app's database; on PGlite on a data directory of
// its own, so no test app is needed.
let t: TestApp;
let dataDir: string;
beforeAll(async () => {
  if (onPostgres) t = await createTestApp();
  dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-cli-'));
});
afterAll(async () => {
  await t?.close();
  await rm(dataDir, { recursive: true, force: true });
});

/** Runs `work` on the database the command will use; the embedded one is closed again afterwards. */
async function withDb<T>(work: (db: Db) => Promise<T>): Promise<T> {
  if (onPostgres) return work(t.database.db);
  const dir = `${dataDir}/pglite`;
  // The first opening starts from the suite's migrated data directory instead of migrating from
  // nothing.
  if (!existsSync(dir)) await writeMigratedDataDir(dir);
  const database = await openDatabase({ dataDir: dir });
  try {
    return await work(database.db);
  } finally {
    await database.close();
  }
}

function commandEnv(env: Record<string, string>): Record<string, string> {
  return {
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    SESSION_SECRET: randomBytes(32).toString('hex'),
    ...(onPostgres ? { DATABASE_URL: t.config.databaseUrl!, DATA_DIR: dataDir } : { DATA_DIR: dataDir }),
    ...env,
  };
}

/** `npm run user:role` as a process of its own. */
async function roleProcess(args: string[]) {
  try {
    // Node strips the types itself (ADR 0027): no tsx start-up.
    const { stdout, stderr } = await run(process.execPath, [SCRIPT, ...args], {
      env: { ...childEnv(), ...commandEnv({}) },
      cwd: ROOT,
    });
    return { code: 0, stdout, stderr };
  } catch (err) {
    const e = err as { code: number; stdout: string; stderr: string };
    return { code: e.code, stdout: e.stdout, stderr: e.stderr };
  }
}

/** The same command run in this process, with what it prints. */
async function roleCommand(args: string[], env: Record<string, string> = {}) {
  const stdout: string[] = [];
  const stderr: string[] = [];
  const code = await runUserRole(args, commandEnv(env), {
    log: (line) => stdout.push(`${line}\n`),
    error: (line) => stderr.push(`${String(line)}\n`),
  });
  return { code, stdout: stdout.join(''), stderr: stderr.join('') };
}

async function addUser(db: Db) {
  const id = randomBytes(4).toString('hex');
  const [row] = await db
    .insert(users)
    .values({
      username: `ops_${id}`,
      email: `Ops_${id}@example.com`,
      userTypes: ['gamer'],
      termsAcceptedAt: new Date(),
    })
    .returning();
  return row!;
}

const roleOf = (db: Db, id: string) =>
  db
    .select({ role: users.staffRole })
    .from(users)
    .where(eq(users.id, id))
    .then((rows) => rows[0]?.role);

describe('npm run user:role', () => {
  it('gives, changes and takes away a role, case-insensitively by email, with an audit event each time', async () => {
    const user = await withDb(addUser);
    const email = user.email.toLowerCase();

    const admin = await roleProcess(['--email', email, '--role', 'admin']);
    expect(admin).toMatchObject({ code: 0 });
    expect(admin.stdout).toContain(`${user.username}: no role -> admin.`);

    const same = await roleCommand(['--email', user.email, '--role', 'ADMIN']);
    expect(same.stdout).toContain('already has admin; nothing changed.');

    const reviewer = await roleCommand(['--email', email, '--role', 'reviewer']);
    expect(reviewer.stdout).toContain('admin -> reviewer');
    const none = await roleCommand(['--email', email, '--role', 'none']);
    expect(none.stdout).toContain('reviewer -> no role');

    const { role, audit } = await withDb(async (db) => ({
      role: await roleOf(db, user.id),
      audit: await db
        .select()
        .from(auditEvents)
        .where(and(eq(auditEvents.userId, user.id), eq(auditEvents.kind, 'staff_role_changed')))
        .orderBy(auditEvents.id),
    }));
    expect(role).toBeNull();
    expect(audit.map((a) => a.data)).toEqual([
      { from: null, to: 'admin', via: 'command line' },
      { from: 'admin', to: 'reviewer', via: 'command line' },
      { from: 'reviewer', to: null, via: 'command line' },
    ]);
  }, 120_000);

  it('explains an unknown email, an unknown role and missing arguments, and exits 1', async () => {
    await withDb(async () => {});
    const unknownEmail = await roleCommand(['--email', 'nobody@example.com', '--role', 'admin']);
    expect(unknownEmail.code).toBe(1);
    expect(unknownEmail.stderr).toContain('No account has the email address nobody@example.com.');

    const unknownRole = await roleCommand(['--email', 'nobody@example.com', '--role', 'owner']);
    expect(unknownRole.code).toBe(1);
    expect(unknownRole.stderr).toContain('Unknown role "owner": use admin, reviewer or none.');

    const missing = await roleProcess(['--role', 'admin']);
    expect(missing.code).toBe(1);
    expect(missing.stderr).toContain('Missing --email.');
    expect(missing.stderr).toContain('Usage: npm run user:role');
  }, 120_000);

  it('says so when there is no embedded database to change', async () => {
    if (onPostgres) return;
    const empty = await mkdtemp(path.join(tmpdir(), 'indiesplit-cli-empty-'));
    try {
      const res = await roleCommand(['--email', 'a@example.com', '--role', 'admin'], { DATA_DIR: empty });
      expect(res.code).toBe(1);
      expect(res.stderr).toContain('There is no embedded database');
    } finally {
      await rm(empty, { recursive: true, force: true });
    }
  }, 60_000);
});
