import { useEffect } from 'react';
import { Navigate } from 'react-router';
import type { NavigationState } from '../../app/navigation-state.ts';
import { paths } from '../../app/paths.ts';
import { useAuth } from '../auth/auth-context.tsx';

/** The session ended under us: forget it locally and ask to log in again. */
export function SessionGone() {
  const { clear, isAuthenticated } = useAuth();
  useEffect(() => {
    if (isAuthenticated) clear();
  }, [clear, isAuthenticated]);
  const state: NavigationState = { notice: 'sessionExpired' };
  return <Navigate to={paths.login} replace state={state} />;
}
