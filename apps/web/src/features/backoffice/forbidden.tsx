import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { ButtonLink } from '../../components/button.tsx';
import statusStyles from '../../components/status-page.module.css';
import { usePageTitle } from '../../lib/use-page-title.ts';

/** Signed in, but not part of the review team (or not an admin, for admin screens). */
export function Forbidden({ adminOnly = false }: { adminOnly?: boolean }) {
  const { t } = useTranslation('backoffice');
  const title = adminOnly ? t('forbidden.adminTitle') : t('forbidden.title');
  usePageTitle(title);
  return (
    <div className={statusStyles.page}>
      <p className={statusStyles.code} aria-hidden="true">
        403
      </p>
      <h1 className={statusStyles.title}>{title}</h1>
      <p className={statusStyles.text}>{adminOnly ? t('forbidden.adminText') : t('forbidden.text')}</p>
      <div className={statusStyles.actions}>
        <ButtonLink to={adminOnly ? paths.backoffice : paths.home}>
          {adminOnly ? t('forbidden.toQueue') : t('forbidden.home')}
        </ButtonLink>
      </div>
    </div>
  );
}

/** Staff whose session has not proved a second factor (ADR 0016): where to set it up. */
export function SecondFactorNeeded() {
  const { t } = useTranslation('backoffice');
  usePageTitle(t('secondFactor.title'));
  return (
    <div className={statusStyles.page}>
      <p className={statusStyles.code} aria-hidden="true">
        403
      </p>
      <h1 className={statusStyles.title}>{t('secondFactor.title')}</h1>
      <p className={statusStyles.text}>{t('secondFactor.text')}</p>
      <div className={statusStyles.actions}>
        <ButtonLink to={`${paths.settings}#security`}>{t('secondFactor.action')}</ButtonLink>
      </div>
    </div>
  );
}
