import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { useBrowserHas } from '../../app/hydration.ts';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useSending } from '../../lib/form.ts';
import { useAuth } from './auth-context.tsx';
import { takeReturnPath } from './return-to.ts';
import { assertPasskey, signInOptions, signInWithPasskey } from './second-factor-api.ts';

const hasPasskeys = () => typeof window !== 'undefined' && 'PublicKeyCredential' in window;

/**
 * "Sign in with a passkey": no username, the browser offers this site's passkeys (ADR 0016). Shown
 * once the page is the app's: the server's render of the login page cannot know the browser.
 */
export function PasskeySignIn() {
  const { t } = useTranslation(['auth', 'errors']);
  const auth = useAuth();
  const navigate = useNavigate();
  const [error, setError] = useState<string | null>(null);
  const [sending, whileSending] = useSending();
  const canUsePasskeys = useBrowserHas(hasPasskeys);
  if (!canUsePasskeys) return null;

  const onClick = () =>
    whileSending(async () => {
      setError(null);
      try {
        const { challenge_id, options } = await signInOptions();
        const response = await assertPasskey(options);
        const res = await signInWithPasskey(challenge_id, response);
        await auth.refresh();
        navigate(takeReturnPath(), { state: { showVerificationNotice: !res.isEmailVerified } });
      } catch (err) {
        setError(
          err instanceof ApiError
            ? errorText(t, err, { fallback: 'auth:secondStep.passkeyFailed' })
            : t('secondStep.passkeyFailed'),
        );
      }
    });

  return (
    <>
      {error && <Notice type="error">{error}</Notice>}
      <Button type="button" variant="secondary" block onClick={onClick} loading={sending}>
        {t('secondStep.signInWithPasskey')}
      </Button>
    </>
  );
}
