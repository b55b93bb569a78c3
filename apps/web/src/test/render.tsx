import type { AuthenticatedResponse } from '@indiesplit/shared/auth';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { vi } from 'vitest';
import { AuthProvider } from '../features/auth/auth-context.tsx';

export const LOGGED_OUT: AuthenticatedResponse = {
  isAuthenticated: false,
  username: null,
  email: null,
  id: null,
  isEmailVerified: false,
  profile_picture_url: null,
  staff_role: null,
};

export const member = (over: Partial<AuthenticatedResponse> = {}): AuthenticatedResponse => ({
  isAuthenticated: true,
  username: 'alice',
  email: 'alice@example.com',
  id: '00000000-0000-4000-8000-000000000001',
  isEmailVerified: true,
  profile_picture_url: null,
  staff_role: null,
  ...over,
});

/** Shows where a navigation ended up, and with what state. */
function Landing() {
  const location = useLocation();
  return (
    <output data-testid="landed">
      {location.pathname} {JSON.stringify(location.state)}
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

/** Stubs fetch for API calls; `routes` maps 'METHOD /api/path' to an answer. */
export function stubApi(routes: Record<string, (init: RequestInit) => Response | Promise<Response>>) {
  // biome-ignore lint/suspicious/noDocumentCookie: tests set the CSRF cookie the way the server would
  document.cookie = 'csrftoken=test-token; path=/';
  const fetchMock = vi.fn(async (url: string, init: RequestInit = {}) => {
    const key = `${init.method ?? 'GET'} ${url}`;
    const handler = routes[key];
    if (!handler) return jsonResponse(404, { success: false, code: 'notFound', message: 'Not found.' });
    return handler(init);
  });
  vi.stubGlobal('fetch', fetchMock);
  return fetchMock;
}
