import { existsSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { STAFF_ROLES, type StaffRole } from '@indiesplit/shared/pitches';
import { ConfigError, parseConfig } from '../config.ts';
import { openDatabase } from '../db/client.ts';
import { RoleChangeError, setStaffRole } from '../features/review/service.ts';
import { DataDirBusyError, lockDataDir } from '../platform/data-dir.ts';

// What `npm run user:role` does (user-role.ts is its process entry): gives or takes a back-office
// role, on DATABASE_URL or on the embedded database in DATA_DIR (stop the server first: the
// embedded database is opened by one process at a time). Kept apart from the entry so the tests can
// run the command in their own process; one test still runs it as an operator does.

const USAGE = 'Usage: npm run user:role -- --email <address> --role admin|reviewer|none';

class UsageError extends Error {}

function parseRoleArgs(argv: string[]): { email: string; role: StaffRole | null } {
  let values: { email?: string | undefined; role?: string | undefined };
  try {
    ({ values } = parseArgs({
      args: argv,
      options: { email: { type: 'string' }, role: { type: 'string' } },
      strict: true,
    }));
  } catch (err) {
    throw new UsageError(`${(err as Error).message}\n${USAGE}`);
  }
  const email = values.email?.trim();
  if (!email) throw new UsageError(`Missing --email.\n${USAGE}`);
  const role = values.role?.trim().toLowerCase();
  if (role === 'none') return { email, role: null };
  if (!role || !(STAFF_ROLES as readonly string[]).includes(role)) {
    throw new UsageError(`Unknown role "${values.role ?? ''}": use admin, reviewer or none.\n${USAGE}`);
  }
  return { email, role: role as StaffRole };
}

const describe = (role: StaffRole | null) => role ?? 'no role';

/** Where the command writes: the process's own streams, or a test's. */
export interface CommandOutput {
  log(line: string): void;
  error(line: unknown): void;
}

/** Runs the command; answers the process's exit code (0 done or nothing to do, 1 refused). */
export async function runUserRole(
  argv: string[],
  env: NodeJS.ProcessEnv,
  out: CommandOutput = console,
): Promise<number> {
  try {
    const { email, role } = parseRoleArgs(argv);
    const config = parseConfig(env);
    const dataDir = `${config.dataDir}/pglite`;
    if (!config.databaseUrl && !existsSync(dataDir)) {
      throw new UsageError(
        `There is no embedded database in ${config.dataDir}: start the server once (npm start), set DATA_DIR, or set DATABASE_URL.`,
      );
    }
    // Refused while the server (or anything else) has the embedded database open (ADR 0019).
    const lock = config.databaseUrl ? null : lockDataDir(config.dataDir, 'npm run user:role');
    const database = await openDatabase({ url: config.databaseUrl, dataDir });
    try {
      const { username, previous } = await setStaffRole(database.db, email, role);
      out.log(
        previous === role
          ? `${username} already has ${describe(role)}; nothing changed.`
          : `${username}: ${describe(previous)} -> ${describe(role)}.`,
      );
      return 0;
    } finally {
      await database.close();
      lock?.release();
    }
  } catch (err) {
    const code =
      (err as { code?: string; cause?: { code?: string } }).cause?.code ?? (err as { code?: string }).code;
    if (
      err instanceof UsageError ||
      err instanceof RoleChangeError ||
      err instanceof ConfigError ||
      err instanceof DataDirBusyError
    ) {
      out.error(err.message);
    } else if (code === '42P01' || code === '42703') {
      out.error(
        'The database is not migrated yet: run `npm run db:migrate` (or start the server once) first.',
      );
    } else {
      out.error(err);
    }
    return 1;
  }
}
