import net from 'node:net';
import type { FastifyInstance } from 'fastify';
import { AppError } from './errors.ts';

// The HTTP side of a clean stop (ADR 0020). Once close() begins, every new request is answered
// 503 with `Connection: close` in the caller's language, every answer still being written closes
// its connection behind it, and connections left idle are swept until the server has none left —
// a keep-alive connection would otherwise hold the process open until its timeout. Work of the
// process itself (workers, leases) is stopped by `onDrain` callbacks at the same moment, so it
// does not wait for slow clients.

const SWEEP_MS = 100;
/**
 * How long open connections are still read after close() begins. Node's http server.close()
 * destroys idle keep-alive connections at once, and a request the client had just sent on one is
 * then reset unanswered. So the listener stops accepting first (new connections are refused),
 * and for this window every request on an open connection is read and answered 503 with
 * `Connection: close`; only then are the connections still idle closed.
 */
const ANSWER_WINDOW_MS = 1_000;

export interface Draining {
  /** True from the first moment of close() on. */
  readonly closing: boolean;
  /** Runs `stop` as soon as close() begins; close() waits for it before its onClose hooks finish. */
  onDrain(stop: () => Promise<void> | void): void;
  /** Resolves when every onDrain callback has finished. */
  drained(): Promise<void>;
}

export function registerDraining(app: FastifyInstance): Draining {
  let closing = false;
  const stops: Array<() => Promise<void> | void> = [];
  let stopped: Promise<void> = Promise.resolve();
  let sweeper: NodeJS.Timeout | undefined;

  // First hook of all, so a request refused here costs nothing else (no session lookup, no body).
  app.addHook('onRequest', async () => {
    if (closing) throw new AppError('serviceUnavailable', 503, { retryAfterSeconds: 1 });
  });
  app.addHook('onSend', async (_req, reply) => {
    if (closing) reply.header('connection', 'close');
  });
  app.addHook('preClose', async () => {
    closing = true;
    stopped = Promise.allSettled(stops.map(async (stop) => stop())).then((results) => {
      for (const r of results)
        if (r.status === 'rejected') app.log.error({ err: r.reason }, 'a worker failed to stop');
    });
    if (!app.server.listening) return;
    // The plain TCP close: stop accepting, without the http server's closing of idle connections.
    const ended = new Promise<void>((resolve) =>
      net.Server.prototype.close.call(app.server, () => resolve()),
    );
    await new Promise((resolve) => setTimeout(resolve, ANSWER_WINDOW_MS));
    app.server.closeIdleConnections();
    sweeper = setInterval(() => app.server.closeIdleConnections(), SWEEP_MS);
    sweeper.unref();
    // Every connection has ended (Fastify's own server.close() then finds the listener closed).
    await ended;
    clearInterval(sweeper);
  });
  app.addHook('onClose', async () => {
    if (sweeper) clearInterval(sweeper);
    await stopped;
  });

  return {
    get closing() {
      return closing;
    },
    onDrain(stop) {
      stops.push(stop);
    },
    drained: () => stopped,
  };
}
