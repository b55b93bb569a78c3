import { useTranslation } from 'react-i18next';
import { Notice } from '../../components/notice.tsx';
import { formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useMyComplaints } from './api.ts';
import { ComplaintForm } from './complaint-form.tsx';
import styles from './complaints.module.css';

/** /complaints — how complaints are handled, the form, and a member's own complaints. */
export default function ComplaintsPage() {
  const { t } = useTranslation('complaints');
  usePageTitle(t('title'));
  const auth = useAuth();
  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <h1>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
        <section aria-labelledby="complaints-how" className={styles.how}>
          <h2 id="complaints-how">{t('how.title')}</h2>
          <ol>
            <li>{t('how.step1')}</li>
            <li>{t('how.step2')}</li>
            <li>{t('how.step3')}</li>
            <li>{t('how.step4')}</li>
          </ol>
        </section>
        {auth.isAuthenticated && <MyComplaints />}
        <ComplaintForm />
      </div>
    </main>
  );
}

function MyComplaints() {
  const { t, i18n } = useTranslation('complaints');
  const mine = useMyComplaints(true);
  if (mine.isPending || mine.isError) return null;
  return (
    <section aria-labelledby="complaints-mine" className={styles.mine}>
      <h2 id="complaints-mine">{t('mine.title')}</h2>
      {mine.data.length === 0 ? (
        <p className={styles.muted}>{t('mine.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {mine.data.map((c) => (
            <li key={c.reference} className={styles.card}>
              <p>
                <strong>{c.reference}</strong> · {t(`statuses.${c.status}`)} · {t('status.received')}{' '}
                {formatDay(c.received_at, i18n.language)}
              </p>
              {c.answer && (
                <Notice type="info">
                  <p className={styles.answer}>{c.answer}</p>
                </Notice>
              )}
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
