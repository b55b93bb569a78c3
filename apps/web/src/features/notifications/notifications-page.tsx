import type { NotificationDto } from '@indiesplit/shared/notifications';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useMarkRead, useNotifications } from './api.ts';
import styles from './notifications.module.css';

/** /notifications — the member's notifications, newest first, a page at a time. */
export default function NotificationsPage() {
  const { t } = useTranslation('notifications');
  usePageTitle(t('title'));
  const list = useNotifications();
  const mark = useMarkRead();
  if (list.isPending) return <PageSpinner label={t('loading')} />;
  if (list.isError)
    return (
      <main id="main" className={`container ${styles.page}`}>
        <Notice type="error">
          <p>{t('loadError')}</p>
        </Notice>
      </main>
    );
  const items = list.data.pages.flatMap((p) => p.results);
  const unread = list.data.pages[0]?.unread ?? 0;
  return (
    <main id="main" className={`container ${styles.page}`}>
      <div className={styles.head}>
        <h1>{t('title')}</h1>
        {unread > 0 && (
          <Button variant="secondary" size="sm" onClick={() => mark.mutate('all')} disabled={mark.isPending}>
            {t('markAll')}
          </Button>
        )}
      </div>
      <p>{t('unreadCount', { count: unread })}</p>
      {items.length === 0 ? (
        <p>{t('empty')}</p>
      ) : (
        <ul className={styles.list}>
          {items.map((n) => (
            <NotificationItem key={n.id} n={n} onRead={() => mark.mutate(n.id)} busy={mark.isPending} />
          ))}
        </ul>
      )}
      {list.hasNextPage && (
        <Button
          variant="secondary"
          onClick={() => void list.fetchNextPage()}
          disabled={list.isFetchingNextPage}
        >
          {t('more')}
        </Button>
      )}
      <p>
        <Link to={`${paths.settings}#notifications`}>{t('preferencesLink')}</Link>
      </p>
    </main>
  );
}

/** Where on the campaign page a notification leads: its updates, the answered question, or the top. */
function anchorOf(n: NotificationDto): string {
  if (n.type === 'campaign_update') return '#updates';
  if (n.type === 'question_answered' && typeof n.data.post_id === 'string') return `#post-${n.data.post_id}`;
  return '';
}

function NotificationItem({ n, onRead, busy }: { n: NotificationDto; onRead: () => void; busy: boolean }) {
  const { t, i18n } = useTranslation('notifications');
  const values = {
    ...n.data,
    title: n.campaign?.title ?? '',
    update_title: (i18n.language.startsWith('it') ? n.data.update_title_it : n.data.update_title) ?? '',
  };
  const text = t(`type.${n.type}`, values as Record<string, string>);
  const when = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' }).format(
    new Date(n.created_at),
  );
  return (
    <li className={`${styles.item} ${n.read_at ? '' : styles.unread}`} data-testid="notification">
      <div>
        {n.campaign ? (
          <Link to={`${paths.campaign(n.campaign.slug)}${anchorOf(n)}`}>{text}</Link>
        ) : (
          <span>{text}</span>
        )}
        <div className={styles.when}>
          <time dateTime={n.created_at}>{when}</time>
          {!n.read_at && <span> · {t('new')}</span>}
        </div>
      </div>
      {!n.read_at && (
        <Button variant="secondary" size="sm" onClick={onRead} disabled={busy}>
          {t('markRead')}
        </Button>
      )}
    </li>
  );
}
