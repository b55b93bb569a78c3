import { execFile } from 'node:child_process';
import { createHash, randomBytes, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdtemp, readdir, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { sql } from 'drizzle-orm';
import { afterAll, describe, expect, it } from 'vitest';
import { acknowledged, fund, newCampaign, newMember } from '../../test/fixtures/settlement.ts';
import { openMigratedEmbedded, PUBLIC_URL } from '../../test/harness.ts';
import { childEnv } from '../../test/server-process.ts';
import { buildApp } from '../app.ts';
import { parseConfig } from '../config.ts';
import { type Db, openDatabase } from '../db/client.ts';
import { invest } from '../features/investing/service.ts';
import { checkLedgerInvariants } from '../features/ledger/service.ts';
import { checkRevenueInvariants } from '../features/revenue/revenue-invariants.ts';
import { checkInvestmentInvariants } from '../features/settlement/invariants.ts';
import { embeddedDatabaseDir, serveBackups } from './backup.ts';
import { lockDataDir, prepareDataDir } from './data-dir.ts';

const run = promisify(execFile);
const ROOT = path.resolve(import.meta.dirname, '../../../..');
const BACKUP = path.join(ROOT, 'apps/api/src/cli/backup.ts');
const RESTORE = path.join(ROOT, 'apps/api/src/cli/restore.ts');

const work = await mkdtemp(path.join(tmpdir(), 'indiesplit-backup-'));
afterAll(() => rm(work, { recursive: true, force: true }));

// Node runs the TypeScript sources itself (type stripping, ADR 0027): a child starts in well under a
// second, where a start through tsx took about four.
function cli(script: string, args: string[], dataDir: string) {
  return run(process.execPath, [script, ...args], {
    cwd: work,
    env: { ...childEnv(), NODE_ENV: 'test', DATA_DIR: dataDir, LOG_LEVEL: 'silent' },
    timeout: 120_000,
  });
}

/** Everything a restore must bring back: each table's rows, the three invariant reports, the files. */
async function fingerprint(db: Db, dataDir: string) {
  const rows = async <T>(q: ReturnType<typeof sql>) =>
    ((await db.execute(q)) as unknown as { rows: T[] }).rows;
  const tables = await rows<{ name: string }>(
    sql`select schemaname || '.' || tablename as name from pg_tables
        where schemaname not in ('pg_catalog', 'information_schema') order by 1`,
  );
  const content: Record<string, string> = {};
  for (const { name } of tables) {
    const [r] = await rows<{ n: number; h: string }>(
      sql.raw(`select count(*)::int as n, md5(coalesce(string_agg(t::text, E'\\n' order by t::text), '')) as h
               from ${name} t`),
    );
    content[name] = `${r?.n}:${r?.h}`;
  }
  const files: Record<string, string> = {};
  const walk = async (dir: string) => {
    for (const e of await readdir(dir, { withFileTypes: true })) {
      const p = path.join(dir, e.name);
      if (e.isDirectory()) await walk(p);
      else
        files[path.relative(dataDir, p)] = createHash('sha256')
          .update(await readFile(p))
          .digest('hex');
    }
  };
  await walk(path.join(dataDir, 'uploads'));
  return {
    content,
    invariants: {
      ledger: await checkLedgerInvariants(db),
      investments: await checkInvestmentInvariants(db),
      revenue: await checkRevenueInvariants(db),
    },
    files,
    secret: await readFile(path.join(dataDir, '.session-secret'), 'utf8'),
  };
}

describe('backup and restore of the embedded database', () => {
  it('backs up a running server online, and a wiped DATA_DIR restored from it has the same rows, invariants and files', async () => {
    const dataDir = path.join(work, 'data');
    // This test process plays the running server: it holds DATA_DIR and has the database open.
    const config = parseConfig({ NODE_ENV: 'test', PUBLIC_URL, DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    prepareDataDir(config.dataDir, config.uploadsDir);
    const lock = lockDataDir(config.dataDir, 'server');
    const database = await openMigratedEmbedded(embeddedDatabaseDir(config.dataDir));
    const app = await buildApp({ config, database, logger: false, startWorkers: false });
    await app.ready();
    const db = database.db;

    // Money in the ledger: deposits, and investments reserved in a live campaign's escrow.
    const campaign = await newCampaign(db);
    for (let i = 0; i < 4; i++) {
      const m = await newMember(db);
      await fund(db, m.id, 100_000 + i);
      await invest(
        app.ctx,
        m.id,
        campaign.id,
        { amount_cents: 10_000 + i * 100, ...acknowledged },
        randomUUID(),
      );
    }
    // Uploaded files, in nested folders, as the routes store them.
    for (const key of ['avatars/a1.png', 'avatars/a2.png', 'pitches/p-1/deck.pdf', 'statements/s.csv']) {
      await app.ctx.storage.put(key, randomBytes(20_000));
    }

    const before = await fingerprint(db, dataDir);
    expect(Object.values(before.invariants).every((r) => r.ok)).toBe(true);
    expect(Object.keys(before.files)).toHaveLength(4);

    const backups = await serveBackups(
      { client: database.client, dataDir: config.dataDir, uploadsDir: config.uploadsDir },
      { info: () => {}, error: () => {} },
    );
    const archive = path.join(work, 'online.tar.gz');
    const taken = await cli(BACKUP, ['--out', archive], dataDir);
    expect(taken.stdout).toContain('online, from the running server');
    expect(taken.stdout).toContain('4 uploaded files');

    // The server carries on after the snapshot; none of this is in the archive.
    const late = await newMember(db);
    await fund(db, late.id, 999);
    await app.ctx.storage.delete('avatars/a1.png');
    await app.ctx.storage.put('avatars/late.png', randomBytes(10));

    await backups.close();
    await app.close();
    await database.close();
    lock.release();

    // Wipe, restore into the empty directory, compare.
    await rm(dataDir, { recursive: true, force: true });
    const restored = await cli(RESTORE, [archive], dataDir);
    expect(restored.stdout).toContain('4 uploaded files');
    expect(restored.stdout.match(/invariants: hold/g)).toHaveLength(3);

    const reopened = await openDatabase({ dataDir: embeddedDatabaseDir(dataDir) });
    try {
      expect(await fingerprint(reopened.db, dataDir)).toEqual(before);
    } finally {
      await reopened.close();
    }

    // A directory with data in it is never overwritten.
    const again = await cli(RESTORE, [archive], dataDir).catch(
      (err: { code: number; stderr: string }) => err,
    );
    expect(again).toMatchObject({ code: 1 });
    expect((again as { stderr: string }).stderr).toContain(`DATA_DIR ${dataDir} is not empty`);

    // With no server running, the command opens the database itself.
    const offline = path.join(work, 'offline.tar.gz');
    const stopped = await cli(BACKUP, ['--out', offline], dataDir);
    expect(stopped.stdout).toContain('server stopped');
    expect(existsSync(offline)).toBe(true);
  }, 180_000);
});
