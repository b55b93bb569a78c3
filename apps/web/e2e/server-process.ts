import type { ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';

// Running the real built server as a child process: shared by the end-to-end setup and the
// Lighthouse benchmark, which both start it on a free port and stop it afterwards.

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.unref();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

/**
 * Resolves once GET /api/health answers 200; fails early if the process exits, or after `timeoutMs`
 * (180 s unless given: a first start migrates and seeds a new embedded database, which takes over a
 * minute on a busy two-core machine).
 */
export async function waitForHealth(
  baseURL: string,
  child: ChildProcess,
  output: () => string,
  timeoutMs = 180_000,
): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (child.exitCode !== null)
      throw new Error(`The server exited early (code ${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${baseURL}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 250));
  }
  throw new Error(`The server did not become healthy within ${timeoutMs / 1000} s:\n${output()}`);
}

/** SIGTERM (the server drains and closes its database), SIGKILL after 10 s. */
export async function stopServer(child: ChildProcess | undefined): Promise<void> {
  if (!child || child.exitCode !== null || child.signalCode !== null) return;
  const exited = new Promise((resolve) => child.once('exit', resolve));
  child.kill('SIGTERM');
  const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
  await exited;
  clearTimeout(timer);
}
