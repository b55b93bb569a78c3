import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { useAuth } from '../../auth/auth-context.tsx';
import styles from '../campaigns.module.css';
import { useFollow, useSetFollow, useUpdates } from '../updates-api.ts';

/** Follow or unfollow the campaign; visitors are asked to log in. */
export function FollowButton({ slug }: { slug: string }) {
  const { t } = useTranslation('notifications');
  const auth = useAuth();
  const follow = useFollow(slug, auth.isAuthenticated);
  const set = useSetFollow(slug);
  if (!auth.isAuthenticated)
    return (
      <p className={styles.hint}>
        <Link to={paths.login}>{t('follow.login')}</Link>
      </p>
    );
  const following = follow.data?.following ?? false;
  return (
    <div>
      <Button
        variant="secondary"
        size="sm"
        aria-pressed={following}
        disabled={follow.isPending || set.isPending}
        onClick={() => set.mutate(!following)}
        data-testid="follow-button"
      >
        {following ? t('follow.following') : t('follow.follow')}
      </Button>
      <p className={styles.hint}>{t('follow.hint')}</p>
    </div>
  );
}

/**
 * The campaign's updates, newest first, a page at a time. The body is HTML the server rendered
 * from Markdown and sanitised (ADR 0037); the title is text.
 */
export default function CampaignUpdates({ slug }: { slug: string }) {
  const { t, i18n } = useTranslation('notifications');
  const [page, setPage] = useState(1);
  const lang = i18n.language.slice(0, 2);
  const updates = useUpdates(slug, page, lang);
  return (
    <>
      <FollowButton slug={slug} />
      {updates.isError ? (
        <Notice type="error">
          <p>{t('updates.loadError')}</p>
        </Notice>
      ) : !updates.data ? null : updates.data.results.length === 0 ? (
        <p className={styles.muted}>{t('updates.none')}</p>
      ) : (
        <>
          {updates.data.results.map((u) => (
            <article key={u.id} lang={u.language} data-testid="campaign-update">
              <h3>{u.title}</h3>
              <p className={styles.muted}>
                <time dateTime={u.created_at}>
                  {new Intl.DateTimeFormat(lang, { dateStyle: 'long' }).format(new Date(u.created_at))}
                </time>
                {u.edited_at && <> · {t('updates.edited')}</>}
                {u.visibility === 'investors' && <> · {t('updates.investorsOnly')}</>}
              </p>
              {/* Sanitised on the server: Markdown with raw HTML off, then an allowlist. */}
              {/* biome-ignore lint/security/noDangerouslySetInnerHtml: server-sanitised HTML (ADR 0037) */}
              <div className={styles.text} dangerouslySetInnerHTML={{ __html: u.body_html }} />
            </article>
          ))}
          {updates.data.pages > 1 && (
            <nav aria-label={t('updates.title')}>
              <Button variant="secondary" size="sm" disabled={page <= 1} onClick={() => setPage(page - 1)}>
                {t('updates.previous')}
              </Button>{' '}
              <span>{t('updates.page', { page, pages: updates.data.pages })}</span>{' '}
              <Button
                variant="secondary"
                size="sm"
                disabled={page >= updates.data.pages}
                onClick={() => setPage(page + 1)}
              >
                {t('updates.next')}
              </Button>
            </nav>
          )}
        </>
      )}
    </>
  );
}
