import type { AppContext } from '../../platform/context.ts';

// Password recovery answers before it looks anything up. Whether the address has an account, the
// request does the same work (two rate-limit counters and one enqueue) and gets the same answer;
// the lookup, the reset token and the email happen afterwards, here, one request at a time. A
// known address can no longer be told from an unknown one by how long the answer takes.
// In memory: a request lost in a crash costs the person a second click, nothing more. Bounded by
// the recovery rate limits, and by MAX_PENDING for good measure.

const MAX_PENDING = 1_000;

class RecoveryQueue {
  private readonly ctx: AppContext;
  private tail: Promise<void> = Promise.resolve();
  pending = 0;

  constructor(ctx: AppContext) {
    this.ctx = ctx;
  }

  enqueue(job: () => Promise<void>): void {
    if (this.pending >= MAX_PENDING) {
      this.ctx.log.warn({ event: 'recovery_queue_full' }, 'password recovery queue full; request dropped');
      return;
    }
    this.pending++;
    this.tail = this.tail
      // Never in the request's own turn of the event loop: on the embedded database the queries run
      // on this thread, and the answer must be on its way before any of them starts.
      .then(() => new Promise<void>((resolve) => setImmediate(resolve)))
      .then(job)
      .catch((err: unknown) => this.ctx.log.error({ err }, 'password recovery failed'))
      .finally(() => {
        this.pending--;
      });
  }

  /**
   * Resolves once the queue is empty (tests, shutdown). It first lets the event loop turn, so a
   * recovery whose answer has just been sent (queued on the answer's 'finish') is waited for too.
   */
  async drain(): Promise<void> {
    do {
      await new Promise<void>((resolve) => setImmediate(resolve));
      await this.tail;
    } while (this.pending > 0);
  }
}

const queues = new WeakMap<AppContext, RecoveryQueue>();

export function recoveryQueue(ctx: AppContext): RecoveryQueue {
  let queue = queues.get(ctx);
  if (!queue) {
    queue = new RecoveryQueue(ctx);
    queues.set(ctx, queue);
  }
  return queue;
}
