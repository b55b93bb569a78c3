import { closeSync, createWriteStream, constants as fsConstants, fsyncSync, openSync } from 'node:fs';
import {
  chmod,
  copyFile,
  link,
  mkdir,
  mkdtemp,
  readdir,
  readFile,
  rename,
  rm,
  stat,
  writeFile,
} from 'node:fs/promises';
import net from 'node:net';
import path from 'node:path';
import type { Writable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { PGlite } from '@electric-sql/pglite';
import { create as tarCreate, extract as tarExtract, list as tarList } from 'tar';
import { DurableNodeFS, durableStartParams } from '../db/durable-nodefs.ts';

// Backup and restore of the embedded default: the PGlite database and the uploads in one archive
// (ADR 0019). Only the process that has the database open can read it consistently, so a running
// server takes the snapshot itself and hands it over a Unix socket in DATA_DIR; with the server
// stopped, the command opens the database itself.

/** The embedded database's folder inside DATA_DIR (where the server keeps it). */
export const embeddedDatabaseDir = (dataDir: string) => path.join(dataDir, 'pglite');
/** The running server answers backup requests on this socket, readable by DATA_DIR's owner only. */
export const backupSocketPath = (dataDir: string) => path.join(dataDir, 'backup.sock');

const FORMAT = 'indiesplit-backup';
const VERSION = 1;
const SECRET_FILE = '.session-secret';

interface Manifest {
  format: typeof FORMAT;
  version: number;
  createdAt: string;
  uploads: number;
  sessionSecret: boolean;
}

export class BackupError extends Error {}

export interface BackupSource {
  client: PGlite;
  dataDir: string;
  uploadsDir: string;
}

/**
 * Hard-links (or copies, across file systems) every file under `from` into `to` that is not there
 * yet; returns how many it added.
 */
async function linkTree(from: string, to: string): Promise<number> {
  await mkdir(to, { recursive: true });
  let count = 0;
  let entries: import('node:fs').Dirent[];
  try {
    entries = await readdir(from, { withFileTypes: true });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return 0;
    throw err;
  }
  for (const e of entries) {
    const src = path.join(from, e.name);
    const dst = path.join(to, e.name);
    if (e.isDirectory()) count += await linkTree(src, dst);
    else if (e.isFile()) {
      try {
        await link(src, dst);
      } catch (err) {
        const code = (err as NodeJS.ErrnoException).code;
        if (code === 'EEXIST') continue;
        if (code === 'ENOENT') continue; // removed since the listing
        await copyFile(src, dst, fsConstants.COPYFILE_EXCL);
      }
      count++;
    }
  }
  return count;
}

/**
 * The snapshot, in a fresh folder inside DATA_DIR: the database as of one instant (a checkpoint,
 * then PGlite's copy of its files taken between two statements, which PostgreSQL opens as after a
 * crash: every committed transaction, none of an unfinished one), and the uploads as hard links
 * taken just before and just after that instant. A file is written before the row that names it
 * and removed only after the row that stops naming it, so each file the copy names existed at its
 * instant and is in one of the two passes, unless it was both written and removed in the
 * milliseconds between them. Files removed later stay in the snapshot (the links keep them).
 */
async function stage(source: BackupSource): Promise<{ dir: string; manifest: Manifest }> {
  const dir = await mkdtemp(path.join(source.dataDir, '.backup-'));
  try {
    const linked = path.join(dir, 'uploads');
    let uploads = await linkTree(source.uploadsDir, linked);
    await source.client.exec('CHECKPOINT');
    const dump = await source.client.dumpDataDir('none');
    uploads += await linkTree(source.uploadsDir, linked);
    await writeFile(path.join(dir, 'database.tar'), Buffer.from(await dump.arrayBuffer()));
    let sessionSecret = false;
    try {
      // The development secret also encrypts stored pitch passwords: it travels with the data.
      await copyFile(path.join(source.dataDir, SECRET_FILE), path.join(dir, SECRET_FILE));
      sessionSecret = true;
    } catch {}
    const manifest: Manifest = {
      format: FORMAT,
      version: VERSION,
      createdAt: new Date().toISOString(),
      uploads,
      sessionSecret,
    };
    await writeFile(path.join(dir, 'manifest.json'), JSON.stringify(manifest, null, 2));
    return { dir, manifest };
  } catch (err) {
    await rm(dir, { recursive: true, force: true });
    throw err;
  }
}

async function packInto(dir: string, manifest: Manifest, out: Writable): Promise<void> {
  const entries = [
    'manifest.json',
    'database.tar',
    'uploads',
    ...(manifest.sessionSecret ? [SECRET_FILE] : []),
  ];
  await pipeline(tarCreate({ gzip: true, cwd: dir, portable: true }, entries), out);
}

/** Writes a backup of an open embedded database and its uploads, as tar.gz, to `out`. */
export async function writeBackup(source: BackupSource, out: Writable): Promise<Manifest> {
  const { dir, manifest } = await stage(source);
  try {
    await packInto(dir, manifest, out);
    return manifest;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** Checks that a finished archive reads to its end and holds a manifest and a database. */
export async function verifyArchive(file: string): Promise<Manifest> {
  const names = new Set<string>();
  let manifestText = '';
  await tarList({
    file,
    strict: true,
    onReadEntry: (entry) => {
      names.add(entry.path.replace(/^\.\//, ''));
      if (entry.path.replace(/^\.\//, '') === 'manifest.json') {
        entry.on('data', (d: Buffer) => {
          manifestText += d.toString('utf8');
        });
      } else entry.resume();
    },
  });
  let manifest: Manifest;
  try {
    manifest = JSON.parse(manifestText) as Manifest;
  } catch {
    throw new BackupError(`${file} is not an IndieSplit backup (no manifest)`);
  }
  if (manifest.format !== FORMAT || manifest.version !== VERSION || !names.has('database.tar')) {
    throw new BackupError(`${file} is not an IndieSplit backup of a version this release reads`);
  }
  return manifest;
}

/** Writes to `file` only once complete: first to `file.partial`, checked, then renamed. */
export async function writeArchiveFile(
  file: string,
  write: (out: Writable) => Promise<unknown>,
): Promise<Manifest> {
  const partial = `${file}.partial`;
  try {
    await write(createWriteStream(partial, { mode: 0o600 }));
    const fd = openSync(partial, 'r');
    fsyncSync(fd);
    closeSync(fd);
    const manifest = await verifyArchive(partial);
    await rename(partial, file);
    return manifest;
  } catch (err) {
    await rm(partial, { force: true });
    throw err;
  }
}

/**
 * The running server's side: answers `backup` on DATA_DIR/backup.sock with a header line, then the
 * archive. One backup at a time. The socket is only reachable by who can reach DATA_DIR itself.
 */
export async function serveBackups(
  source: BackupSource,
  log: { info(obj: object, msg: string): void; error(obj: object, msg: string): void },
): Promise<{ close(): Promise<void> }> {
  const socket = backupSocketPath(source.dataDir);
  // This process holds DATA_DIR's lock, so a socket file left there is a killed predecessor's.
  await rm(socket, { force: true });
  let busy = false;
  const server = net.createServer((conn) => {
    conn.on('error', () => {});
    conn.once('data', async (chunk) => {
      if (chunk.toString('utf8').trim() !== 'backup') {
        conn.end(`${JSON.stringify({ error: 'unknown request' })}\n`);
        return;
      }
      if (busy) {
        conn.end(`${JSON.stringify({ error: 'a backup is already being taken' })}\n`);
        return;
      }
      busy = true;
      const started = Date.now();
      try {
        const { dir, manifest } = await stage(source);
        try {
          conn.write(`${JSON.stringify({ ok: true, manifest })}\n`);
          await packInto(dir, manifest, conn);
          log.info({ uploads: manifest.uploads, ms: Date.now() - started }, 'backup taken');
        } finally {
          await rm(dir, { recursive: true, force: true });
        }
      } catch (err) {
        log.error({ err }, 'backup failed');
        if (!conn.destroyed) conn.end(`${JSON.stringify({ error: (err as Error).message })}\n`);
      } finally {
        busy = false;
      }
    });
  });
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(socket, () => {
      server.off('error', reject);
      resolve();
    });
  });
  await chmod(socket, 0o600);
  return {
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        void rm(socket, { force: true });
      }),
  };
}

/** The command's side of the socket: streams the running server's backup into `out`. */
export function requestBackup(dataDir: string, out: Writable): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const conn = net.connect(backupSocketPath(dataDir));
    let header = '';
    let streaming = false;
    conn.on('error', reject);
    conn.on('connect', () => conn.write('backup\n'));
    conn.on('data', (chunk: Buffer) => {
      if (streaming) return;
      header += chunk.toString('latin1');
      const nl = header.indexOf('\n');
      if (nl < 0) return;
      const answer = JSON.parse(header.slice(0, nl)) as { ok?: boolean; error?: string };
      if (!answer.ok) {
        conn.destroy();
        reject(new BackupError(`the server refused the backup: ${answer.error ?? 'no reason given'}`));
        return;
      }
      streaming = true;
      conn.pause();
      conn.removeAllListeners('data');
      const rest = Buffer.from(header.slice(nl + 1), 'latin1');
      if (rest.length > 0) conn.unshift(rest);
      pipeline(conn, out).then(resolve, reject);
    });
    conn.on('end', () => {
      if (!streaming) reject(new BackupError('the server closed the connection without an answer'));
    });
  });
}

