import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';

/**
 * A provider that refused an authorization comes back with ?error=…&error_description=… (spec §8):
 * the reason is shown and the address cleaned, so a reload does not show it again.
 */
export function useOAuthError(): string | null {
  const { t } = useTranslation('auth');
  const [params, setParams] = useSearchParams();
  const [message, setMessage] = useState<string | null>(null);
  const error = params.get('error');
  const description = params.get('error_description');

  useEffect(() => {
    if (!error) return;
    setMessage(t('errors.discordAuthFailedWith', { reason: description || error }));
    setParams({}, { replace: true });
  }, [error, description, setParams, t]);

  return message;
}
