import type {
  DistributionDto,
  DistributionStatus,
  ReportStatus,
  RevenueReportDto,
} from '@indiesplit/shared/revenue';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/cx.ts';
import { Money } from '../../components/money.tsx';
import { periodLabel } from './format.ts';
import styles from './revenue.module.css';

// Pieces both the developer's screens and the back office show: status badges, a report's
// per-store figures, and what a verified report distributes.

/** A report's status in words (never by colour alone). */
export function ReportStatusBadge({ status }: { status: ReportStatus }) {
  const { t } = useTranslation('revenue');
  return (
    <span className={cx(styles.badge, styles[`report_${status}`])} data-status={status}>
      {t(`reportStatus.${status}`)}
    </span>
  );
}

export function DistributionStatusBadge({ status }: { status: DistributionStatus }) {
  const { t } = useTranslation('revenue');
  return (
    <span className={cx(styles.badge, styles[`dist_${status}`])} data-status={status}>
      {t(`distributionStatus.${status}`)}
    </span>
  );
}

/** "March 2027 · adjustment" — the title of a report. */
export function useReportTitle() {
  const { t, i18n } = useTranslation('revenue');
  return (report: Pick<RevenueReportDto, 'period_kind' | 'period_start' | 'kind'>) => {
    const period = periodLabel(t, report.period_kind, report.period_start, i18n.language);
    return report.kind === 'adjustment' ? t('report.adjustmentTitle', { period }) : period;
  };
}

/** The report's lines, one per store, and their totals. */
export function ReportFigures({ report, caption }: { report: RevenueReportDto; caption: string }) {
  const { t } = useTranslation('revenue');
  const cur = report.currency;
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>
          <tr>
            <th scope="col">{t('figures.store')}</th>
            <th scope="col" className={styles.num}>
              {t('figures.gross')}
            </th>
            <th scope="col" className={styles.num}>
              {t('figures.storeFees')}
            </th>
            <th scope="col" className={styles.num}>
              {t('figures.refunds')}
            </th>
            <th scope="col" className={styles.num}>
              {t('figures.taxes')}
            </th>
            <th scope="col" className={styles.num}>
              {t('figures.net')}
            </th>
          </tr>
        </thead>
        <tbody>
          {report.lines.map((line) => (
            <tr key={line.store}>
              <th scope="row">{t(`stores.${line.store}`)}</th>
              <td className={styles.num}>
                <Money cents={line.gross_cents} currency={cur} />
              </td>
              <td className={styles.num}>
                <Money cents={line.store_fees_cents} currency={cur} />
              </td>
              <td className={styles.num}>
                <Money cents={line.refunds_cents} currency={cur} />
              </td>
              <td className={styles.num}>
                <Money cents={line.taxes_cents} currency={cur} />
              </td>
              <td className={styles.num}>
                <Money
                  cents={line.gross_cents - line.store_fees_cents - line.refunds_cents - line.taxes_cents}
                  currency={cur}
                />
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot>
          <tr>
            <th scope="row">{t('figures.total')}</th>
            <td className={styles.num}>
              <Money cents={report.gross_cents} currency={cur} />
            </td>
            <td className={styles.num}>
              <Money cents={report.store_fees_cents} currency={cur} />
            </td>
            <td className={styles.num}>
              <Money cents={report.refunds_cents} currency={cur} />
            </td>
            <td className={styles.num}>
              <Money cents={report.taxes_cents} currency={cur} />
            </td>
            <td className={styles.num}>
              <strong>
                <Money cents={report.net_cents} currency={cur} />
              </strong>
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}

/** What a verified report distributes: the pool, the platform's part, the investors' part. */
export function DistributionSummary({ distribution }: { distribution: DistributionDto }) {
  const { t } = useTranslation('revenue');
  const cur = distribution.currency;
  return (
    <section className={styles.distribution} aria-label={t('distribution.title')}>
      <div className={styles.distributionHead}>
        <h4 className={styles.smallTitle}>{t('distribution.title')}</h4>
        <DistributionStatusBadge status={distribution.status} />
      </div>
      <dl className={styles.facts}>
        <div>
          <dt>{t('distribution.pool')}</dt>
          <dd>
            <Money cents={distribution.pool_cents} currency={cur} />
          </dd>
        </div>
        <div>
          <dt>{t('distribution.platform')}</dt>
          <dd>
            <Money cents={distribution.platform_cents} currency={cur} />
          </dd>
        </div>
        <div>
          <dt>{t('distribution.investors')}</dt>
          <dd>
            <Money cents={distribution.investors_cents} currency={cur} />
          </dd>
        </div>
        {distribution.carried_out_cents !== 0 && (
          <div>
            <dt>{t('distribution.carriedOut')}</dt>
            <dd>
              <Money cents={distribution.carried_out_cents} currency={cur} />
            </dd>
          </div>
        )}
      </dl>
    </section>
  );
}
