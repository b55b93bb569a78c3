import type { Currency } from '@indiesplit/shared/wallet';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useStudioOfCampaign, useStudioPage } from './api.ts';
import styles from './community.module.css';

/** /studios/:username — a studio's public page: profile, campaigns and their outcomes (ADR 0038). */
export default function StudioPage() {
  const { username = '' } = useParams();
  const { t } = useTranslation('community');
  const studio = useStudioPage(username);
  usePageTitle(studio.data?.name ?? t('studio.title'));
  if (studio.isPending) return <PageSpinner label={t('loading')} />;
  return (
    <main id="main" className="container">
      {studio.isError ? (
        <Notice type={studio.error instanceof ApiError && studio.error.status === 404 ? 'info' : 'error'}>
          <p>{t('studio.notFound')}</p>
        </Notice>
      ) : (
        <article className={styles.section} aria-labelledby="studio-name">
          <header className={styles.studioHead}>
            {studio.data.logo_url && (
              <img src={studio.data.logo_url} alt="" width={96} height={96} className={styles.logo} />
            )}
            <div>
              <p className={styles.muted}>{t('studio.eyebrow')}</p>
              <h1 id="studio-name">{studio.data.name}</h1>
            </div>
          </header>
          {studio.data.bio && <p className={styles.body}>{studio.data.bio}</p>}
          {studio.data.links.length > 0 && (
            <ul className={styles.actions} aria-label={t('studio.links')}>
              {studio.data.links.map((link) => (
                <li key={link.url}>
                  <a href={link.url} rel="nofollow noopener noreferrer" target="_blank">
                    {link.label}
                  </a>
                </li>
              ))}
            </ul>
          )}
          <h2>{t('studio.campaigns')}</h2>
          <ul className={styles.threads}>
            {studio.data.campaigns.map((c) => (
              <li key={c.slug} className={styles.thread}>
                <p className={styles.tags}>
                  <Link to={paths.campaign(c.slug)}>{c.title}</Link>
                  <span className={styles.badge}>
                    {t(`studio.status.${c.status}`, { defaultValue: c.status })}
                  </span>
                </p>
                <p className={styles.muted}>
                  {t('studio.raised', { investors: c.investor_count })}{' '}
                  <Money cents={c.committed_cents} currency={c.currency as Currency} /> /{' '}
                  <Money cents={c.goal_cents} currency={c.currency as Currency} />
                </p>
              </li>
            ))}
          </ul>
        </article>
      )}
    </main>
  );
}

/** The campaign page's link to its studio's page; nothing when the campaign has no studio account. */
export function StudioLink({ slug }: { slug: string }) {
  const { t } = useTranslation('community');
  const studio = useStudioOfCampaign(slug);
  if (!studio.data) return null;
  return <Link to={paths.studio(studio.data.username)}>{t('studio.link')}</Link>;
}
