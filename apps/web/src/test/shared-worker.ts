import { afterAll, vi } from 'vitest';
import { forgetFirstPaint } from '../app/after-first-paint.ts';
import { queryClient } from '../app/query-client.ts';
import { forgetProviders } from '../features/auth/social/providers.ts';
import { setReauthHandler } from '../lib/api.ts';
import { reloadConsentForTests } from '../lib/consent.ts';

// The web project runs with `isolate: false` (vitest.config.ts): the files of a worker share one
// jsdom window and one evaluation of the app's modules. After each file this puts back what a
// fresh page would have, so that no file sees what the one before it left: the clock, stubbed
// globals, the page's head, body, title and cookies, storage, and the app's module-level memory
// (the query cache, the sign-in providers read once per page, the first paint, the consent
// choice, a re-authentication dialog's handler). setup.ts already unmounts what a test rendered,
// resets MSW's handlers, clears storage after each test and starts each file in English.
afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
  vi.unstubAllEnvs();

  document.head.replaceChildren();
  document.body.replaceChildren();
  document.title = '';
  document.documentElement.removeAttribute('style');
  document.documentElement.removeAttribute('class');
  document.documentElement.removeAttribute('data-scroll-locked');
  for (const cookie of document.cookie.split(';')) {
    const name = cookie.split('=')[0]?.trim();
    // biome-ignore lint/suspicious/noDocumentCookie: expiring the cookies a file set, as a new page would not have them
    if (name) document.cookie = `${name}=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/`;
  }
  localStorage.clear();
  sessionStorage.clear();
  if (window.location.pathname !== '/' || window.location.search || window.location.hash) {
    window.history.replaceState(null, '', '/');
  }

  queryClient.clear();
  forgetProviders();
  forgetFirstPaint();
  reloadConsentForTests();
  setReauthHandler(null);
});
