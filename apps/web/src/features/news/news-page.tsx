import { useTranslation } from 'react-i18next';
import { useContentLanguage } from '../../content/language.ts';
import { useNewsContent } from '../../content/news-content.ts';
import styles from './news-page.module.css';

/** Formats an ISO date (YYYY-MM-DD) as a calendar date, without shifting it across time zones. */
function formatDate(iso: string, language: string): string {
  const date = new Date(`${iso}T00:00:00Z`);
  if (Number.isNaN(date.getTime())) return iso;
  return new Intl.DateTimeFormat(language, { dateStyle: 'long', timeZone: 'UTC' }).format(date);
}

export default function NewsPage() {
  const { t } = useTranslation('news');
  const language = useContentLanguage();
  const entries = [...useNewsContent()].sort((a, b) => b.date.localeCompare(a.date));

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <header className={styles.header}>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.subtitle}>{t('subtitle')}</p>
        </header>

        {entries.length === 0 ? (
          <p className={styles.empty}>{t('empty')}</p>
        ) : (
          <ol className={styles.list} aria-label={t('listLabel')}>
            {entries.map((entry) => (
              <li key={entry.id}>
                <article className={styles.entry} aria-labelledby={`news-${entry.id}`}>
                  <div className={styles.meta}>
                    <time dateTime={entry.date} className={styles.date}>
                      {formatDate(entry.date, language)}
                    </time>
                    {entry.placeholder && (
                      <span className={styles.badge}>
                        {t('placeholderBadge')}
                        <span className="visually-hidden">: {t('placeholderLabel')}</span>
                      </span>
                    )}
                  </div>
                  <h2 id={`news-${entry.id}`} className={styles.entryTitle}>
                    {entry.title}
                  </h2>
                  {entry.paragraphs.map((paragraph) => (
                    <p key={paragraph} className={styles.text}>
                      {paragraph}
                    </p>
                  ))}
                </article>
              </li>
            ))}
          </ol>
        )}
      </div>
    </main>
  );
}
