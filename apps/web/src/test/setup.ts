import '@testing-library/jest-dom/vitest';
import { cleanup } from '@testing-library/react';
import { afterAll, afterEach, beforeAll, vi } from 'vitest';
import i18n, { namespaces } from '../i18n/index.ts';
import { server } from './server.ts';

// Requests no handler answered during the current test. MSW's 'error' strategy makes such a
// request fail (the screen sees a network error), and the check after each test fails the test
// itself, even when the screen shrugs the failure off.
// This file runs again for every test file, while a worker's files share the server module
// (isolate: false), so the listener is added per file and removed after it.
const unhandled: string[] = [];
const recordUnhandled = ({ request }: { request: Request }) => {
  const url = new URL(request.url);
  unhandled.push(`${request.method} ${url.pathname}${url.search}`);
};

// Every test starts in English with all texts loaded (screens load theirs on demand in the app).
beforeAll(async () => {
  server.events.on('request:unhandled', recordUnhandled);
  server.listen({ onUnhandledRequest: 'error' });
  await i18n.changeLanguage('en');
  await i18n.loadNamespaces(namespaces);
});

afterEach(() => {
  cleanup();
  server.resetHandlers();
  // The spy `stubApi` puts on fetch records one test's requests only.
  const fetchSpy = globalThis.fetch;
  if (vi.isMockFunction(fetchSpy)) fetchSpy.mockRestore();
  localStorage.clear();
  sessionStorage.clear();
  if (unhandled.length > 0) {
    const requests = unhandled.splice(0);
    throw new Error(`The test made requests it gave no answer for: ${requests.join(', ')}`);
  }
});

afterAll(() => {
  server.events.removeListener('request:unhandled', recordUnhandled);
  server.close();
});
