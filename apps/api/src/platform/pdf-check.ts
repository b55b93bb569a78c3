import { existsSync } from 'node:fs';
import { Worker } from 'node:worker_threads';
import type { FastifyBaseLogger } from 'fastify';
import { AppError } from './errors.ts';

// Untrusted PDFs are checked off the main thread (ADR 0017): each check runs in a fresh worker
// thread with a heap limit, a time budget after which the worker is terminated, and an object
// ceiling checked before the parser runs. A process-wide cap bounds how many uploads are received
// and checked at once; past it the caller gets 503 with Retry-After before its body is read.

export interface PdfCheckLimits {
  /** Uploads received and checked at once, process-wide. */
  concurrency: number;
  /** Wall-clock budget of one parse, from the moment the worker has its parser loaded. */
  timeoutMs: number;
  /** Heap limit of a worker (V8 old generation). */
  memoryMb: number;
  /** Objects a file may declare; more is refused before parsing. */
  maxObjects: number;
}

export type PdfCheckResult =
  | { ok: true; pages: number }
  | { ok: false; reason: 'tooManyObjects' | 'encrypted' | 'broken' | 'timeout' | 'outOfMemory' };

/** Held while one upload is received and checked; release() exactly once, in a finally. */
export interface PdfSlot {
  release(): void;
}

// Beside this file in the sources, beside the bundle in the built server (scripts/build.mjs).
function workerUrl(): URL {
  const url = new URL('./pdf-worker.mjs', import.meta.url);
  if (!existsSync(url)) throw new Error(`PDF worker missing: ${url.pathname}`);
  return url;
}

/**
 * Reads an upload into shared memory, chunk by chunk as it arrives: the main thread never makes one
 * long copy of a large file, and the check's worker reads the very same memory (nothing is copied
 * to it). `sizeHint` (the announced body size, capped by the caller) sizes the memory up front; a
 * body without one grows it by doubling.
 */
export async function readIntoSharedMemory(stream: AsyncIterable<Buffer>, sizeHint: number): Promise<Buffer> {
  let view = new Uint8Array(new SharedArrayBuffer(Math.max(64 * 1024, sizeHint)));
  let length = 0;
  for await (const chunk of stream) {
    if (length + chunk.length > view.length) {
      const bigger = new Uint8Array(new SharedArrayBuffer(Math.max(view.length * 2, length + chunk.length)));
      bigger.set(view.subarray(0, length));
      view = bigger;
    }
    view.set(chunk, length);
    length += chunk.length;
  }
  return Buffer.from(view.buffer, 0, length);
}

/** Time a worker may take to load its parser before the check counts as failed on our side. */
const STARTUP_LIMIT_MS = 15_000;

export class PdfChecker {
  readonly limits: PdfCheckLimits;
  private readonly log: FastifyBaseLogger;
  private inFlight = 0;
  private readonly url = workerUrl();

  constructor(limits: PdfCheckLimits, log: FastifyBaseLogger) {
    this.limits = limits;
    this.log = log;
  }

  /** Slots taken right now. */
  get active(): number {
    return this.inFlight;
  }

  /** Seconds after which a refused caller may try again: by then a running check has ended. */
  get retryAfterSeconds(): number {
    return Math.max(1, Math.ceil(this.limits.timeoutMs / 1000));
  }

  /** Takes a slot, or refuses at once with 503 uploadsBusy and Retry-After. */
  acquire(): PdfSlot {
    if (this.inFlight >= this.limits.concurrency) {
      this.log.info({ inFlight: this.inFlight }, 'pdf check refused: all slots busy');
      const seconds = this.retryAfterSeconds;
      throw new AppError('uploadsBusy', 503, { params: { seconds }, retryAfterSeconds: seconds });
    }
    this.inFlight++;
    let released = false;
    return {
      release: () => {
        if (released) return;
        released = true;
        this.inFlight--;
      },
    };
  }

  /** Parses the file in a worker. Never throws for a bad file; throws only when the worker cannot run. */
  check(data: Buffer): Promise<PdfCheckResult> {
    const started = performance.now();
    return new Promise<PdfCheckResult>((resolve, reject) => {
      const worker = new Worker(this.url, {
        workerData: { maxObjects: this.limits.maxObjects },
        resourceLimits: {
          maxOldGenerationSizeMb: this.limits.memoryMb,
          maxYoungGenerationSizeMb: Math.min(32, Math.max(4, Math.floor(this.limits.memoryMb / 8))),
          stackSizeMb: 4,
        },
        // The worker's console is silenced inside; these keep anything else out of our output.
        stdout: true,
        stderr: true,
      });
      worker.stdout.resume();
      worker.stderr.resume();
      let settled = false;
      let budget: NodeJS.Timeout | undefined;
      const finish = (result: PdfCheckResult | Error) => {
        if (settled) return;
        settled = true;
        clearTimeout(budget);
        clearTimeout(startup);
        void worker.terminate();
        const ms = Math.round(performance.now() - started);
        if (result instanceof Error) {
          this.log.error({ err: result, ms }, 'pdf check could not run');
          reject(result);
          return;
        }
        if (!result.ok) this.log.info({ reason: result.reason, bytes: data.length, ms }, 'pdf refused');
        resolve(result);
      };
      const startup = setTimeout(
        () => finish(new Error('the PDF worker did not start in time')),
        STARTUP_LIMIT_MS,
      );
      worker.on('message', (message: unknown) => {
        if (message === 'ready') {
          clearTimeout(startup);
          budget = setTimeout(() => finish({ ok: false, reason: 'timeout' }), this.limits.timeoutMs);
          // Shared memory is shared, not copied; any other buffer is copied once and handed over.
          if (data.buffer instanceof SharedArrayBuffer) worker.postMessage(data);
          else {
            const copy = new Uint8Array(data);
            worker.postMessage(copy, [copy.buffer]);
          }
          return;
        }
        finish(message as PdfCheckResult);
      });
      worker.on('error', (err: Error & { code?: string }) => {
        if (err.code === 'ERR_WORKER_OUT_OF_MEMORY') finish({ ok: false, reason: 'outOfMemory' });
        else finish(err);
      });
      worker.on('exit', (code) => finish(new Error(`the PDF worker exited early (code ${code})`)));
    });
  }
}
