import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import forms from '../../components/forms.module.css';
import { AlertIcon, CheckIcon, LockIcon } from '../../components/icons.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { AuthShell } from '../auth/auth-shell.tsx';
import { undoChange } from './security-api.ts';

/**
 * Where the link in a "your account changed" email lands (ADR 0015). Opening it changes nothing
 * (mail scanners open links); the member confirms with a button, which undoes the change and signs
 * out every session.
 */
export default function UndoChangePage() {
  const { t } = useTranslation(['security', 'errors']);
  const { token } = useParams();
  const auth = useAuth();
  const [busy, setBusy] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  usePageTitle(t('undo.title'));

  if (!token) {
    return (
      <AuthShell title={t('undo.title')} closeTo={paths.home} icon={<AlertIcon size={28} />}>
        <p className={forms.muted}>{t('undo.missing')}</p>
      </AuthShell>
    );
  }

  if (done) {
    return (
      <AuthShell title={t('undo.doneTitle')} closeTo={paths.login} icon={<CheckIcon size={28} />}>
        <div className={forms.stack}>
          <Notice type="success">{done}</Notice>
          <ButtonLink to={paths.login} block>
            {t('undo.login')}
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }

  const confirm = async () => {
    setBusy(true);
    setError(null);
    try {
      const res = await undoChange(token);
      // The server ended every session, this browser's included.
      auth.clear();
      setDone(res.message);
    } catch (err) {
      setError(errorText(t, err, { fallback: 'errors:serverError' }));
    } finally {
      setBusy(false);
    }
  };

  return (
    <AuthShell title={t('undo.title')} closeTo={paths.home} icon={<LockIcon size={28} />}>
      <div className={forms.stack}>
        <p className={forms.muted}>{t('undo.intro')}</p>
        {error && <Notice type="error">{error}</Notice>}
        <Button block loading={busy} onClick={() => void confirm()}>
          {busy ? t('undo.working') : t('undo.confirm')}
        </Button>
      </div>
    </AuthShell>
  );
}
