import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { paths } from '../../app/paths.ts';
import { ButtonLink } from '../../components/button.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import styles from './pitch.module.css';
import { PitchShell } from './pitch-shell.tsx';

export default function ProjectSuccessPage() {
  const { t } = useTranslation('pitch');
  const auth = useAuth();
  const location = useLocation();
  const name = (location.state as { projectName?: unknown } | null)?.projectName;
  const projectName = typeof name === 'string' && name !== '' ? name : null;
  usePageTitle(t('success.title'));

  return (
    <PitchShell title={t('success.title')} intro={t('success.intro')}>
      <div className={styles.success}>
        <span className={styles.successIcon} aria-hidden="true">
          <CheckIcon size={32} />
        </span>
        {projectName && (
          <p>
            {t('success.project')} <strong className={styles.projectName}>{projectName}</strong>
          </p>
        )}
        <ol className={styles.nextSteps}>
          <li>{t('success.step1')}</li>
          <li>{t('success.step2')}</li>
          <li>{t('success.step3')}</li>
        </ol>
        {auth.isAuthenticated && <p>{t('success.trackText')}</p>}
        <div className={styles.actions}>
          {auth.isAuthenticated && (
            <ButtonLink to={paths.myPitches} variant="secondary">
              {t('success.myPitches')}
            </ButtonLink>
          )}
          <ButtonLink to={paths.home}>{t('success.home')}</ButtonLink>
        </div>
      </div>
    </PitchShell>
  );
}
