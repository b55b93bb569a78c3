// @vitest-environment jsdom
import type { AuthenticatedResponse } from '@indiesplit/shared/auth';
import { act, render, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { type AuthApi, AuthProvider, onAuthCleared, useAuth } from './auth-context.tsx';
import {
  AUTH_STORAGE_KEY,
  EMPTY_AUTH,
  initialAuth,
  isFresh,
  readStoredAuth,
  saveAuth,
} from './auth-storage.ts';

const MINUTE = 60_000;
const T0 = 1_750_000_000_000;

const alice: AuthenticatedResponse = {
  isAuthenticated: true,
  username: 'alice',
  email: 'alice@example.com',
  id: 'u-1',
  isEmailVerified: false,
  profile_picture_url: '/media/avatars/a.webp',
  staff_role: null,
  termsAcceptanceRequired: false,
};

function store(state: Partial<typeof EMPTY_AUTH>) {
  sessionStorage.setItem(AUTH_STORAGE_KEY, JSON.stringify({ ...EMPTY_AUTH, ...state }));
}

let api: AuthApi;
function Probe() {
  api = useAuth();
  return <p data-testid="who">{api.isLoading ? 'loading' : (api.username ?? 'nobody')}</p>;
}

function setup(fetchAuthenticated: () => Promise<AuthenticatedResponse>, now: () => number) {
  return render(
    <AuthProvider fetchAuthenticated={fetchAuthenticated} now={now}>
      <Probe />
    </AuthProvider>,
  );
}

function setVisibility(state: 'visible' | 'hidden') {
  Object.defineProperty(document, 'visibilityState', { configurable: true, get: () => state });
  document.dispatchEvent(new Event('visibilitychange'));
}

describe('auth storage rules', () => {
  it('treats a check as fresh for just under five minutes', () => {
    expect(isFresh(T0, T0 + 5 * MINUTE - 1)).toBe(true);
    expect(isFresh(T0, T0 + 5 * MINUTE)).toBe(false);
    expect(isFresh(null, T0)).toBe(false);
    // A clock that went backwards does not make a check fresh.
    expect(isFresh(T0, T0 - 1)).toBe(false);
  });

  it('restores the stored copy only when it was checked under five minutes ago', () => {
    store({ isAuthenticated: true, username: 'alice', lastChecked: T0 });
    expect(readStoredAuth(T0 + 4 * MINUTE)?.username).toBe('alice');
    expect(readStoredAuth(T0 + 6 * MINUTE)).toBeNull();
    expect(initialAuth(T0 + 6 * MINUTE)).toEqual({ ...EMPTY_AUTH, isLoading: true });
  });

  it('ignores a stored copy that is not well-formed', () => {
    sessionStorage.setItem(AUTH_STORAGE_KEY, '{"isAuthenticated":"yes"}');
    expect(readStoredAuth(T0)).toBeNull();
    sessionStorage.setItem(AUTH_STORAGE_KEY, 'not json');
    expect(readStoredAuth(T0)).toBeNull();
  });

  it('saves whenever not loading, and never while loading', () => {
    saveAuth({ ...EMPTY_AUTH, isLoading: true, lastChecked: T0 });
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    saveAuth({ ...EMPTY_AUTH, username: 'alice', isAuthenticated: true, lastChecked: T0 });
    expect(JSON.parse(sessionStorage.getItem(AUTH_STORAGE_KEY)!).username).toBe('alice');
  });
});

describe('AuthProvider', () => {
  let now = T0;
  const clock = () => now;
  beforeEach(() => {
    now = T0;
    setVisibility('visible');
  });
  afterEach(() => vi.restoreAllMocks());

  it('asks the server on load when nothing fresh is stored, then saves the answer', async () => {
    const fetcher = vi.fn().mockResolvedValue(alice);
    setup(fetcher, clock);
    expect(screen.getByTestId('who')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('alice'));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(api.profilePictureUrl).toBe('/api/media/avatars/a.webp');
    const saved = JSON.parse(sessionStorage.getItem(AUTH_STORAGE_KEY)!);
    expect(saved).toMatchObject({ username: 'alice', lastChecked: T0, isAuthenticated: true });
    expect(saved).not.toHaveProperty('isLoading');
  });

  it('restores a copy checked under five minutes ago without asking the server', () => {
    store({ isAuthenticated: true, username: 'alice', lastChecked: T0 - 4 * MINUTE });
    const fetcher = vi.fn().mockResolvedValue(alice);
    setup(fetcher, clock);
    expect(screen.getByTestId('who')).toHaveTextContent('alice');
    expect(fetcher).not.toHaveBeenCalled();
  });

  it('asks the server when the stored copy is older than five minutes', async () => {
    store({ isAuthenticated: true, username: 'old-name', lastChecked: T0 - 6 * MINUTE });
    const fetcher = vi.fn().mockResolvedValue(alice);
    setup(fetcher, clock);
    expect(screen.getByTestId('who')).toHaveTextContent('loading');
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('alice'));
    expect(fetcher).toHaveBeenCalledTimes(1);
  });

  it('refreshes when the tab becomes visible only if the last check is older than five minutes', async () => {
    const fetcher = vi.fn().mockResolvedValue(alice);
    setup(fetcher, clock);
    // Wait for the answer to be applied, not just asked for: until then there is no last check.
    await waitFor(() => expect(api.lastChecked).toBe(T0));
    expect(fetcher).toHaveBeenCalledTimes(1);

    now = T0 + 4 * MINUTE;
    act(() => setVisibility('visible'));
    expect(fetcher).toHaveBeenCalledTimes(1);

    now = T0 + 6 * MINUTE;
    act(() => setVisibility('hidden'));
    expect(fetcher).toHaveBeenCalledTimes(1);
    await act(async () => setVisibility('visible'));
    await waitFor(() => expect(fetcher).toHaveBeenCalledTimes(2));
    expect(api.lastChecked).toBe(T0 + 6 * MINUTE);
  });

  it('treats a failed check as logged out and does not cache it', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    const fetcher = vi.fn().mockRejectedValue(new Error('offline'));
    setup(fetcher, clock);
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('nobody'));
    expect(api.isAuthenticated).toBe(false);
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
  });

  it('clear() empties the state, removes the stored copy and tells the caches', async () => {
    const fetcher = vi.fn().mockResolvedValue(alice);
    const cleared = vi.fn();
    const unsubscribe = onAuthCleared(cleared);
    setup(fetcher, clock);
    await waitFor(() => expect(screen.getByTestId('who')).toHaveTextContent('alice'));
    act(() => api.clear());
    expect(screen.getByTestId('who')).toHaveTextContent('nobody');
    expect(api).toMatchObject({ isAuthenticated: false, username: null, lastChecked: null });
    expect(sessionStorage.getItem(AUTH_STORAGE_KEY)).toBeNull();
    expect(cleared).toHaveBeenCalledTimes(1);
    unsubscribe();
  });

  it('does not let an answer that arrives after clear() log the user back in', async () => {
    let answer!: (value: AuthenticatedResponse) => void;
    const fetcher = vi.fn(() => new Promise<AuthenticatedResponse>((resolve) => (answer = resolve)));
    setup(fetcher, clock);
    act(() => api.clear());
    await act(async () => answer(alice));
    expect(api.isAuthenticated).toBe(false);
  });

  it('shares one request between the first load and a tab that becomes visible', async () => {
    let answer!: (value: AuthenticatedResponse) => void;
    const fetcher = vi.fn(() => new Promise<AuthenticatedResponse>((resolve) => (answer = resolve)));
    setup(fetcher, clock);
    setVisibility('visible');
    await act(async () => answer(alice));
    expect(fetcher).toHaveBeenCalledTimes(1);
    expect(api.username).toBe('alice');
  });

  it('answers a refresh after a login with a new check, not the one that started before it', async () => {
    const answers: Array<(value: AuthenticatedResponse) => void> = [];
    const fetcher = vi.fn(() => new Promise<AuthenticatedResponse>((resolve) => answers.push(resolve)));
    setup(fetcher, clock);
    // The page's first check is still on its way when the login succeeds and the screen refreshes.
    let after!: Promise<unknown>;
    act(() => {
      after = api.refresh();
    });
    expect(fetcher).toHaveBeenCalledTimes(2);
    await act(async () => answers[1]?.(alice));
    // The first check answers last, with what was true before the login: it must not win.
    await act(async () => answers[0]?.({ ...alice, isAuthenticated: false, username: null }));
    await act(async () => {
      await after;
    });
    expect(api.isAuthenticated).toBe(true);
    expect(screen.getByTestId('who')).toHaveTextContent('alice');
  });

  it('stores a new answer at once, before the screen renders it', async () => {
    // A fresh copy from before the login, as the login page's first check leaves it.
    store({ isAuthenticated: false, lastChecked: T0 });
    const fetcher = vi.fn().mockResolvedValue(alice);
    setup(fetcher, clock);
    // Not inside act(): React has not rendered the answer when the next page could load.
    await api.refresh();
    expect(readStoredAuth(T0)?.username).toBe('alice');
    await act(async () => {});
  });
});
