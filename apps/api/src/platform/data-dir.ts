import {
  accessSync,
  closeSync,
  constants,
  fstatSync,
  ftruncateSync,
  mkdirSync,
  openSync,
  readFileSync,
  statSync,
  writeSync,
} from 'node:fs';
import { createRequire } from 'node:module';
import { hostname } from 'node:os';
import path from 'node:path';

// The data directory: checked before anything is written to it, and owned by one process at a
// time on the embedded database (ADR 0019).

const require = createRequire(import.meta.url);
// An open-file-description lock (Linux) or flock (macOS), LockFileEx on Windows: held by the kernel
// for as long as the file stays open, so it dies with the process, kill -9 included.
const { tryLock, unlock } = require('fs-native-extensions') as {
  tryLock(fd: number, opts?: { shared?: boolean }): boolean;
  unlock(fd: number): void;
};

const LOCK_FILE = '.lock';

/** The message that stops the process when DATA_DIR cannot be used: it names the variable. */
export function unusableDataDirMessage(dataDir: string, err: unknown): string {
  return `Invalid configuration:\n  DATA_DIR: ${dataDir} ${reason(err)}`;
}

export class DataDirUnusableError extends Error {}

function reason(err: unknown): string {
  const e = err as NodeJS.ErrnoException;
  switch (e.code) {
    case 'ENOTDIR':
    case 'EEXIST':
      return 'is a file (or lies under one), not a directory';
    case 'EACCES':
    case 'EPERM':
      return 'is not writable by this process (permission denied)';
    case 'EROFS':
      return 'is on a read-only file system';
    case 'ENOSPC':
      return 'has no space left on its device';
    default:
      return `cannot be used (${e.code ?? e.message})`;
  }
}

/**
 * Creates DATA_DIR and its uploads folder and checks that this process may write there; an unusable
 * path stops the process with a message that names the variable, never a stack trace.
 */
export function prepareDataDir(dataDir: string, uploadsDir: string): void {
  try {
    mkdirSync(uploadsDir, { recursive: true });
    if (!statSync(dataDir).isDirectory())
      throw Object.assign(new Error('not a directory'), { code: 'ENOTDIR' });
    accessSync(dataDir, constants.W_OK | constants.X_OK);
    accessSync(uploadsDir, constants.W_OK | constants.X_OK);
  } catch (err) {
    throw new DataDirUnusableError(unusableDataDirMessage(dataDir, err));
  }
}

export interface LockHolder {
  pid: number;
  host: string;
  startedAt: string;
  role: string;
}

export class DataDirBusyError extends Error {
  readonly dataDir: string;
  readonly holder: LockHolder | null;

  constructor(dataDir: string, holder: LockHolder | null) {
    const who = holder
      ? `process ${holder.pid} on ${holder.host} (${holder.role}, started ${holder.startedAt})`
      : 'another process';
    super(
      `DATA_DIR ${dataDir} is in use by ${who}.\n` +
        'The embedded database can be opened by one process at a time: stop that process first, ' +
        'or give this one another DATA_DIR.',
    );
    this.dataDir = dataDir;
    this.holder = holder;
  }
}

export interface DataDirLock {
  readonly dataDir: string;
  release(): void;
}

function readHolder(fd: number): LockHolder | null {
  try {
    const size = fstatSync(fd).size;
    if (size === 0) return null;
    const holder = JSON.parse(readFileSync(fd, 'utf8')) as LockHolder;
    return typeof holder.pid === 'number' ? holder : null;
  } catch {
    return null;
  }
}

/**
 * Takes the exclusive lock on `DATA_DIR/.lock` without waiting, or throws DataDirBusyError naming
 * the holder. The lock file is never deleted (another process may have it open); its content only
 * describes the holder for that message.
 */
export function lockDataDir(dataDir: string, role: string): DataDirLock {
  mkdirSync(dataDir, { recursive: true });
  const file = path.join(dataDir, LOCK_FILE);
  const fd = openSync(file, constants.O_RDWR | constants.O_CREAT, 0o600);
  let locked = false;
  try {
    locked = tryLock(fd);
    if (!locked) throw new DataDirBusyError(dataDir, readHolder(fd));
    const holder: LockHolder = {
      pid: process.pid,
      host: hostname(),
      startedAt: new Date().toISOString(),
      role,
    };
    ftruncateSync(fd, 0);
    writeSync(fd, JSON.stringify(holder), 0);
  } catch (err) {
    if (locked) unlock(fd);
    closeSync(fd);
    throw err;
  }
  let released = false;
  return {
    dataDir,
    release() {
      if (released) return;
      released = true;
      ftruncateSync(fd, 0);
      unlock(fd);
      closeSync(fd);
    },
  };
}
