import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { loginPathFor } from '../features/auth/return-path.ts';

/** Members-only screens: visitors go to /login, which brings them back here once logged in. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  const location = useLocation();
  if (auth.isLoading) return <PageSpinner />;
  if (!auth.isAuthenticated)
    return <Navigate to={loginPathFor(location.pathname + location.search)} replace />;
  return children;
}
