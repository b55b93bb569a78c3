import type { NewsItemDto } from '@indiesplit/shared/news';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { SanitisedHtml } from '../../components/sanitised-html.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { useNews } from '../community/api.ts';
import styles from './news-page.module.css';

/** The title and the sanitised HTML of a news item in the reader's language. */
export function newsInLanguage(item: NewsItemDto, language: string) {
  const it = language.startsWith('it');
  return { title: it ? item.title_it : item.title_en, html: it ? item.html_it : item.html_en };
}

export function formatNewsDate(iso: string, language: string): string {
  return new Intl.DateTimeFormat(language, { dateStyle: 'long' }).format(new Date(iso));
}

/** /news — news written by the IndieSplit team, for members (ADR 0038). */
export default function NewsPage() {
  const { t, i18n } = useTranslation('news');
  const [page, setPage] = useState(1);
  const news = useNews(page);

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <header className={styles.header}>
          <p className={styles.eyebrow}>{t('eyebrow')}</p>
          <h1 className={styles.title}>{t('title')}</h1>
          <p className={styles.subtitle}>{t('subtitle')}</p>
        </header>

        {news.isPending ? (
          <PageSpinner label={t('loading')} />
        ) : news.isError ? (
          <Notice type="error">
            <p>{t('loadError')}</p>
          </Notice>
        ) : news.data.items.length === 0 ? (
          <p className={styles.empty}>{t('empty')}</p>
        ) : (
          <>
            <ol className={styles.list} aria-label={t('listLabel')}>
              {news.data.items.map((item) => {
                const { title, html } = newsInLanguage(item, i18n.language);
                return (
                  <li key={item.id}>
                    <article className={styles.entry} aria-labelledby={`news-${item.id}`}>
                      <div className={styles.meta}>
                        <time dateTime={item.published_at} className={styles.date}>
                          {formatNewsDate(item.published_at, i18n.language)}
                        </time>
                      </div>
                      <h2 id={`news-${item.id}`} className={styles.entryTitle}>
                        <Link to={paths.newsItem(item.id)}>{title}</Link>
                      </h2>
                      {item.image_url && (
                        <img className={styles.image} src={item.image_url} alt="" loading="lazy" />
                      )}
                      {/* Rendered from Markdown and sanitised on the server: the only HTML we show. */}
                      <SanitisedHtml className={styles.text} html={html} />
                    </article>
                  </li>
                );
              })}
            </ol>
            {news.data.pages > 1 && (
              <nav className={styles.pager} aria-label={t('pages')}>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page <= 1}
                  onClick={() => setPage((p) => p - 1)}
                >
                  {t('newer')}
                </Button>
                <span>{t('pageOf', { page, pages: news.data.pages })}</span>
                <Button
                  variant="secondary"
                  size="sm"
                  disabled={page >= news.data.pages}
                  onClick={() => setPage((p) => p + 1)}
                >
                  {t('older')}
                </Button>
              </nav>
            )}
          </>
        )}
      </div>
    </main>
  );
}
