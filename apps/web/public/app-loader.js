// Starts the web app's code once a page whose first screen the server rendered has been painted
// (ADR 0041). The page is readable before then; its code (about 130 kB) would otherwise be fetched
// alongside the page's style sheets on a slow connection and hold up that first paint. The server
// names the entry module and the modules to fetch with it on this element.
(() => {
  const self = document.currentScript;
  if (!self) return;
  const entry = self.getAttribute('data-entry');
  const modules = (self.getAttribute('data-modules') || '').split(' ').filter(Boolean);
  let started = false;
  const add = (element) => {
    element.crossOrigin = '';
    document.head.appendChild(element);
  };
  const start = () => {
    if (started || !entry) return;
    started = true;
    for (const href of modules) {
      const link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      add(link);
    }
    const script = document.createElement('script');
    script.type = 'module';
    script.src = entry;
    add(script);
  };
  // A hidden tab paints nothing (and runs no frames): start at once there.
  if (document.visibilityState !== 'visible' || typeof requestAnimationFrame !== 'function') {
    start();
    return;
  }
  // The frame's callback runs just before its paint; the timeout, just after it.
  requestAnimationFrame(() => setTimeout(start, 0));
  // Should frames never come (a browser that throttles them), the app starts anyway.
  setTimeout(start, 3000);
})();
