// @ts-check
// Renders the first screen of public pages in a worker thread (ADR 0041): the web app's server
// build (apps/web/dist-server/entry-server.js) runs here, never on the thread that answers requests.
// Plain JavaScript on purpose, like the PDF check's worker: the same file runs from the sources and
// beside the built server.
//
// Protocol: the worker posts { ready: true } once the web app's module is loaded (or { failed } if
// it cannot be), then answers each { id, input } with { id, html } or { id, error }, one at a time:
// the web app keeps the page being rendered in module state (language, answers, cookie choice).

import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

if (!parentPort) throw new Error('page-render-worker.mjs runs as a worker thread only');
const port = parentPort;

// The web app's components log to the console (a failed fetch, React's warnings); the parent keeps
// this thread's output out of the server's log.
/** @type {{ render(input: unknown): Promise<string> }} */
let module;
try {
  module = await import(pathToFileURL(workerData.moduleFile).href);
  if (typeof module.render !== 'function') throw new Error('the module exports no render()');
  port.postMessage({ ready: true });
} catch (err) {
  port.postMessage({ failed: err instanceof Error ? err.message : String(err) });
  process.exit(1);
}

/** @type {{ id: number, input: unknown }[]} */
const queue = [];
let busy = false;

async function next() {
  if (busy) return;
  busy = true;
  while (queue.length > 0) {
    const job = /** @type {{ id: number, input: unknown }} */ (queue.shift());
    try {
      const html = await module.render(job.input);
      port.postMessage({ id: job.id, html });
    } catch (err) {
      port.postMessage({ id: job.id, error: err instanceof Error ? err.message : String(err) });
    }
  }
  busy = false;
}

port.on('message', (/** @type {{ id: number, input: unknown }} */ job) => {
  queue.push(job);
  void next();
});
