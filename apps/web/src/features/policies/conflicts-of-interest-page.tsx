import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import styles from './policies.module.css';

const SECTIONS = ['refused', 'flagged', 'owners', 'limit', 'report'] as const;

/**
 * /conflicts-of-interest — the policy the key information sheet and the footer link to (ECSP Art 8,
 * ADR 0031). Static text, in the language of the page.
 */
export default function ConflictsOfInterestPage() {
  const { t } = useTranslation('conflicts');
  usePageTitle(t('title'));
  return (
    <main id="main" className={`container ${styles.page}`}>
      <h1 className={styles.title}>{t('title')}</h1>
      <p className={styles.intro}>{t('intro')}</p>
      {SECTIONS.map((id) => (
        <section key={id} className={styles.section} aria-labelledby={`conflicts-${id}`}>
          <h2 id={`conflicts-${id}`}>{t(`sections.${id}.title`)}</h2>
          <p>{t(`sections.${id}.text`)}</p>
        </section>
      ))}
      <p>
        <Link to={paths.campaigns}>{t('backToCampaigns')}</Link>
      </p>
    </main>
  );
}
