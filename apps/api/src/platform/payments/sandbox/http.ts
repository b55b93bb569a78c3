import type { IncomingMessage, ServerResponse } from 'node:http';
import { HttpFail } from './api.ts';
import { type Json, now } from './state.ts';

// The sandbox server's small HTTP helpers: bounded body reading, JSON answers in Mangopay's error
// shape, the amount typed on its bank page, and the default webhook delivery.

const BODY_LIMIT = 64 * 1024;

export function euroCents(text: string): number | null {
  const m = /^\s*(\d{1,7})(?:[.,](\d{1,2}))?\s*$/.exec(text);
  if (!m) return null;
  const cents = Number(m[1]) * 100 + Number((m[2] ?? '0').padEnd(2, '0'));
  return cents > 0 ? cents : null;
}

export function header(req: IncomingMessage, name: string): string | null {
  const v = req.headers[name];
  return typeof v === 'string' ? v : null;
}

export async function readText(req: IncomingMessage, limit = BODY_LIMIT): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    size += (chunk as Buffer).length;
    if (size > limit) throw new HttpFail(413, 'param_error', 'Body too large');
    chunks.push(chunk as Buffer);
  }
  return Buffer.concat(chunks).toString('utf8');
}

export async function readJson(req: IncomingMessage, limit?: number): Promise<Json> {
  const text = await readText(req, limit);
  if (text.trim() === '') return {};
  try {
    const parsed = JSON.parse(text);
    return parsed && typeof parsed === 'object' ? (parsed as Json) : {};
  } catch {
    throw new HttpFail(400, 'param_error', 'Body is not JSON');
  }
}

export function errorBody(err: HttpFail) {
  return { Message: err.message, Type: err.type, Id: `err-${Date.now()}`, Date: now(), errors: err.errors };
}

export function send(res: ServerResponse, status: number, body: unknown): void {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
}

export async function defaultDeliver(url: string): Promise<void> {
  const res = await fetch(url, { method: 'GET', signal: AbortSignal.timeout(5000) });
  await res.arrayBuffer();
}
