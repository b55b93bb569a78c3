import { afterAll, vi } from 'vitest';

// The API test files share their worker's modules (isolate: false in vitest.config.ts). A file
// that fakes the clock must not hand a fake clock to the next one.
afterAll(() => {
  vi.useRealTimers();
});
