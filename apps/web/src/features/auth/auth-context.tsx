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
import { startedFromServerHtml } from '../../app/hydration.ts';
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
  /** A newer version of the terms waits for the member's acceptance (ADR 0034). */
  termsAcceptanceRequired?: boolean;
  lastChecked: number | null;
  isLoading: boolean;
}

export interface AuthApi extends AuthState {
  /** Asks the server again (GET /api/auth/authenticated/) after the session changed. */
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
  // Hydrating the server's HTML, the first render is the server's: a visitor whose session is not
  // known yet. The stored copy is read once the page is hydrated (the first effect below).
  const [state, setState] = useState<AuthState>(() =>
    startedFromServerHtml() ? { ...EMPTY_AUTH, isLoading: true } : initialAuth(now()),
  );
  const stateRef = useRef(state);
  stateRef.current = state;
  const inFlight = useRef<Promise<AuthState> | null>(null);
  const generation = useRef(0);

  /** One request to the server; its answer applies only if nothing newer was asked or cleared. */
  const ask = useCallback((): Promise<AuthState> => {
    const startedIn = generation.current;
    const promise: Promise<AuthState> = fetchAuthenticated()
      .then(
        (r): AuthState => ({
          isAuthenticated: r.isAuthenticated,
          username: r.username,
          email: r.email,
          id: r.id,
          isEmailVerified: r.isEmailVerified,
          profilePictureUrl: apiUrl(r.profile_picture_url),
          staffRole: r.staff_role ?? null,
          termsAcceptanceRequired: r.termsAcceptanceRequired === true,
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
        if (generation.current === startedIn) {
          // Stored at once, not after the next render: a page loaded right after a login (a link
          // opened at once, a reload) must not find the copy from before it.
          saveAuth(next);
          setState(next);
          return next;
        }
        // Superseded: a clear() wins (a late answer must not log the user back in), and a newer
        // request answers for this one.
        return inFlight.current ?? { ...EMPTY_AUTH };
      });
    inFlight.current = promise;
    void promise.finally(() => {
      if (inFlight.current === promise) inFlight.current = null;
    });
    return promise;
  }, [fetchAuthenticated, now]);

  /** A background check (first load, tab visible again): joins one already under way. */
  const check = useCallback((): Promise<AuthState> => inFlight.current ?? ask(), [ask]);

  /**
   * After the session changed (login, sign-up, profile edit): a new answer, never one of a check
   * that started before the change — that one would say "logged out" right after a login.
   */
  const refresh = useCallback((): Promise<AuthState> => {
    generation.current += 1;
    return ask();
  }, [ask]);

  const clear = useCallback(() => {
    generation.current += 1;
    inFlight.current = null;
    removeStoredAuth();
    setState({ ...EMPTY_AUTH });
    for (const listener of clearedListeners) listener();
  }, []);

  // First load: ask the server unless the stored copy was fresh.
  useEffect(() => {
    if (startedFromServerHtml() && stateRef.current.isLoading) {
      const restored = initialAuth(now());
      if (!restored.isLoading) {
        stateRef.current = restored;
        setState(restored);
      }
    }
    if (stateRef.current.isLoading) void check();
  }, [check, now]);

  useEffect(() => {
    const onVisibility = () => {
      if (document.visibilityState !== 'visible') return;
      if (!isFresh(stateRef.current.lastChecked, now())) void check();
    };
    document.addEventListener('visibilitychange', onVisibility);
    return () => document.removeEventListener('visibilitychange', onVisibility);
  }, [check, now]);

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
