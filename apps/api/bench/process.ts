import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';

// What the benchmarks that start servers share: a free port, a process's memory, and one list of
// things to undo on the way out.

/** A port free on `host` right now. */
export function freePort(host: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.once('error', reject);
    probe.listen(0, host, () => {
      const address = probe.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      probe.close(() => (port ? resolve(port) : reject(new Error('no free port'))));
    });
  });
}

/** Resident memory of a process in MB (Linux /proc); NaN elsewhere. */
export function rssMb(pid: number | undefined): number {
  try {
    const status = readFileSync(`/proc/${pid}/status`, 'utf8');
    const kb = Number(/^VmRSS:\s+(\d+)\s+kB/m.exec(status)?.[1]);
    return kb / 1024;
  } catch {
    return Number.NaN;
  }
}

/** Everything to undo, newest first. */
export const cleanups: Array<() => Promise<unknown>> = [];
let cleaning: Promise<void> | undefined;

/** Runs the cleanups, also on failure and on Ctrl-C; calls while it runs share that run. */
export function cleanup(): Promise<void> {
  cleaning ??= (async () => {
    for (let fn = cleanups.pop(); fn; fn = cleanups.pop()) {
      try {
        await fn();
      } catch (err) {
        console.error('cleanup failed:', err instanceof Error ? err.message : err);
      }
    }
  })().finally(() => {
    cleaning = undefined;
  });
  return cleaning;
}

/** Whether the cleanups are running now (errors from closing connections are expected then). */
export function isCleaning(): boolean {
  return cleaning !== undefined;
}

/** Ctrl-C or SIGTERM: run the cleanups, then exit with the signal's conventional code. */
export function cleanupOnSignals(): void {
  for (const [signal, exitCode] of [
    ['SIGINT', 130],
    ['SIGTERM', 143],
  ] as const) {
    process.once(signal, () => {
      console.error(`\n${signal}: cleaning up`);
      void cleanup().finally(() => process.exit(exitCode));
    });
  }
}
