// API answers the server wrote into the page's HTML (apps/api/src/app/page-shell.ts): what the
// screen opened directly would ask for first, so it renders without waiting for a round trip. Each
// answer is used once, by the first request for its address in the same language, and only soon
// after the page loaded; any later request (a refetch, a return visit to the screen) goes to the
// server as usual.
//
// The server renders the page's first screen from the same answers (entry-server.tsx hands them
// over with setServerPageData), so the browser's first render matches the HTML it hydrates.

import { startedFromServerHtml } from '../app/hydration.ts';

/** How long after the page loaded its answers may stand in for a request. */
const USABLE_FOR_MS = 30_000;

interface PageData {
  lang: string;
  answers: Record<string, unknown>;
}

let data: PageData | null | undefined;
/** Set on the server for the page being rendered. */
let serverData: PageData | null = null;

/** On the server, before rendering a page: the answers written into it (null: none). */
export function setServerPageData(page: PageData | null): void {
  serverData = page ? { lang: page.lang, answers: { ...page.answers } } : null;
  data = undefined;
}

function read(): PageData | null {
  if (typeof document === 'undefined') return serverData;
  const element = document.getElementById('page-data');
  if (!element?.textContent) return null;
  element.remove();
  try {
    const parsed = JSON.parse(element.textContent) as Partial<PageData>;
    if (typeof parsed.lang !== 'string' || typeof parsed.answers !== 'object' || !parsed.answers) return null;
    return { lang: parsed.lang, answers: { ...parsed.answers } };
  } catch {
    return null;
  }
}

/**
 * The page's answer for `path` (relative to the API root, as the request would name it) in `lang`,
 * once; undefined when there is none, it is in another language, or the page is no longer fresh.
 */
export function takePageAnswer<T>(path: string, lang: string): T | undefined {
  if (data === undefined) data = read();
  if (!data || data.lang !== lang || !Object.hasOwn(data.answers, path)) return undefined;
  const answer = data.answers[path] as T;
  delete data.answers[path];
  // A page the server rendered from these answers is hydrated from them however late its code
  // arrives (it starts after the first paint, on a slow link maybe after the freshness limit).
  const fresh =
    typeof document === 'undefined' || startedFromServerHtml() || performance.now() <= USABLE_FOR_MS;
  return fresh ? answer : undefined;
}

/** For tests: read the page's answers again. */
export function forgetPageData(): void {
  data = undefined;
}
