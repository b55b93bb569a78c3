import { OAUTH_ERROR_CODES, OAUTH_ERROR_PARAM } from '@indiesplit/shared/oauth-params';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useCleanAddress } from './social/use-clean-address.ts';

const OWN_PARAMS = ['error', 'error_description', OAUTH_ERROR_PARAM];

/**
 * The provider's error codes (RFC 6749 §4.1.2.1) a person can do something about, with the key of
 * their translated reason. Any other code gets the generic message.
 */
const PROVIDER_REASONS: Readonly<Record<string, 'accessDenied' | 'unavailable'>> = {
  access_denied: 'accessDenied',
  server_error: 'unavailable',
  temporarily_unavailable: 'unavailable',
};

/**
 * A social sign-in that failed on the way back lands here with a code in the address (spec §8):
 * ?error=<code> when the provider refused, or ?oauth_error=<code> when our server's side failed
 * (exchange, user information, expired session). Only known codes are shown, as translated texts;
 * nothing else in the address — `error_description` above all — is ever put on the page, so a
 * link cannot make the real login page say what its author wants. The address is then cleaned, so
 * a reload does not show it again.
 */
export function useOAuthError(): string | null {
  const { t } = useTranslation(['auth', 'errors']);
  const [params] = useSearchParams();
  const clean = useCleanAddress();
  const [message, setMessage] = useState<string | null>(null);
  const error = params.get('error');
  const code = params.get(OAUTH_ERROR_PARAM);

  useEffect(() => {
    if (!error && !code) return;
    if (error) {
      const reason = Object.hasOwn(PROVIDER_REASONS, error) ? PROVIDER_REASONS[error] : undefined;
      setMessage(
        reason
          ? t('auth:errors.discordAuthFailedWith', { reason: t(`auth:oauthProviderErrors.${reason}`) })
          : t('auth:errors.discordAuthFailed'),
      );
    } else {
      const known = (OAUTH_ERROR_CODES as readonly string[]).includes(code ?? '');
      setMessage(t(known ? `errors:${code}` : 'errors:oauthError'));
    }
    clean(OWN_PARAMS);
  }, [error, code, clean, t]);

  return message;
}
