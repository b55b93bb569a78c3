import { AUTH_CACHE_MS } from '@indiesplit/shared/constants';
import type { AuthState } from './auth-context.tsx';

// The storage rules of the client auth state (spec §4), kept apart from React so they can be
// tested as plain functions.

export const AUTH_STORAGE_KEY = 'indiesplit.auth';

export const EMPTY_AUTH: AuthState = {
  isAuthenticated: false,
  username: null,
  email: null,
  id: null,
  isEmailVerified: false,
  profilePictureUrl: null,
  lastChecked: null,
  isLoading: false,
};

/** Whether a check made at `lastChecked` is still good at `now` (under five minutes old). */
export function isFresh(lastChecked: number | null, now: number): boolean {
  return lastChecked !== null && now - lastChecked >= 0 && now - lastChecked < AUTH_CACHE_MS;
}

function storage(): Storage | null {
  try {
    return globalThis.sessionStorage ?? null;
  } catch {
    return null;
  }
}

const nullableString = (v: unknown) => typeof v === 'string' || v === null;

/** The stored copy, when there is one, it is well-formed and it was checked under 5 minutes ago. */
export function readStoredAuth(now: number): AuthState | null {
  const raw = storage()?.getItem(AUTH_STORAGE_KEY);
  if (!raw) return null;
  try {
    const v = JSON.parse(raw) as Record<string, unknown>;
    if (
      typeof v.isAuthenticated !== 'boolean' ||
      typeof v.isEmailVerified !== 'boolean' ||
      typeof v.lastChecked !== 'number' ||
      !nullableString(v.username) ||
      !nullableString(v.email) ||
      !nullableString(v.id) ||
      !nullableString(v.profilePictureUrl ?? null)
    ) {
      return null;
    }
    if (!isFresh(v.lastChecked, now)) return null;
    return {
      isAuthenticated: v.isAuthenticated,
      username: v.username as string | null,
      email: v.email as string | null,
      id: v.id as string | null,
      isEmailVerified: v.isEmailVerified,
      profilePictureUrl: (v.profilePictureUrl ?? null) as string | null,
      lastChecked: v.lastChecked,
      isLoading: false,
      // Kept across a reload, so that a member asked to accept new terms is still asked (ADR 0034).
      ...(v.termsAcceptanceRequired === true ? { termsAcceptanceRequired: true } : {}),
    };
  } catch {
    return null;
  }
}

/**
 * Saves the state whenever it is not loading. A state that holds nothing learned from the server
 * (after clear() or a failed check) leaves no copy behind, so the next load asks again.
 */
export function saveAuth(state: AuthState): void {
  if (state.isLoading) return;
  if (state.lastChecked === null) {
    removeStoredAuth();
    return;
  }
  try {
    const { isLoading: _loading, ...rest } = state;
    storage()?.setItem(AUTH_STORAGE_KEY, JSON.stringify(rest));
  } catch {
    // Private mode or a full quota: the next load asks the server instead.
  }
}

export function removeStoredAuth(): void {
  try {
    storage()?.removeItem(AUTH_STORAGE_KEY);
  } catch {
    // Nothing stored that we could remove.
  }
}

/** The state the app starts with: the fresh stored copy, else loading until the server answers. */
export function initialAuth(now: number): AuthState {
  return readStoredAuth(now) ?? { ...EMPTY_AUTH, isLoading: true };
}
