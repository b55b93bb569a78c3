import { useEffect } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { NavigationState } from '../../app/navigation-state.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { loginPathFor } from '../auth/return-path.ts';

/** The session ended under us: forget it locally and ask to log in again, then come back here. */
export function SessionGone() {
  const { clear, isAuthenticated } = useAuth();
  const location = useLocation();
  useEffect(() => {
    if (isAuthenticated) clear();
  }, [clear, isAuthenticated]);
  const state: NavigationState = { notice: 'sessionExpired' };
  return <Navigate to={loginPathFor(location.pathname + location.search)} replace state={state} />;
}
