import { createHash } from 'node:crypto';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { Language } from '@indiesplit/shared/languages';
import type { FastifyBaseLogger } from 'fastify';

// The first screen of a public page, rendered by the web app's own components (ADR 0041), so a
// phone shows the page before the app's code has arrived. Rendering costs tens of milliseconds of
// CPU, so it never runs on the thread that answers requests: one worker thread renders, one page at
// a time, and the same page with the same data is rendered once and then served from memory.
// Whenever a render cannot be had quickly (the worker busy with others, starting, slow, or gone),
// the page goes out without it and the browser draws it, as it did before: a flood of page requests
// costs the main thread nothing more than the plain shell.

export interface RenderInput {
  /** Path and query of the page. */
  url: string;
  lang: Language;
  /** The API answers the page carries (page-data), which the screen renders from. */
  answers?: Record<string, unknown>;
  /** Whether the visitor has made a cookie choice (no consent banner then). */
  consentChosen: boolean;
}

export interface PageRendererOptions {
  /** The web app's server build: a module exporting render(input) → HTML. */
  moduleFile: string;
  log: FastifyBaseLogger;
  /** How long a request waits for its render before the page goes out without one. */
  timeoutMs?: number;
  /** Renders waiting or running at once; past this a page goes out without one. */
  maxPending?: number;
  /** Pages kept rendered, and for how long. */
  cacheEntries?: number;
  cacheMs?: number;
  /** Heap limit of the worker (V8 old generation). */
  memoryMb?: number;
}

export interface PageRenderer {
  /** The HTML of the page's #root, or null when it goes out without (the browser renders it). */
  render(input: RenderInput): Promise<string | null>;
  close(): Promise<void>;
}

/**
 * The web app's server build beside a build of the web app: apps/web/dist-server for apps/web/dist
 * (its build script makes both), and so for a build elsewhere (WEB_DIST_DIR). None: no rendering.
 */
export function serverBuildFor(webDist: string): string | undefined {
  const dir = path.resolve(webDist);
  const file = path.join(`${dir}-server`, 'entry-server.js');
  return existsSync(file) ? file : undefined;
}

interface Pending {
  key: string;
  resolve(html: string | null): void;
  /** Replaces a worker whose render outlasts its budget many times over (stuck). */
  timer: NodeJS.Timeout;
}

export function createPageRenderer(options: PageRendererOptions): PageRenderer {
  const timeoutMs = options.timeoutMs ?? 1_500;
  const maxPending = options.maxPending ?? 16;
  const cacheEntries = options.cacheEntries ?? 200;
  const cacheMs = options.cacheMs ?? 30_000;
  const workerUrl = new URL('./page-render-worker.mjs', import.meta.url);
  const log = options.log;

  let worker: Worker | null = null;
  let ready = false;
  let closed = false;
  /** After a failed start, when the next attempt may be made. */
  let retryAt = 0;
  let nextId = 1;
  const pending = new Map<number, Pending>();
  /** Rendered pages by their inputs' digest, oldest first (a Map keeps insertion order). */
  const cache = new Map<string, { html: string; until: number }>();
  /** Renders under way by the same digest: concurrent requests for one page share a render. */
  const inFlight = new Map<string, Promise<string | null>>();

  function settleAll() {
    for (const [id, job] of pending) {
      clearTimeout(job.timer);
      job.resolve(null);
      pending.delete(id);
    }
  }

  function stopWorker(reason: string) {
    if (!worker) return;
    const gone = worker;
    worker = null;
    ready = false;
    retryAt = Date.now() + 10_000;
    settleAll();
    log.warn({ reason }, 'page render worker stopped; pages go out unrendered until it is back');
    void gone.terminate();
  }

  function startWorker() {
    if (closed || worker || Date.now() < retryAt) return;
    if (!existsSync(workerUrl)) {
      retryAt = Number.POSITIVE_INFINITY;
      log.warn({ file: workerUrl.pathname }, 'page render worker missing: pages are not rendered');
      return;
    }
    const started = new Worker(workerUrl, {
      workerData: { moduleFile: options.moduleFile },
      resourceLimits: { maxOldGenerationSizeMb: options.memoryMb ?? 256 },
      stdout: true,
      stderr: true,
    });
    started.stdout.resume();
    started.stderr.resume();
    started.unref();
    worker = started;
    started.on(
      'message',
      (message: { ready?: true; failed?: string; id?: number; html?: string; error?: string }) => {
        if (message.ready) {
          ready = true;
          return;
        }
        if (message.failed) {
          log.error({ err: message.failed }, 'the web app server build could not be loaded');
          return;
        }
        const job = message.id === undefined ? undefined : pending.get(message.id);
        if (!job || message.id === undefined) return;
        pending.delete(message.id);
        clearTimeout(job.timer);
        if (message.error !== undefined) log.warn({ err: message.error }, 'page render failed');
        const html = typeof message.html === 'string' ? message.html : null;
        // A render that came too late for its request still serves the next ones.
        if (html !== null) remember(job.key, html);
        job.resolve(html);
      },
    );
    started.on('error', (err) => {
      if (worker === started) stopWorker(err.message);
    });
    started.on('exit', (code) => {
      if (worker === started) stopWorker(`exited with code ${code}`);
    });
  }

  /** The worker's render of a page: its HTML, or null (failed, or the worker stopped). */
  function ask(key: string, input: RenderInput): Promise<string | null> {
    startWorker();
    if (!worker || !ready || pending.size >= maxPending) return Promise.resolve(null);
    const id = nextId++;
    const target = worker;
    return new Promise((resolve) => {
      const timer = setTimeout(() => {
        if (pending.has(id) && worker === target) stopWorker('a render took too long');
      }, timeoutMs * 10);
      timer.unref();
      pending.set(id, { key, resolve, timer });
      target.postMessage({ id, input });
    });
  }

  /** `render`, or null once the request has waited `timeoutMs`: the render itself goes on. */
  function withinBudget(render: Promise<string | null>): Promise<string | null> {
    return new Promise((resolve) => {
      const timer = setTimeout(() => resolve(null), timeoutMs);
      timer.unref();
      void render.then((html) => {
        clearTimeout(timer);
        resolve(html);
      });
    });
  }

  function remember(key: string, html: string) {
    cache.delete(key);
    cache.set(key, { html, until: Date.now() + cacheMs });
    while (cache.size > cacheEntries) {
      const oldest = cache.keys().next().value;
      if (oldest === undefined) break;
      cache.delete(oldest);
    }
  }

  // Starting the worker at once: the first visitor should not be the one who waits for it.
  startWorker();

  return {
    render(input) {
      if (closed) return Promise.resolve(null);
      const key = digest(input);
      const hit = cache.get(key);
      if (hit && hit.until > Date.now()) return Promise.resolve(hit.html);
      // One render per page at a time, however many wait for it, until the worker answers: a
      // request that stops waiting does not make the next one ask again.
      let running = inFlight.get(key);
      if (!running) {
        const asked = ask(key, input);
        running = asked;
        inFlight.set(key, asked);
        void asked.finally(() => inFlight.delete(key));
      }
      return withinBudget(running);
    },
    async close() {
      closed = true;
      settleAll();
      const gone = worker;
      worker = null;
      await gone?.terminate();
    },
  };
}

/** The cache key: everything the HTML depends on. */
function digest(input: RenderInput): string {
  return createHash('sha256')
    .update(JSON.stringify([input.url, input.lang, input.consentChosen, input.answers ?? null]))
    .digest('base64url');
}
