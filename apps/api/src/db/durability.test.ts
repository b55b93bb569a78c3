import { spawn } from 'node:child_process';
import { fsyncSync, readlinkSync } from 'node:fs';
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PGlite } from '@electric-sql/pglite';
import { afterAll, describe, expect, it } from 'vitest';
import { writeMigratedDataDir } from '../../test/harness.ts';
import { openDatabase } from './client.ts';
import { DurableNodeFS, durableStartParams } from './durable-nodefs.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CHILD = path.join(ROOT, 'apps/api/test/commit-and-die.ts');
// Node runs the TypeScript sources itself (type stripping, ADR 0027): a child starts in well under a
// second, where a start through tsx took about four.
const dirs: string[] = [];
async function freshDir() {
  const dir = await mkdtemp(path.join(tmpdir(), 'indiesplit-durable-'));
  dirs.push(dir);
  return dir;
}
afterAll(async () => {
  for (const d of dirs) await rm(d, { recursive: true, force: true });
});
// Each directory starts from the suite's migrated dump: creating a cluster on disk, every file of it
// synced, would be most of this file's time and none of what it checks.

describe('the embedded database on disk', () => {
  it('flushes the write-ahead log to the disk before each commit is acknowledged', async () => {
    const synced: string[] = [];
    const dir = await freshDir();
    await writeMigratedDataDir(dir);
    const client = new PGlite({
      dataDir: dir,
      fs: new DurableNodeFS(dir, (fd) => {
        synced.push(path.relative(dir, fileOf(fd)));
        fsyncSync(fd);
      }),
      startParams: durableStartParams(),
    });
    await client.waitReady;
    try {
      await client.exec('create table movements (id serial primary key, cents bigint not null)');
      for (let i = 1; i <= 3; i++) {
        synced.length = 0;
        await client.query('insert into movements (cents) values ($1)', [i * 100]);
        // The operating system was asked to write the WAL segment to the disk, for this commit.
        expect(synced.filter((f) => f.startsWith('pg_wal/'))).toHaveLength(1);
      }
    } finally {
      await client.close();
    }
  });

  it('keeps a commit acknowledged just before the process is killed with SIGKILL, running with fsync on', async () => {
    const dir = await freshDir();
    await writeMigratedDataDir(dir);
    const child = spawn(process.execPath, [CHILD, dir], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const id = await new Promise<string>((resolve, reject) => {
      let out = '';
      let err = '';
      child.stdout.on('data', (d) => {
        out += d;
        const m = /committed (\d+)/.exec(out);
        if (m) {
          child.kill('SIGKILL');
          resolve(m[1] as string);
        }
      });
      child.stderr.on('data', (d) => {
        err += d;
      });
      child.on('exit', (code, signal) => {
        if (signal !== 'SIGKILL') reject(new Error(`child exited ${code}: ${err}`));
      });
    });
    await new Promise((r) => child.on('close', r));
    const database = await openDatabase({ dataDir: dir });
    try {
      if (database.kind !== 'pglite') throw new Error('expected the embedded database');
      const { rows } = await database.client.query<{ note: string }>(
        'select note from acknowledged where id = $1',
        [Number(id)],
      );
      expect(rows).toEqual([{ note: 'paid 100 EUR' }]);
      // What made it survive: every commit waits for the WAL to be flushed through fsync().
      const show = async (name: string) =>
        (await database.client.query<Record<string, string>>(`show ${name}`)).rows[0]?.[name];
      expect(await show('fsync')).toBe('on');
      expect(await show('synchronous_commit')).toBe('on');
      expect(await show('wal_sync_method')).toBe('fsync');
    } finally {
      await database.close();
    }
  }, 60_000);
});

/** The file behind a descriptor (Linux: /proc/self/fd). */
function fileOf(fd: number): string {
  return readlinkSync(`/proc/self/fd/${fd}`);
}
