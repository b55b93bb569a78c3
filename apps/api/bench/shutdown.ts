import { mkdtemp, rm } from 'node:fs/promises';
import http from 'node:http';
import { cpus, loadavg, tmpdir } from 'node:os';
import path from 'node:path';
import { freePort, startServer, waitForHealth } from '../test/server-process.ts';
import { BenchError, createThrowAwayDatabase, redactUrl } from './postgres.ts';

// A clean stop under load (ADR 0020): the real server (main.ts) takes keep-alive traffic from
// many connections; SIGTERM arrives in the middle. Prints how long the stop took and its exit
// code, and what the clients saw: answers by status, and connection errors by kind (refused
// connections are expected once the listener is closed; resets mid-answer are not).
//   BENCH_DATABASE_URL: run on a throw-away PostgreSQL database (default: the embedded one),
//   BENCH_CONNECTIONS (32), BENCH_SIGTERM_AFTER_S (4)

const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const signalAfter = Number(process.env.BENCH_SIGTERM_AFTER_S ?? 4);

async function main() {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-bench-shutdown-'));
  const pgDb = process.env.BENCH_DATABASE_URL
    ? await createThrowAwayDatabase(process.env.BENCH_DATABASE_URL)
    : undefined;
  const port = await freePort();
  const server = startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    LOG_LEVEL: 'warn',
    SETTLEMENT_INTERVAL_SECONDS: '1',
    ...(pgDb ? { DATABASE_URL: pgDb.url } : {}),
  });
  try {
    await waitForHealth(server);
    console.log(
      `bench:shutdown on ${pgDb ? `PostgreSQL ${pgDb.serverVersion} at ${redactUrl(process.env.BENCH_DATABASE_URL!)}` : 'the embedded database'}: ${connections} keep-alive connections on GET /api/campaigns/, SIGTERM after ${signalAfter} s`,
    );
    const statuses = new Map<number, number>();
    const errors = new Map<string, number>();
    // Clients that follow HTTP: a keep-alive agent reuses connections and honours Connection: close.
    const agent = new http.Agent({ keepAlive: true, maxSockets: connections });
    let running = true;
    const get = () =>
      new Promise<void>((resolve) => {
        const req = http.get(`${server.url}/api/campaigns/`, { agent }, (res) => {
          res.resume();
          res.on('end', () => {
            statuses.set(res.statusCode ?? 0, (statuses.get(res.statusCode ?? 0) ?? 0) + 1);
            resolve();
          });
          res.on('error', () => resolve());
        });
        req.on('error', (err: NodeJS.ErrnoException) => {
          const code = err.code ?? err.message;
          errors.set(code, (errors.get(code) ?? 0) + 1);
          setTimeout(resolve, code === 'ECONNREFUSED' ? 50 : 0);
        });
      });
    const loops = Array.from({ length: connections }, async () => {
      while (running) await get();
    });
    await new Promise((r) => setTimeout(r, signalAfter * 1000));
    const beforeSignal = [...statuses.values()].reduce((a, b) => a + b, 0);
    const signalled = Date.now();
    server.child.kill('SIGTERM');
    const exit = await server.exited;
    const stopMs = exit.at - signalled;
    running = false;
    await Promise.all(loops);
    agent.destroy();

    console.log(`answers before SIGTERM:   ${beforeSignal}`);
    console.log(
      `stop took:                ${stopMs} ms, exit code ${exit.code}${exit.signal ? ` (${exit.signal})` : ''}`,
    );
    console.log(`answers by status:        ${[...statuses].map(([s, n]) => `${s}: ${n}`).join(', ')}`);
    console.log(
      `connection errors:        ${[...errors].map(([c, n]) => `${c}: ${n}`).join(', ') || 'none'}`,
    );
    const stopped = server.output().match(/"ms":(\d+)[^\n]*stopped cleanly/);
    if (stopped) console.log(`server's own count:       stopped cleanly in ${stopped[1]} ms`);
    console.log(
      `load average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')} on ${cpus().length} cores`,
    );
    if (exit.code !== 0 || (errors.get('ECONNRESET') ?? 0) > 0) process.exitCode = 1;
  } finally {
    if (server.child.exitCode === null) server.child.kill('SIGKILL');
    await rm(dataDir, { recursive: true, force: true });
    await pgDb?.drop();
  }
}

main().catch((err) => {
  console.error(err instanceof BenchError ? err.message : err);
  process.exitCode = 1;
});
