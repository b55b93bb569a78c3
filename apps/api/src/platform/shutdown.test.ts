import { mkdtemp, rm } from 'node:fs/promises';
import { connect, type Socket } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { writeMigratedDataDir } from '../../test/harness.ts';
import {
  connectionEnd,
  freePort,
  readResponse,
  type ServerProcess,
  startServer,
  waitForHealth,
} from '../../test/server-process.ts';
import { embeddedDatabaseDir } from './backup.ts';

// SIGTERM on the real process (main.ts on an embedded database in a temporary DATA_DIR), with a
// request in flight on a keep-alive connection: the request is answered, a request that arrives
// after the signal is refused in the caller's language with `Connection: close`, no connection
// is reset mid-answer, and the process exits 0 well inside the 10 s grace period.

let dataDir: string;
let server: ServerProcess;
let port: number;

beforeAll(async () => {
  dataDir = await mkdtemp(path.join(tmpdir(), 'indiesplit-shutdown-'));
  // The database the server finds is already migrated: creating one on disk (every file synced)
  // and migrating it took the child about three seconds of CPU before the test could begin.
  await writeMigratedDataDir(embeddedDatabaseDir(dataDir));
  port = await freePort();
  server = startServer({
    DATA_DIR: dataDir,
    PORT: String(port),
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SETTLEMENT_INTERVAL_SECONDS: '1',
  });
  await waitForHealth(server);
}, 120_000);

afterAll(async () => {
  if (server?.child.exitCode === null) server.child.kill('SIGKILL');
  await rm(dataDir, { recursive: true, force: true });
});

function open(): Promise<Socket> {
  return new Promise((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => resolve(socket));
    socket.on('error', () => {}); // reported through readResponse / connectionEnd
    socket.once('error', reject);
  });
}

const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('SIGTERM with keep-alive connections', () => {
  it('answers the request in flight, refuses later ones with 503 + Connection: close, exits 0 within 5 s', async () => {
    // A CSRF token, so the slow request below is a real login the server accepts to read.
    const csrf = await fetch(`${server.url}/api/auth/csrf_cookie`);
    const token = ((await csrf.json()) as { csrfToken: string }).csrfToken;
    const cookie = (csrf.headers.get('set-cookie') ?? '').split(';')[0]!;

    // Connection A: a keep-alive request whose body is still being uploaded when the signal comes.
    const a = await open();
    const body = JSON.stringify({ username: 'nobody@example.com', password: 'Wrong-password-1' });
    const half = Math.floor(body.length / 2);
    a.write(
      [
        'POST /api/auth/ HTTP/1.1',
        `Host: 127.0.0.1:${port}`,
        'Connection: keep-alive',
        'Content-Type: application/json',
        `Content-Length: ${Buffer.byteLength(body)}`,
        `Origin: http://127.0.0.1:${port}`,
        `Cookie: ${cookie}`,
        `X-CSRFToken: ${token}`,
        'Accept-Language: it',
        '',
        body.slice(0, half),
      ].join('\r\n'),
    );
    // Connection B: keep-alive, and its next request's head is half written at the signal.
    const b = await open();
    b.write(`GET /api/health HTTP/1.1\r\nHost: 127.0.0.1:${port}\r\n`);
    await pause(300);

    const signalled = Date.now();
    server.child.kill('SIGTERM');
    await pause(300);

    // B's request, completed after the signal: refused, translated, and the connection closed.
    const bAnswer = readResponse(b);
    const bEnd = connectionEnd(b);
    b.write('Accept-Language: it\r\nConnection: keep-alive\r\n\r\n');
    const refused = await bAnswer;
    expect(refused.status).toBe(503);
    expect(refused.headers.connection).toBe('close');
    expect(JSON.parse(refused.body)).toMatchObject({
      code: 'serviceUnavailable',
      message: 'Il servizio è momentaneamente non disponibile. Riprova tra qualche istante.',
    });
    expect(await bEnd).toBe('end');

    // A new connection is refused outright (the listener is closed), never accepted and reset.
    await expect(open()).rejects.toMatchObject({ code: 'ECONNREFUSED' });

    // A's upload completes: its request is answered as usual, then its connection is closed.
    const aAnswer = readResponse(a);
    const aEnd = connectionEnd(a);
    a.write(body.slice(half));
    const answered = await aAnswer;
    expect(answered.status).toBe(401);
    expect(JSON.parse(answered.body).code).toBe('authenticationFailed');
    expect(answered.headers.connection).toBe('close');
    expect(await aEnd).toBe('end');

    const exit = await server.exited;
    expect(exit).toMatchObject({ code: 0, signal: null });
    expect(exit.at - signalled).toBeLessThan(5_000);
    expect(server.output()).toMatch(/stopped cleanly/);
  }, 30_000);
});
