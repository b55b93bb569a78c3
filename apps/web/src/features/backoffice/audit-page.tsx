import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { formatDateTime } from '../pitches/pitch-format.ts';
import { PitchStatusBadge } from '../pitches/pitch-status-badge.tsx';
import { useAuditLog } from './api.ts';
import styles from './backoffice.module.css';
import { useBackofficeUser } from './backoffice-user.ts';
import { Forbidden } from './forbidden.tsx';
import { isForbidden, LoadError } from './load-error.tsx';

/** Admin: every status change of every pitch, newest first, a page at a time. */
export default function AuditPage() {
  const user = useBackofficeUser();
  if (user.role !== 'admin') return <Forbidden adminOnly />;
  return <AuditLog />;
}

function AuditLog() {
  const { t, i18n } = useTranslation(['backoffice', 'pitch']);
  const log = useAuditLog();
  usePageTitle(t('audit.title'));
  if (isForbidden(log.error)) return <Forbidden adminOnly />;
  const events = log.data?.pages.flatMap((p) => p.events) ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('audit.title')}</h1>
        <p className={styles.muted}>{t('audit.intro')}</p>
      </header>
      <p role="status" className={styles.resultCount}>
        {log.isFetching ? (
          <Spinner size="sm" label={t('loading')} />
        ) : log.isSuccess ? (
          t('audit.shown', { count: events.length })
        ) : null}
      </p>
      {log.isError && !log.data ? (
        <LoadError error={log.error} onRetry={() => void log.refetch()} adminOnly />
      ) : log.isSuccess && events.length === 0 ? (
        <Notice type="info" live={false}>
          {t('audit.empty')}
        </Notice>
      ) : events.length > 0 ? (
        <>
          <div className={styles.tableWrap}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('audit.caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('audit.col.when')}</th>
                  <th scope="col">{t('audit.col.pitch')}</th>
                  <th scope="col">{t('audit.col.who')}</th>
                  <th scope="col">{t('audit.col.from')}</th>
                  <th scope="col">{t('audit.col.to')}</th>
                  <th scope="col">{t('audit.col.message')}</th>
                </tr>
              </thead>
              <tbody>
                {events.map((e) => (
                  <tr key={e.id}>
                    <td>{formatDateTime(e.created_at, i18n.language)}</td>
                    <th scope="row">
                      <Link to={paths.backofficePitch(e.pitch_id)}>{e.project_name}</Link>
                    </th>
                    <td>{e.actor ? e.actor.username : t('history.developerOrSystem')}</td>
                    <td>{e.from_status ? <PitchStatusBadge status={e.from_status} /> : '—'}</td>
                    <td>
                      <PitchStatusBadge status={e.to_status} />
                    </td>
                    <td className={styles.preWrap}>{e.message ?? ''}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
          {log.isError && (
            <Notice type="error">
              <p>{t('loadError')}</p>
            </Notice>
          )}
          {log.hasNextPage && (
            <div className={styles.formActions}>
              <Button
                variant="secondary"
                loading={log.isFetchingNextPage}
                onClick={() => void log.fetchNextPage()}
              >
                {log.isFetchingNextPage ? t('audit.loadingMore') : t('audit.loadMore')}
              </Button>
            </div>
          )}
        </>
      ) : null}
    </div>
  );
}
