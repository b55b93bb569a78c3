import type { ReactNode } from 'react';
import { AuthProvider } from '../features/auth/auth-context.tsx';

/**
 * App-wide providers. Server data (TanStack Query) is provided by the QueryLayout route around the
 * screens that use it, so its library loads with them and not with the home page.
 */
export function Providers({ children }: { children: ReactNode }) {
  return <AuthProvider>{children}</AuthProvider>;
}
