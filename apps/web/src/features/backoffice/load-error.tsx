import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { Forbidden, SecondFactorNeeded } from './forbidden.tsx';

/** A read the server refused to this viewer (not staff, or not admin for admin screens). */
export function isForbidden(error: unknown): boolean {
  return error instanceof ApiError && error.status === 403;
}

/** A read that failed: 403 is the 403 screen, anything else says why and offers to try again. */
export function LoadError({
  error,
  onRetry,
  adminOnly = false,
}: {
  error: unknown;
  onRetry: () => void;
  adminOnly?: boolean;
}) {
  const { t } = useTranslation(['backoffice', 'errors']);
  if (error instanceof ApiError && error.code === 'staffSecondFactorRequired') return <SecondFactorNeeded />;
  if (isForbidden(error)) return <Forbidden adminOnly={adminOnly} />;
  if (error instanceof ApiError && error.status === 404)
    return (
      <Notice type="error">
        <p>{t('notFound')}</p>
      </Notice>
    );
  return (
    <Notice type="error">
      <p>{errorText(t, error, { fallback: 'backoffice:loadError' })}</p>
      <Button variant="secondary" size="sm" onClick={onRetry}>
        {t('retry')}
      </Button>
    </Notice>
  );
}
