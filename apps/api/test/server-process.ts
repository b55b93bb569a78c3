import { type ChildProcess, spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createServer, type Server, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// The real server entry (main.ts) as a child process, for what only a whole process shows:
// signals, exit codes, start-up against an unreachable database. Node runs main.ts by stripping its
// types (ADR 0027): a start costs a fraction of a second instead of tsx's four or so.

export const MAIN = fileURLToPath(new URL('../src/main.ts', import.meta.url));

/**
 * What every child process of the tests starts with: the PATH, and Node's compile cache, so the
 * dozens of processes the suite starts compile the app's and its libraries' modules once between
 * them (about a fifth of each start's CPU).
 */
export function childEnv(): Record<string, string> {
  return {
    PATH: process.env.PATH ?? '',
    NODE_COMPILE_CACHE: process.env.NODE_COMPILE_CACHE ?? path.join(tmpdir(), 'indiesplit-compile-cache'),
  };
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.on('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no free port')),
      );
    });
  });
}

export interface ServerProcess {
  child: ChildProcess;
  url: string;
  output(): string;
  /** Resolves with the exit code (or signal name) and when it happened. */
  exited: Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>;
}

export function startServer(env: Record<string, string>): ServerProcess {
  let out = '';
  const port = env.PORT ?? '0';
  const child = spawn(process.execPath, [MAIN], {
    env: {
      ...childEnv(),
      NODE_ENV: 'test',
      HOST: '127.0.0.1',
      SESSION_SECRET: randomBytes(32).toString('hex'),
      LOG_LEVEL: 'info',
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  child.stderr?.on('data', (d: Buffer) => {
    out += d.toString();
  });
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null; at: number }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal, at: Date.now() })),
  );
  return { child, url: `http://127.0.0.1:${port}`, output: () => out, exited };
}

/** Resolves once GET /api/health answers 200; fails if the process exits first or after `ms`. */
export async function waitForHealth(server: ServerProcess, ms = 90_000): Promise<void> {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null) throw new Error(`server exited early:\n${server.output()}`);
    try {
      const res = await fetch(`${server.url}/api/health`);
      if (res.ok) return;
    } catch {
      // not listening yet
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error(`server not healthy within ${ms} ms:\n${server.output()}`);
}

/** A TCP server that accepts connections and never sends a byte: a database that hangs. */
export async function blackHole(): Promise<{ port: number; close(): Promise<void> }> {
  const sockets = new Set<Socket>();
  const server: Server = createServer((socket) => {
    sockets.add(socket);
    socket.on('error', () => {});
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  if (typeof address !== 'object' || !address) throw new Error('no address');
  return {
    port: address.port,
    close: () =>
      new Promise<void>((resolve) => {
        for (const s of sockets) s.destroy();
        server.close(() => resolve());
      }),
  };
}

export interface RawResponse {
  status: number;
  headers: Record<string, string>;
  body: string;
}

/**
 * Reads one HTTP/1.1 response from a raw socket (Content-Length bodies only, which is what the API
 * sends) and then whether the server closed the connection cleanly or reset it.
 */
export function readResponse(socket: Socket): Promise<RawResponse> {
  return new Promise((resolve, reject) => {
    let buffer = Buffer.alloc(0);
    const onData = (chunk: Buffer) => {
      buffer = Buffer.concat([buffer, chunk]);
      const headEnd = buffer.indexOf('\r\n\r\n');
      if (headEnd < 0) return;
      const head = buffer.subarray(0, headEnd).toString('latin1').split('\r\n');
      const status = Number(head[0]?.split(' ')[1]);
      const headers: Record<string, string> = {};
      for (const line of head.slice(1)) {
        const i = line.indexOf(':');
        headers[line.slice(0, i).trim().toLowerCase()] = line.slice(i + 1).trim();
      }
      const length = Number(headers['content-length'] ?? 0);
      if (buffer.length < headEnd + 4 + length) return;
      cleanup();
      resolve({ status, headers, body: buffer.subarray(headEnd + 4, headEnd + 4 + length).toString('utf8') });
    };
    const onError = (err: Error) => {
      cleanup();
      reject(err);
    };
    const onClose = () => {
      cleanup();
      reject(new Error(`connection closed before a full answer (${buffer.length} bytes read)`));
    };
    const cleanup = () => {
      socket.off('data', onData);
      socket.off('error', onError);
      socket.off('close', onClose);
    };
    socket.on('data', onData);
    socket.on('error', onError);
    socket.on('close', onClose);
  });
}

/** Resolves 'end' when the server ends the connection cleanly, 'reset' on an error such as ECONNRESET. */
export function connectionEnd(socket: Socket): Promise<'end' | 'reset'> {
  return new Promise((resolve) => {
    if (socket.destroyed) return resolve('end');
    socket.once('error', () => resolve('reset'));
    socket.once('end', () => resolve('end'));
  });
}
