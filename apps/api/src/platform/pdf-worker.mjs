// @ts-check
// Checks one uploaded PDF in a worker thread (ADR 0017). Plain JavaScript on purpose: the same file
// runs from the sources (development, tests) and beside the built server, with no loader.
//
// Protocol: the worker posts 'ready' once its parser is loaded, receives the file's bytes once, and
// posts one result: { ok: true, pages } or { ok: false, reason: 'tooManyObjects' | 'encrypted' |
// 'broken' }. The parent enforces the time budget and the heap limit; this file only keeps the
// parser away from files with more objects than the ceiling.

import { readlinkSync } from 'node:fs';
import * as nodeModule from 'node:module';
import { setPriority } from 'node:os';
import { pathToFileURL } from 'node:url';
import { parentPort, workerData } from 'node:worker_threads';

if (!parentPort) throw new Error('pdf-worker.mjs runs as a worker thread only');

// The server's main thread answers everyone; a parse may use what CPU it leaves. On Linux the
// nice value belongs to each thread, and /proc/thread-self names this one (elsewhere: no change).
try {
  const threadId = Number(readlinkSync('/proc/thread-self').split('/').pop());
  if (Number.isInteger(threadId) && threadId > 0) setPriority(threadId, 10);
} catch {
  // Not Linux, or not allowed: the parse runs at the server's priority.
}
// Every check starts a fresh worker, so loading the parser is most of its cost. The package's
// single-file ES build is one module to compile where its multi-file build is some two hundred: a
// worker is ready for about a third of the CPU (about 75 ms instead of 210). The package's exports
// name only the multi-file builds; the single file sits beside them, found from the entry they name.
const entry = pathToFileURL(nodeModule.createRequire(import.meta.url).resolve('@cantoo/pdf-lib'));
const parser = new URL('../dist/pdf-lib.esm.js', entry).href;
// No package.json beside that file says it is an ES module, so Node would first try its 1.4 MB as
// CommonJS, fail, and parse it again as a module. Naming the format skips the first attempt: a
// worker is ready for about 60 ms of CPU instead of 80. (registerHooks: Node 22.15 and later; this
// thread only.)
nodeModule.registerHooks?.({
  load: (url, context, nextLoad) =>
    nextLoad(url, url === parser ? { ...context, format: 'module' } : context),
});
/** @type {typeof import('@cantoo/pdf-lib')} */
const { PDFDocument } = await import(parser);
const port = parentPort;
/** @type {{ maxObjects: number }} */
const limits = workerData;

// The parser reports what it skips on the console: nothing a user or an operator needs to read.
for (const method of /** @type {const} */ (['log', 'info', 'warn', 'error', 'debug'])) {
  console[method] = () => {};
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);

/**
 * How many objects the file asks a parser to build, counted without parsing: every indirect-object
 * header (`obj` not part of `endobj`) plus the declared count (`/N`) of every object stream, whose
 * objects are compressed out of sight of the first count. One pass of indexOf over the bytes and a
 * bounded look-around at each object stream: linear in the file's size. Stops at the ceiling.
 * @param {Buffer} data
 * @param {number} ceiling
 */
function countObjects(data, ceiling) {
  let count = 0;
  for (let at = data.indexOf('obj'); at !== -1; at = data.indexOf('obj', at + 3)) {
    const isEndobj = at >= 3 && data.toString('latin1', at - 3, at) === 'end';
    if (!isEndobj) count++;
    if (count > ceiling) return count;
  }
  for (let at = data.indexOf('/ObjStm'); at !== -1; at = data.indexOf('/ObjStm', at + 7)) {
    // The object stream's dictionary holds /N within a few hundred bytes either side of /Type.
    const from = Math.max(0, at - 512);
    const window = data.subarray(from, Math.min(data.length, at + 512));
    let n = window.indexOf('/N');
    while (n !== -1) {
      let i = n + 2;
      if (i < window.length && !WHITESPACE.has(window[i] ?? 0) && !isDigit(window[i])) {
        // A longer name such as /Name: not the count.
        n = window.indexOf('/N', i);
        continue;
      }
      while (i < window.length && WHITESPACE.has(window[i] ?? 0)) i++;
      let value = 0;
      let digits = 0;
      while (i < window.length && isDigit(window[i]) && digits < 10) {
        value = value * 10 + ((window[i] ?? 0x30) - 0x30);
        i++;
        digits++;
      }
      if (digits > 0) {
        count += value;
        break;
      }
      n = window.indexOf('/N', i);
    }
    if (count > ceiling) return count;
  }
  return count;
}

/** @param {number | undefined} byte */
function isDigit(byte) {
  return byte !== undefined && byte >= 0x30 && byte <= 0x39;
}

/** @param {Buffer} data */
async function check(data) {
  if (countObjects(data, limits.maxObjects) > limits.maxObjects)
    return { ok: false, reason: 'tooManyObjects' };
  let doc;
  try {
    // Loaded even when encrypted, so an encrypted file gets its own message rather than "broken".
    doc = await PDFDocument.load(data, {
      updateMetadata: false,
      ignoreEncryption: true,
      objectsPerTick: Number.POSITIVE_INFINITY,
    });
  } catch {
    return { ok: false, reason: 'broken' };
  }
  if (doc.isEncrypted) return { ok: false, reason: 'encrypted' };
  let pages = 0;
  try {
    pages = doc.getPageCount();
  } catch {
    // A page tree that does not resolve: the document is broken.
  }
  return pages < 1 ? { ok: false, reason: 'broken' } : { ok: true, pages };
}

port.once('message', (/** @type {Uint8Array} */ bytes) => {
  const data = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  check(data).then(
    (result) => port.postMessage(result),
    () => port.postMessage({ ok: false, reason: 'broken' }),
  );
});
port.postMessage('ready');
