import type { Currency } from '@indiesplit/shared/wallet';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatDate, formatDateTime, formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useStatement } from './api.ts';
import { periodLabel } from './format.ts';
import styles from './statement.module.css';

const YEAR = /^\d{4}$/;

/** /portfolio/statements/:campaignId/:year — one year's payouts from one campaign, made for printing. */
export default function StatementPage() {
  const { campaignId = '', year: yearParam = '' } = useParams();
  const { t, i18n } = useTranslation(['payouts', 'invest']);
  const lang = i18n.language;
  const validYear = YEAR.test(yearParam);
  const year = Number(yearParam);
  const statement = useStatement(campaignId, year, validYear && campaignId !== '');
  usePageTitle(t('statement.title', { year: validYear ? year : '' }).trim());

  const back = (
    <p className={styles.noPrint}>
      <Link to={paths.portfolio}>{t('statement.back')}</Link>
    </p>
  );

  if (!validYear || statement.isError) {
    const err = statement.error;
    if (err instanceof ApiError && err.status === 401) return <Navigate to={paths.login} replace />;
    const missing = !validYear || (err instanceof ApiError && (err.status === 404 || err.status === 400));
    return (
      <main id="main" className={styles.page}>
        <div className="container">
          <Notice type={missing ? 'info' : 'error'}>
            <p>{missing ? t('statement.notFound') : t('statement.loadError')}</p>
          </Notice>
          {back}
        </div>
      </main>
    );
  }
  if (statement.isPending) return <PageSpinner label={t('statement.loading')} />;

  const s = statement.data;
  const currency = s.campaign.currency as Currency;
  const money = (cents: number) => <Money cents={cents} currency={currency} />;

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.sheet}`}>
        {back}
        <header className={styles.head}>
          <h1 className={styles.title}>{t('statement.title', { year: s.year })}</h1>
          <Button className={styles.noPrint} variant="secondary" onClick={() => window.print()}>
            {t('statement.print')}
          </Button>
        </header>
        {currency === 'DEMO' && (
          <p className={styles.demo} role="note">
            {t('statement.demo')}
          </p>
        )}
        <dl className={styles.facts}>
          <div>
            <dt>{t('statement.investor')}</dt>
            <dd>
              {s.investor.name}
              <br />
              {s.investor.email}
            </dd>
          </div>
          <div>
            <dt>{t('statement.campaign')}</dt>
            <dd>{s.campaign.title}</dd>
          </div>
          <div>
            <dt>{t('statement.year')}</dt>
            <dd>{s.year}</dd>
          </div>
          <div>
            <dt>{t('statement.invested')}</dt>
            <dd>{money(s.invested_cents)}</dd>
          </div>
        </dl>

        <h2 className={styles.subTitle}>{t('statement.rows')}</h2>
        {s.rows.length === 0 ? (
          <p>{t('statement.noRows')}</p>
        ) : (
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('statement.paidOn')}</th>
                <th scope="col">{t('statement.period')}</th>
                <th scope="col">{t('statement.kind')}</th>
                <th scope="col" className={styles.num}>
                  {t('statement.net')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('statement.pool')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('statement.investors')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('statement.yours')}
                </th>
              </tr>
            </thead>
            <tbody>
              {s.rows.map((r, i) => (
                // Rows carry no id: a period and its adjustment may be paid the same day.
                // biome-ignore lint/suspicious/noArrayIndexKey: the rows never reorder
                <tr key={i}>
                  <td>{formatDate(r.paid_at, lang)}</td>
                  <td>
                    {periodLabel(
                      t,
                      r.period_start.slice(5, 7) === r.period_end.slice(5, 7) ? 'month' : 'quarter',
                      r.period_start,
                      lang,
                    )}
                    <span className={styles.range}>
                      {' '}
                      ({formatDay(r.period_start, lang)} – {formatDay(r.period_end, lang)})
                    </span>
                  </td>
                  <td>{r.kind === 'adjustment' ? t('statement.adjustment') : t('statement.regular')}</td>
                  <td className={styles.num}>{money(r.net_cents)}</td>
                  <td className={styles.num}>{money(r.pool_cents)}</td>
                  <td className={styles.num}>{money(r.investors_cents)}</td>
                  <td className={styles.num}>{money(r.your_cents)}</td>
                </tr>
              ))}
            </tbody>
            <tfoot>
              <tr>
                <th scope="row" colSpan={6}>
                  {t('statement.total')}
                </th>
                <td className={styles.num}>{money(s.total_cents)}</td>
              </tr>
            </tfoot>
          </table>
        )}
        <p className={styles.generated}>
          {t('statement.generated', { date: formatDateTime(s.generated_at, lang) })}
        </p>
      </div>
    </main>
  );
}
