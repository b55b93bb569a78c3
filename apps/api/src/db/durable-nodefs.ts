import { fsyncSync } from 'node:fs';
import { PGlite } from '@electric-sql/pglite';
import { NodeFS } from '@electric-sql/pglite/nodefs';

// Durable commits for the embedded database (ADR 0019).
//
// PGlite starts PostgreSQL with `-F` (fsync=off), and even with fsync on, the WebAssembly build's
// fsync() reaches Emscripten's NODEFS, whose file streams have no fsync: the call returns success
// and nothing is flushed. Both are fixed here:
// - NODEFS file streams get an fsync that calls the operating system's fsync on the real file;
// - PostgreSQL runs with fsync on, and flushes the WAL at each commit through fsync() (its default,
//   fdatasync(), is a separate Emscripten call that does nothing and cannot be reached from here).
// With both, a commit is acknowledged only once its WAL record is on the disk.

type NodefsStream = { nfd?: number };
type NodefsModule = { NODEFS: { stream_ops: { fsync?: (stream: NodefsStream) => number } } };

/** NodeFS whose fsync() reaches the disk. */
export class DurableNodeFS extends NodeFS {
  private readonly sync: (fd: number) => void;

  /** `sync` is the operating system's fsync; tests hand in one that also counts. */
  constructor(dataDir: string, sync: (fd: number) => void = fsyncSync) {
    super(dataDir);
    this.sync = sync;
  }

  override async init(pg: PGlite, opts: Parameters<NodeFS['init']>[1]) {
    const result = await super.init(pg, opts);
    const preRun = result.emscriptenOpts.preRun ?? [];
    const sync = this.sync;
    result.emscriptenOpts.preRun = [
      (mod: unknown) => {
        // Every NODEFS node shares this stream_ops object, so one assignment covers every file.
        (mod as NodefsModule).NODEFS.stream_ops.fsync = (stream) => {
          if (stream.nfd === undefined) return 0;
          try {
            sync(stream.nfd);
            return 0;
          } catch (err) {
            // Handed back as an errno (WASI numbering), as the real call would: PostgreSQL ignores
            // EBADF/EINVAL on directories and stops on anything else rather than carry on unflushed.
            const code = (err as NodeJS.ErrnoException).code;
            return code === 'EBADF' ? 8 : code === 'EINVAL' ? 28 : 29;
          }
        };
      },
      ...preRun,
    ];
    return result;
  }
}

/** PGlite's start parameters with fsync on and the WAL flushed through fsync(). */
export function durableStartParams(): string[] {
  return [
    ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
    '-c',
    'fsync=on',
    '-c',
    'synchronous_commit=on',
    '-c',
    'wal_sync_method=fsync',
  ];
}
