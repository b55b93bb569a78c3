import { OAUTH_ERROR_CODES, OAUTH_ERROR_PARAM } from '@indiesplit/shared/oauth-params';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCleanAddress } from './social/use-clean-address.ts';

const OWN_PARAMS = ['error', 'error_description', OAUTH_ERROR_PARAM];

/**
 * A social sign-in that failed on the way back lands here with the reason in the address (spec §8):
 * ?error=…&error_description=… when the provider refused ("Discord authorization failed: …"), or
 * ?oauth_error=<code> when our server's side failed (exchange, user information, expired session).
 * The reason is shown and the address cleaned, so a reload does not show it again.
 */
export function useOAuthError(): string | null {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const clean = useCleanAddress();
  const [message, setMessage] = useState<string | null>(null);
  const error = params.get('error');
  const description = params.get('error_description');
  const code = params.get(OAUTH_ERROR_PARAM);

  useEffect(() => {
    if (!error && !code) return;
    if (error) setMessage(t('auth:errors.discordAuthFailedWith', { reason: description || error }));
    else {
      const known = (OAUTH_ERROR_CODES as readonly string[]).includes(code ?? '');
      setMessage(t(known ? `errors:${code}` : 'errors:oauthError'));
    }
    clean(OWN_PARAMS);
  }, [error, description, code, clean, t]);

  return message;
}
