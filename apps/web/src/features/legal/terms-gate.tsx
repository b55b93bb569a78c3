import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { NEXT_PARAM } from '../auth/return-path.ts';

/**
 * Sends a member who has not accepted the terms in force to the page that asks (ADR 0034), keeping
 * where they were going. Every way of logging in ends on its destination, so this one check covers
 * the password, a passkey, the second step, Google and Discord. The legal pages stay readable, and
 * the login screens finish their own work first.
 *
 * Checked again on every change of location (its key), not only when the destination changes:
 * another effect of the same commit (the route notices clearing their state) may replace the
 * address after this one did, and the member must still end on the acceptance page.
 */
export function TermsGate() {
  const auth = useAuth();
  const navigate = useNavigate();
  const { pathname, search, hash, key } = useLocation();
  const exempt =
    pathname.startsWith('/legal/') || pathname.startsWith(paths.login) || pathname === paths.register;
  const next = `${pathname}${search}${hash}`;
  const target =
    auth.isAuthenticated && auth.termsAcceptanceRequired && !exempt
      ? next === paths.home
        ? paths.legalAccept
        : `${paths.legalAccept}?${NEXT_PARAM}=${encodeURIComponent(next)}`
      : null;
  // biome-ignore lint/correctness/useExhaustiveDependencies: the location's key is the trigger, see above
  useEffect(() => {
    if (target) navigate(target, { replace: true });
  }, [target, key, navigate]);
  return null;
}
