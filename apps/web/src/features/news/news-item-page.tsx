import type { NewsItemDto } from '@indiesplit/shared/news';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Notice } from '../../components/notice.tsx';
import { SanitisedHtml } from '../../components/sanitised-html.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { apiRequest } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import styles from './news-page.module.css';
import { formatNewsDate, newsInLanguage } from './news-page.tsx';

const fetchNewsItem = (id: string, signal?: AbortSignal) =>
  apiRequest<NewsItemDto>(`/news/${encodeURIComponent(id)}`, { signal });

/** /news/:id — one news item, for members. */
export default function NewsItemPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation('news');
  const item = useQuery({
    queryKey: ['news', 'one', id],
    queryFn: ({ signal }) => fetchNewsItem(id, signal),
  });
  const shown = item.data ? newsInLanguage(item.data, i18n.language) : null;
  usePageTitle(shown?.title ?? t('title'));
  if (item.isPending) return <PageSpinner label={t('loading')} />;
  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <p>
          <Link to={paths.news}>{t('back')}</Link>
        </p>
        {item.isError || !item.data || !shown ? (
          <Notice type="info">
            <p>{t('notFound')}</p>
          </Notice>
        ) : (
          <article className={styles.entry}>
            <time dateTime={item.data.published_at} className={styles.date}>
              {formatNewsDate(item.data.published_at, i18n.language)}
            </time>
            <h1 className={styles.title}>{shown.title}</h1>
            {item.data.image_url && <img className={styles.image} src={item.data.image_url} alt="" />}
            {/* Rendered from Markdown and sanitised on the server. */}
            <SanitisedHtml className={styles.text} html={shown.html} />
          </article>
        )}
      </div>
    </main>
  );
}
