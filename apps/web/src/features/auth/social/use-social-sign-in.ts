import type { OAuthProvider } from '@indiesplit/shared/oauth';
import { DISCORD_REF_PARAM } from '@indiesplit/shared/oauth-params';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import type { NavigationState } from '../../../app/navigation-state.ts';
import { paths } from '../../../app/paths.ts';
import { ApiError } from '../../../lib/api.ts';
import { socialLogin } from '../api.ts';
import { useAuth } from '../auth-context.tsx';
import { takeReturnPath } from '../return-to.ts';
import { missingInfoKey, signUpStateFrom, socialErrorKey } from './social-logic.ts';
import { useCleanAddress } from './use-clean-address.ts';

/**
 * Social sign-in on the welcome and login pages (spec §4): a Google credential from the button, or
 * the one-time reference the server's Discord callback put in the address, goes to the server;
 * success logs in and goes home, a first-time visitor goes to /register with the details prefilled.
 */
export function useSocialSignIn() {
  const { t } = useTranslation(['auth', 'errors']);
  const auth = useAuth();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const clean = useCleanAddress();
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const handled = useRef(new Set<string>());

  const signIn = useCallback(
    async (provider: OAuthProvider, token: string) => {
      setBusy(true);
      setError(null);
      try {
        const result = await socialLogin(provider, token);
        if (result.kind === 'loggedIn') {
          if (result.secondFactor) {
            navigate(paths.loginSecondStep, {
              state: { secondFactor: result.secondFactor, isEmailVerified: result.isEmailVerified },
            });
            return;
          }
          await auth.refresh();
          const state: NavigationState = { showVerificationNotice: !result.isEmailVerified };
          navigate(takeReturnPath(), { state });
          return;
        }
        const socialSignUp = signUpStateFrom(provider, token, result.answer);
        if (!socialSignUp) {
          setError(t(missingInfoKey(provider)));
          return;
        }
        const state: NavigationState = { socialSignUp };
        navigate(paths.register, { state });
      } catch (err) {
        setError(
          t(socialErrorKey(provider, err), {
            seconds: err instanceof ApiError ? (err.retryAfter ?? 60) : 60,
          }),
        );
      } finally {
        setBusy(false);
      }
    },
    [auth, navigate, t],
  );

  // Back from Discord: the reference is taken out of the address at once (a reload or a shared
  // link must not replay it) and redeemed once, even when effects run twice.
  const reference = params.get(DISCORD_REF_PARAM);
  useEffect(() => {
    if (!reference || handled.current.has(reference)) return;
    handled.current.add(reference);
    clean([DISCORD_REF_PARAM]);
    void signIn('discord', reference);
  }, [reference, clean, signIn]);

  return { busy: busy || reference !== null, error, signIn };
}
