import { Navigate, useLocation } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { NEXT_PARAM } from '../auth/return-path.ts';

/**
 * Sends a member who has not accepted the terms in force to the page that asks (ADR 0034), keeping
 * where they were going. Every way of logging in ends on its destination, so this one check covers
 * the password, a passkey, the second step, Google and Discord. The legal pages stay readable, and
 * the login screens finish their own work first.
 */
export function TermsGate() {
  const auth = useAuth();
  const { pathname, search, hash } = useLocation();
  if (!auth.isAuthenticated || !auth.termsAcceptanceRequired) return null;
  if (pathname.startsWith('/legal/') || pathname.startsWith(paths.login) || pathname === paths.register)
    return null;
  const next = `${pathname}${search}${hash}`;
  const to =
    next === paths.home
      ? paths.legalAccept
      : `${paths.legalAccept}?${NEXT_PARAM}=${encodeURIComponent(next)}`;
  return <Navigate to={to} replace />;
}
