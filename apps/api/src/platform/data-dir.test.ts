import { type ChildProcess, spawn, spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { childEnv } from '../../test/server-process.ts';
import { lockDataDir } from './data-dir.ts';

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const MAIN = path.join(ROOT, 'apps/api/src/main.ts');
const HOLDER = path.join(ROOT, 'apps/api/test/hold-data-dir.ts');
// Node runs the TypeScript sources itself (type stripping, ADR 0027): a child starts in well under a
// second, where a start through tsx took about four.
const base = mkdtempSync(path.join(tmpdir(), 'indiesplit-datadir-'));
afterAll(() => rmSync(base, { recursive: true, force: true }));

const children: ChildProcess[] = [];
afterEach(() => {
  for (const c of children.splice(0)) if (c.exitCode === null && c.signalCode === null) c.kill('SIGKILL');
});

/** Starts a process holding the lock the way the server does; resolves once it holds it. */
function holdInChild(dataDir: string): Promise<ChildProcess> {
  const child = spawn(process.execPath, [HOLDER, dataDir], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  children.push(child);
  return new Promise((resolve, reject) => {
    let out = '';
    let err = '';
    child.stdout?.on('data', (d) => {
      out += d;
      if (out.includes('locked')) resolve(child);
    });
    child.stderr?.on('data', (d) => {
      err += d;
    });
    child.on('exit', (code) => reject(new Error(`holder exited ${code}: ${err}`)));
  });
}

function runServer(env: Record<string, string>) {
  return spawnSync(process.execPath, [MAIN], {
    env: { ...childEnv(), NODE_ENV: 'test', PORT: '39871', LOG_LEVEL: 'silent', ...env },
    encoding: 'utf8',
    timeout: 30_000,
  });
}

function killed(child: ChildProcess): Promise<void> {
  return new Promise((resolve) => {
    child.on('exit', () => resolve());
    child.kill('SIGKILL');
  });
}

describe('one process per data directory', () => {
  it('refuses to start the server on a directory another process holds, naming the directory and the holder', async () => {
    const dataDir = path.join(base, 'busy');
    const holder = await holdInChild(dataDir);
    const result = runServer({ DATA_DIR: dataDir });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `DATA_DIR ${dataDir} is in use by process ${holder.pid} on ${hostname()}`,
    );
    expect(result.stderr).toMatch(/test holder, started \d{4}-\d\d-\d\dT/);
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 40_000);

  it('a lock left by a killed process does not block the next one', async () => {
    const dataDir = path.join(base, 'crashed');
    const first = await holdInChild(dataDir);
    // While it lives, a second holder is refused...
    await expect(holdInChild(dataDir)).rejects.toThrow(`in use by process ${first.pid}`);
    // ...and after kill -9 (no clean-up ran) the next one gets the lock at once.
    await killed(first);
    const second = await holdInChild(dataDir);
    expect(second.pid).not.toBe(first.pid);
    await killed(second);
    const mine = lockDataDir(dataDir, 'test');
    mine.release();
  }, 40_000);

  it('releases the directory on release, for the next owner', () => {
    const dataDir = path.join(base, 'released');
    const a = lockDataDir(dataDir, 'first');
    a.release();
    const b = lockDataDir(dataDir, 'second');
    b.release();
  });
});

describe('an unusable DATA_DIR', () => {
  const file = path.join(base, 'a-file');
  writeFileSync(file, 'not a directory');

  for (const [what, dataDir] of [
    ['a file', file],
    ['a path under a file', path.join(file, 'data')],
  ] as const) {
    for (const secret of [false, true]) {
      it(`stops the server with a message naming DATA_DIR when it is ${what}${secret ? ' (SESSION_SECRET set)' : ''}`, () => {
        const result = runServer({
          DATA_DIR: dataDir,
          ...(secret ? { SESSION_SECRET: 'x'.repeat(40) } : {}),
        });
        expect(result.status).toBe(1);
        expect(result.stderr).toContain(
          `DATA_DIR: ${dataDir} is a file (or lies under one), not a directory`,
        );
        expect(result.stderr).not.toMatch(/\n\s+at /);
      }, 40_000);
    }
  }

  it('stops the server with a message naming DATA_DIR when it may not be written (even as root)', () => {
    // Nobody may create folders in /sys on Linux, root included.
    const dataDir = '/sys/indiesplit-test/data';
    const result = runServer({ DATA_DIR: dataDir, SESSION_SECRET: 'x'.repeat(40) });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `DATA_DIR: ${dataDir} is not writable by this process (permission denied)`,
    );
    expect(result.stderr).not.toMatch(/\n\s+at /);
  }, 40_000);
});
