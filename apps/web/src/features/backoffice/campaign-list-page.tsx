import { CAMPAIGN_STATUSES, type CampaignStatus } from '@indiesplit/shared/campaigns';
import { type FormEvent, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field, SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useBackofficeCampaigns } from '../campaigns/backoffice-api.ts';
import { formatAmount, formatDateTime } from '../campaigns/format.ts';
import { AnnualReportPanel } from './annual-report-panel.tsx';
import styles from './backoffice.module.css';
import { LoadError } from './load-error.tsx';

const asStatus = (value: string | null): CampaignStatus | undefined =>
  value && (CAMPAIGN_STATUSES as readonly string[]).includes(value) ? (value as CampaignStatus) : undefined;

/** Every campaign, drafts included: the admin's way into the editor. */
export default function CampaignListPage() {
  const { t, i18n } = useTranslation(['backoffice', 'campaigns']);
  const lang = i18n.language;
  usePageTitle(t('campaigns.listTitle'));
  const [params, setParams] = useSearchParams();
  const status = asStatus(params.get('status'));
  const q = params.get('q')?.trim() || undefined;
  // Demo rounds are hidden unless asked for: the demo opens new ones every few minutes.
  const showDemo = params.get('demo') === '1';
  const query = useMemo(
    () => ({ status, q, include_demo: showDemo ? ('true' as const) : undefined }),
    [status, q, showDemo],
  );
  const list = useBackofficeCampaigns(query);
  const [search, setSearch] = useState(q ?? '');

  const apply = (next: { status?: string | undefined; q?: string | undefined; demo?: boolean }) => {
    const p = new URLSearchParams();
    if (next.status) p.set('status', next.status);
    if (next.q) p.set('q', next.q);
    if (next.demo ?? showDemo) p.set('demo', '1');
    setParams(p);
  };
  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    apply({ status, q: search.trim() || undefined });
  };
  const rows = list.data ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('campaigns.listTitle')}</h1>
        <p className={styles.muted}>{t('campaigns.listIntro')}</p>
      </header>
      <AnnualReportPanel />
      <search className={styles.filters}>
        <form onSubmit={onSubmit} noValidate aria-label={t('campaigns.filters')}>
          <div className={styles.filterGrid}>
            <Field
              label={t('campaigns.search')}
              type="search"
              name="q"
              value={search}
              onChange={(e) => setSearch(e.target.value)}
              className={styles.filterWide}
            />
            <SelectField
              label={t('campaigns.status')}
              name="status"
              value={status ?? ''}
              onChange={(e) => apply({ status: e.target.value || undefined, q })}
            >
              <option value="">{t('campaigns.anyStatus')}</option>
              {CAMPAIGN_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`campaigns:status.${s}`)}
                </option>
              ))}
            </SelectField>
            <Checkbox
              label={t('demoFilter.show')}
              description={t('demoFilter.hint')}
              checked={showDemo}
              onChange={(e) => apply({ status, q, demo: e.currentTarget.checked })}
            />
          </div>
          <div className={styles.filterActions}>
            <Button type="submit">{t('campaigns.apply')}</Button>
          </div>
        </form>
      </search>
      <p role="status" className={styles.resultCount}>
        {list.isFetching ? (
          <Spinner size="sm" label={t('campaigns.loading')} />
        ) : list.isSuccess ? (
          t('campaigns.results', { count: rows.length })
        ) : null}
      </p>
      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} adminOnly />
      ) : list.isSuccess && rows.length === 0 ? (
        <Notice type="info" live={false}>
          {t('campaigns.empty')}
        </Notice>
      ) : rows.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={list.isFetching || undefined}>
            <caption className="visually-hidden">{t('campaigns.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('campaigns.col.title')}</th>
                <th scope="col">{t('campaigns.col.status')}</th>
                <th scope="col">{t('campaigns.col.developer')}</th>
                <th scope="col">{t('campaigns.col.raised')}</th>
                <th scope="col">{t('campaigns.col.deadline')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link to={paths.backofficeCampaign(c.id)} className={styles.rowLink}>
                      {c.title}
                    </Link>
                    <span className={styles.cellSub}>{c.slug ?? t('campaigns.noSlug')}</span>
                  </th>
                  <td>
                    {t(`campaigns:status.${c.status}`)}
                    {c.currency === 'DEMO' && (
                      <span className={styles.cellSub}>{t('campaigns:demo.badge')}</span>
                    )}
                  </td>
                  <td>{c.developer?.username ?? '—'}</td>
                  <td>
                    <span className={styles.cellMain}>
                      {formatAmount(t, c.committed_cents, c.currency, lang)}
                    </span>
                    <span className={styles.cellSub}>
                      {t('campaigns.ofGoal', {
                        goal: formatAmount(t, c.goal_cents, c.currency, lang),
                        count: c.investor_count,
                      })}
                    </span>
                  </td>
                  <td>{c.deadline_at ? formatDateTime(c.deadline_at, lang) : '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
