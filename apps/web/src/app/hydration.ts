import { useSyncExternalStore } from 'react';

// Whether this page started from HTML the server rendered (entry-server.tsx), which the browser's
// first render hydrates instead of drawing anew. That first render must show what the server showed:
// state only the browser knows (the stored session copy, the stored cookie choice) is read once it
// is done.

let fromServerHtml = false;

/** Called by main.tsx before it hydrates the server's HTML. */
export function markHydrating(): void {
  fromServerHtml = true;
}

/** True when the page was rendered by the server and the app hydrated it. */
export function startedFromServerHtml(): boolean {
  return fromServerHtml;
}

const never = () => () => {};

/**
 * False on the server and in the render that hydrates its HTML, true right after (and from the
 * start on a page the browser drew itself). What depends on the reader's clock or time zone is
 * shown as the server showed it until then: the server knows neither.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    never,
    () => true,
    () => false,
  );
}

/** The platform's own time zone: times on the server's render of a page are given in it. */
export const PLATFORM_TIME_ZONE = 'Europe/Rome';

/**
 * A fact about the browser (an API it has), read during render: false on the server and in the
 * render that hydrates the server's HTML, the browser's answer right after. `read` must give the
 * same value each call.
 */
export function useBrowserHas(read: () => boolean): boolean {
  return useSyncExternalStore(never, read, () => false);
}
