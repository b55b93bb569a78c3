import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../components/button.tsx';
import styles from '../components/status-page.module.css';
import { usePageTitle } from '../lib/use-page-title.ts';
import { paths } from './paths.ts';

export default function NotFoundPage() {
  const { t } = useTranslation('common');
  usePageTitle(t('notFound.title'));
  return (
    <main id="main" className={styles.page}>
      <p className={styles.code} aria-hidden="true">
        404
      </p>
      <h1 className={styles.title}>{t('notFound.title')}</h1>
      <p className={styles.text}>{t('notFound.text')}</p>
      <div className={styles.actions}>
        <ButtonLink to={paths.home}>{t('notFound.home')}</ButtonLink>
        <ButtonLink to={paths.aboutUs} variant="secondary">
          {t('nav.about')}
        </ButtonLink>
      </div>
    </main>
  );
}
