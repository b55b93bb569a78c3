import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { fetchUnreadCount, UNREAD_CHANGED } from './api.ts';
import styles from './notifications.module.css';

const POLL_MS = 60_000;

/** The top bar's bell: the unread count, refreshed every minute and when the member reads. */
export default function NotificationBell() {
  const { t } = useTranslation('notifications');
  const [unread, setUnread] = useState(0);
  useEffect(() => {
    const controller = new AbortController();
    const load = () =>
      fetchUnreadCount(controller.signal)
        .then((r) => setUnread(r.unread))
        .catch(() => {});
    void load();
    const timer = setInterval(load, POLL_MS);
    window.addEventListener(UNREAD_CHANGED, load);
    return () => {
      controller.abort();
      clearInterval(timer);
      window.removeEventListener(UNREAD_CHANGED, load);
    };
  }, []);
  return (
    <Link
      to={paths.notifications}
      className={styles.bell}
      aria-label={unread > 0 ? t('bell.unread', { count: unread }) : t('bell.none')}
      data-testid="notification-bell"
    >
      <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true" focusable="false">
        <path
          fill="currentColor"
          d="M12 22a2.5 2.5 0 0 0 2.45-2h-4.9A2.5 2.5 0 0 0 12 22Zm7-6V11a7 7 0 0 0-5.5-6.84V3.5a1.5 1.5 0 0 0-3 0v.66A7 7 0 0 0 5 11v5l-2 2v1h18v-1Z"
        />
      </svg>
      {unread > 0 && (
        <span className={styles.badge} aria-hidden="true" data-testid="notification-count">
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
