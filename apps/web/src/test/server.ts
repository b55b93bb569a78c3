import { setupServer } from 'msw/node';

/**
 * The one mock API of the web tests. It starts with no handlers: each test says what the server
 * answers (`stubApi` in render.tsx, or `server.use`), and any request it did not foresee fails the
 * test (see setup.ts) instead of quietly getting an answer.
 */
export const server = setupServer();
