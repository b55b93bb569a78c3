import type { AuthenticatedResponse } from '@indiesplit/shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import { http } from 'msw';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../features/auth/auth-context.tsx';
import { server } from './server.ts';

export const LOGGED_OUT: AuthenticatedResponse = {
  isAuthenticated: false,
  username: null,
  email: null,
  id: null,
  isEmailVerified: false,
  profile_picture_url: null,
  staff_role: null,
  termsAcceptanceRequired: false,
};

export const member = (over: Partial<AuthenticatedResponse> = {}): AuthenticatedResponse => ({
  isAuthenticated: true,
  username: 'alice',
  email: 'alice@example.com',
  id: '00000000-0000-4000-8000-000000000001',
  isEmailVerified: true,
  profile_picture_url: null,
  staff_role: null,
  termsAcceptanceRequired: false,
  ...over,
});

/** Shows where a navigation ended up, and with what state. */
function Landing() {
  const location = useLocation();
  return (
    <output data-testid="landed">
      {location.pathname}
      {location.search} {JSON.stringify(location.state)}
    </output>
  );
}

export interface RenderOptions {
  path: string;
  route?: string;
  state?: unknown;
  auth?: AuthenticatedResponse | (() => Promise<AuthenticatedResponse>);
}

/** Renders a screen at `route` with the app's providers; any other path shows <Landing>. */
export function renderScreen(
  ui: ReactElement,
  { path, route = path, state, auth = LOGGED_OUT }: RenderOptions,
) {
  const fetchAuthenticated = vi.fn(typeof auth === 'function' ? auth : async () => auth);
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const url = new URL(route, 'http://localhost');
  const utils = render(
    <MemoryRouter initialEntries={[{ pathname: url.pathname, search: url.search, hash: url.hash, state }]}>
      <QueryClientProvider client={queryClient}>
        <AuthProvider fetchAuthenticated={fetchAuthenticated}>
          <Routes>
            <Route path={path} element={ui} />
            <Route path="*" element={<Landing />} />
          </Routes>
        </AuthProvider>
      </QueryClientProvider>
    </MemoryRouter>,
  );
  return { ...utils, fetchAuthenticated, queryClient };
}

export function jsonResponse(status: number, body: unknown) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

type Answer = (request: Request) => Response | Promise<Response>;

/** One MSW handler for a 'METHOD /api/path?query' route: the method, the path and the query must all match. */
function routeHandler(route: string, answer: Answer) {
  const [method = '', target = ''] = route.split(' ');
  const url = new URL(target, 'http://localhost');
  return http.all(url.pathname, ({ request }) => {
    // Falling through (undefined) leaves the request unhandled, which fails the test.
    if (request.method !== method || new URL(request.url).search !== url.search) return undefined;
    return answer(request);
  });
}

/**
 * Sets what the mock API answers: `routes` maps 'METHOD /api/path' (with its query, if any) to an
 * answer. Returns a spy on `fetch` that records what the screen sent, in the order it sent it.
 */
export function stubApi(routes: Record<string, Answer>) {
  // biome-ignore lint/suspicious/noDocumentCookie: tests set the CSRF cookie the way the server would
  document.cookie = 'csrftoken=test-token; path=/';
  server.use(...Object.entries(routes).map(([route, answer]) => routeHandler(route, answer)));
  return vi.spyOn(globalThis, 'fetch');
}
