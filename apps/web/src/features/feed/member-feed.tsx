import type { FeedItemDto } from '@indiesplit/shared/feed';
import { QueryClientProvider } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { queryClient } from '../../app/query-client.ts';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useFeed } from './api.ts';
import { FeedIcon } from './feed-icons.tsx';
import styles from './member-feed.module.css';

// "Your feed" on a member's home page (ADR 0040): campaigns opened, the updates and milestones of
// the campaigns they follow or back, and news, newest first, with "Load more" for older ones.
// Loaded on demand for members only, so the visitor's home page carries none of it.

export default function MemberFeed() {
  return (
    <QueryClientProvider client={queryClient}>
      <Feed />
    </QueryClientProvider>
  );
}

function Feed() {
  const { t, i18n } = useTranslation('feed');
  const language = i18n.language.slice(0, 2);
  const feed = useFeed(language);
  const items = feed.data?.pages.flatMap((page) => page.results) ?? [];
  return (
    <section className={styles.section} aria-labelledby="home-feed-title" data-testid="member-feed">
      <div className="container">
        <h2 id="home-feed-title" className={styles.title}>
          {t('title')}
        </h2>
        {feed.isPending ? (
          <Spinner label={t('loading')} />
        ) : feed.isError ? (
          <Notice type="error">
            <p>{t('loadError')}</p>
            <Button variant="secondary" size="sm" onClick={() => void feed.refetch()}>
              {t('retry')}
            </Button>
          </Notice>
        ) : items.length === 0 ? (
          <p className={styles.muted}>
            {t('empty')} <Link to={paths.campaigns}>{t('browse')}</Link>
          </p>
        ) : (
          <>
            <ul className={styles.list}>
              {items.map((item) => (
                <FeedItem key={item.id} item={item} language={language} />
              ))}
            </ul>
            {feed.isFetchNextPageError && (
              <Notice type="error">
                <p>{t('loadError')}</p>
              </Notice>
            )}
            {feed.hasNextPage && (
              <Button
                variant="secondary"
                onClick={() => void feed.fetchNextPage()}
                disabled={feed.isFetchingNextPage}
                loading={feed.isFetchingNextPage}
              >
                {t('more')}
              </Button>
            )}
          </>
        )}
      </div>
    </section>
  );
}

function FeedItem({ item, language }: { item: FeedItemDto; language: string }) {
  const { t } = useTranslation('feed');
  const when = new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(item.at),
  );
  const campaign = item.campaign && (
    <Link to={paths.campaign(item.campaign.slug)}>{item.campaign.title}</Link>
  );
  return (
    <li className={styles.item} data-testid="feed-item" data-kind={item.kind}>
      <span className={styles.icon}>
        <FeedIcon kind={item.kind} />
      </span>
      <div className={styles.body}>
        <p className={styles.label}>
          {t(`kind.${item.kind}`)}
          {item.update?.investors_only && <> · {t('investorsOnly')}</>} ·{' '}
          <time dateTime={item.at}>{when}</time>
        </p>
        <p className={styles.headline}>
          {item.update && item.campaign ? (
            <>
              {/* The campaign page lists its updates under #updates, newest first. */}
              <Link to={`${paths.campaign(item.campaign.slug)}#updates`} lang={item.update.language}>
                {item.update.title}
              </Link>{' '}
              <span className={styles.muted}>{t('on')}</span> {campaign}
            </>
          ) : item.news ? (
            <Link to={paths.newsItem(item.news.id)}>{item.news.title}</Link>
          ) : (
            campaign
          )}
        </p>
      </div>
    </li>
  );
}
