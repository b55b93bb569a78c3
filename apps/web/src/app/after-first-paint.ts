// A screen opened directly (a first visit to /login, a shared link) should show the frame around it
// (top bar, footer, consent banner) before its own code is even asked for: requests started during
// the first render compete with that first paint. Screens reached later load at once.

/**
 * Longest wait after the first frame for its paint to be reported: a frame with nothing contentful
 * in it (e.g. only a spinner) reports none.
 */
const AFTER_FRAME_MS = 100;

let painted: Promise<void> | null = null;

/**
 * Resolves once the browser reports the page's first contentful paint, or shortly after its next
 * frame if that frame shows nothing contentful; at once afterwards, in a hidden or prerendered tab
 * (which paints nothing), and in a browser that reports no paints.
 */
export function afterFirstPaint(): Promise<void> {
  painted ??= new Promise<void>((resolve) => {
    if (
      typeof document === 'undefined' ||
      document.visibilityState !== 'visible' ||
      typeof PerformanceObserver !== 'function' ||
      typeof requestAnimationFrame !== 'function' ||
      !PerformanceObserver.supportedEntryTypes?.includes('paint')
    ) {
      resolve();
      return;
    }
    const observer = new PerformanceObserver((list) => {
      if (list.getEntriesByName('first-contentful-paint').length > 0) done();
    });
    const done = () => {
      observer.disconnect();
      resolve();
    };
    // Buffered: a paint that happened before this call counts too.
    observer.observe({ type: 'paint', buffered: true });
    requestAnimationFrame(() => setTimeout(done, AFTER_FRAME_MS));
  });
  return painted;
}

/** For tests, which start from a page not yet painted. */
export function forgetFirstPaint(): void {
  painted = null;
}
