import type { StaffRole } from '@indiesplit/shared/pitches';
import {
  createContext,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react';
import { apiUrl } from '../../lib/api.ts';
import { getAuthenticated } from './api.ts';
import { EMPTY_AUTH, initialAuth, isFresh, removeStoredAuth, saveAuth } from './auth-storage.ts';

// Contract of the client auth state (spec §3 "Auth state"). The provider and its storage rules
// (spec §4) live beside it; screens only ever call useAuth().
export interface AuthState {
  isAuthenticated: boolean;
  username: string | null;
  email: string | null;
  id: string | null;
  isEmailVerified: boolean;
  profilePictureUrl: string | null;
  /**
   * Back-office role, only to offer the back-office link: the server decides every access. Optional
   * because a copy restored from session storage does not carry it (no role until the next check).
   */
  staffRole?: StaffRole | null;
  lastChecked: number | null;
  isLoading: boolean;
}

export interface AuthApi extends AuthState {
  /** Asks the server again (GET /api/auth/authenticated/). */
  refresh(): Promise<AuthState>;
  /** Resets to the empty, logged-out state and drops the stored copy. */
  clear(): void;
}

const AuthContext = createContext<AuthApi | null>(null);

type Listener = () => void;
const clearedListeners = new Set<Listener>();

/**
 * Runs `listener` whenever the session is cleared (logout, deletion, expiry), so caches of the
 * member's data (e.g. the query cache) can forget it. Returns the unsubscribe function.
 */
export function onAuthCleared(listener: Listener): () => void {
  clearedListeners.add(listener);
  return () => clearedListeners.delete(listener);
}

export interface AuthProviderProps {
  children: ReactNode;
  /** Injected in tests. */
  fetchAuthenticated?: typeof getAuthenticated;
  now?: () => number;
}

/**
 * Holds who is logged in. Spec §4: restored from session storage when checked under five minutes
 * ago, otherwise asked from the server; asked again when the tab becomes visible and the last check
 * is older than five minutes; saved whenever not loading; clear() empties it and the stored copy.
 */
export function AuthProvider({
  children,
  fetchAuthenticated = getAuthenticated,
  now = Date.now,
}: AuthProviderProps) {
  const [state, setState] = useState<AuthState>(() => initialAuth(now()));
  const stateRef = useRef(state);
  stateRef.current = state;
  const inFlight = useRef<Promise<AuthState> | null>(null);
  const generation = useRef(0);

  const refresh = useCallback((): Promise<AuthState> => {
    if (inFlight.current) return inFlight.current;
    const startedIn = generation.current;
    const promise = fetchAuthenticated()
      .then(
        (r): AuthState => ({
          isAuthenticated: r.isAuthenticated,
          username: r.username,
          email: r.email,
          id: r.id,
          isEmailVerified: r.isEmailVerified,
          profilePictureUrl: apiUrl(r.profile_picture_url),
          staffRole: r.staff_role ?? null,
          lastChecked: now(),
          isLoading: false,
        }),
        (err: unknown): AuthState => {
          // Spec §8: a failed check is logged and read as "not logged in"; it is not cached, so
          // the next visibility change or page load asks again.
          console.warn('Could not check the session', err);
          return { ...EMPTY_AUTH };
        },
      )
      .then((next) => {
        // A clear() while the request ran wins: a late answer must not log the user back in.
        if (generation.current === startedIn) setState(next);
        return generation.current === startedIn ? next : { ...EMPTY_AUTH };
      })
      .finally(() => {
        inFlight.current = null;
      });
    inFlight.current = promise;
    return promise;
  }, [fetchAuthenticated, now]);

  const clear = useCallback(() => {
    generation.current += 1;
    inFlight.current = null;
    removeStoredAuth();
    setState({ ...EMPTY_AUTH });
    for (const listener of clearedListeners) listener();
  }, []);

  // First load: ask the server unless the stored copy was fresh.
  useEffect(() => {
    if (stateRef.current.isLoading) void refresh();
  }, [refresh]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      if (!isFresh(stateRef.current.lastChecked, now())) void refresh();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [refresh, now]);

  useEffect(() => {
    saveAuth(state);
  }, [state]);

  const value = useMemo<AuthApi>(() => ({ ...state, refresh, clear }), [state, refresh, clear]);
  return <AuthContext.Provider value={value}>{children}</AuthContext.Provider>;
}

// Outside a provider (a component rendered alone in a test) everyone is a logged-out visitor.
const LOGGED_OUT: AuthApi = { ...EMPTY_AUTH, refresh: async () => ({ ...EMPTY_AUTH }), clear: () => {} };

export function useAuth(): AuthApi {
  return useContext(AuthContext) ?? LOGGED_OUT;
}
