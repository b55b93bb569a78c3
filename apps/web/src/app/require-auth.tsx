import type { ReactNode } from 'react';
import { Navigate } from 'react-router';
import { PageSpinner } from '../components/spinner.tsx';
import { useAuth } from '../features/auth/auth-context.tsx';
import { paths } from './paths.ts';

/** Members-only screens: visitors go to /login. */
export function RequireAuth({ children }: { children: ReactNode }) {
  const auth = useAuth();
  if (auth.isLoading) return <PageSpinner />;
  if (!auth.isAuthenticated) return <Navigate to={paths.login} replace />;
  return children;
}
