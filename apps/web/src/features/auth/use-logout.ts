import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import type { NavigationState } from '../../app/navigation-state.ts';
import { paths } from '../../app/paths.ts';
import { logout } from './api.ts';
import { useAuth } from './auth-context.tsx';

/**
 * Ends the session: the server call may fail (offline, expired), the local state is cleared anyway
 * so the person is never stuck "logged in" (spec §8), then it goes to `to` (spec §2: / from the menu,
 * /login from settings).
 */
export function useLogout() {
  const { clear } = useAuth();
  const navigate = useNavigate();
  return useCallback(
    async (to: string = paths.home) => {
      try {
        await logout();
      } catch (err) {
        console.warn('Logout call failed; clearing the local session anyway', err);
      }
      clear();
      const state: NavigationState = { notice: 'loggedOut' };
      navigate(to, { replace: true, state });
    },
    [clear, navigate],
  );
}