/** What may already be in a DATA_DIR that restore is asked to fill: nothing but its own lock. */
async function assertEmpty(dataDir: string): Promise<void> {
  let entries: string[] = [];
  try {
    entries = await readdir(dataDir);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
  const left: string[] = [];
  for (const name of entries) {
    if (name === '.lock') continue;
    if (name === 'uploads' && (await stat(path.join(dataDir, name))).isDirectory()) {
      if ((await readdir(path.join(dataDir, name))).length === 0) continue;
    }
    left.push(name);
  }
  if (left.length > 0) {
    throw new BackupError(
      `DATA_DIR ${dataDir} is not empty (${left.slice(0, 5).join(', ')}${left.length > 5 ? ', …' : ''}): restore only fills an empty directory; move its contents away first`,
    );
  }
}

async function fsyncTree(dir: string): Promise<void> {
  for (const e of await readdir(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) await fsyncTree(p);
    const fd = openSync(p, 'r');
    fsyncSync(fd);
    closeSync(fd);
  }
}

/**
 * Brings an archive back into an empty DATA_DIR (the caller holds its lock): the database through
 * PGlite's own loader, then the uploads and the development secret, each flushed to the disk.
 */
export async function restoreBackup(archive: string, dataDir: string): Promise<Manifest> {
  await assertEmpty(dataDir);
  const manifest = await verifyArchive(archive);
  const work = await mkdtemp(path.join(dataDir, '.restore-'));
  try {
    await tarExtract({ file: archive, cwd: work, strict: true });
    const dbDir = embeddedDatabaseDir(dataDir);
    const dump = new Blob([await readFile(path.join(work, 'database.tar'))]);
    const client = new PGlite({
      dataDir: dbDir,
      fs: new DurableNodeFS(dbDir),
      startParams: durableStartParams(),
      loadDataDir: dump,
    });
    await client.waitReady;
    await client.exec('CHECKPOINT');
    await client.close();
    const uploads = path.join(dataDir, 'uploads');
    await rm(uploads, { recursive: true, force: true });
    await mkdir(path.join(work, 'uploads'), { recursive: true });
    await rename(path.join(work, 'uploads'), uploads);
    await fsyncTree(uploads);
    if (manifest.sessionSecret) {
      await rename(path.join(work, SECRET_FILE), path.join(dataDir, SECRET_FILE));
      await chmod(path.join(dataDir, SECRET_FILE), 0o600);
    }
    const fd = openSync(dataDir, 'r');
    fsyncSync(fd);
    closeSync(fd);
    return manifest;
  } catch (err) {
    // Leave the directory as empty as it was, so the next attempt is allowed.
    await rm(embeddedDatabaseDir(dataDir), { recursive: true, force: true });
    await rm(path.join(dataDir, 'uploads'), { recursive: true, force: true });
    await rm(path.join(dataDir, SECRET_FILE), { force: true });
    throw err;
  } finally {
    await rm(work, { recursive: true, force: true });
  }
}
