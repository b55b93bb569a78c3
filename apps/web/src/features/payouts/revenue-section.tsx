import type { RevenueHoldingDto, WaterfallPeriodDto } from '@indiesplit/shared/revenue';
import type { Currency } from '@indiesplit/shared/wallet';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { formatDate, formatDay } from '../../lib/format.ts';
import { statementCsvUrl, useRevenuePortfolio } from './api.ts';
import { formatBps, formatMultiple, periodLabel } from './format.ts';
import styles from './payouts.module.css';

/** Newest period first; a period's adjustments (filed later) above its regular report. */
export function newestFirst(periods: readonly WaterfallPeriodDto[]): WaterfallPeriodDto[] {
  return [...periods].sort((a, b) => {
    if (a.period_start !== b.period_start) return a.period_start < b.period_start ? 1 : -1;
    if (a.kind !== b.kind) return a.kind === 'adjustment' ? -1 : 1;
    return 0;
  });
}

/**
 * The portfolio's Payouts section: every holding with a one-line summary (received so far, the
 * last payout); its figures and period waterfalls open on demand, so dozens of periods do not make
 * the page endless. Statements are in the Documents section (StatementDocuments).
 */
export function RevenueSection() {
  const { t } = useTranslation(['payouts', 'invest']);
  const revenue = useRevenuePortfolio();

  return (
    <section className={styles.card} aria-labelledby="revenue-share">
      <h2 id="revenue-share" className={styles.cardTitle}>
        {t('portfolio.title')}
      </h2>
      <p className={styles.muted}>{t('portfolio.intro')}</p>
      {revenue.isPending ? (
        <p className={styles.muted} role="status">
          {t('portfolio.loading')}
        </p>
      ) : revenue.isError ? (
        <Notice type="error">
          <p>{t('portfolio.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void revenue.refetch()}>
            {t('portfolio.retry')}
          </Button>
        </Notice>
      ) : revenue.data.holdings.length === 0 ? (
        <p>{t('portfolio.empty')}</p>
      ) : (
        <ul className={styles.list}>
          {revenue.data.holdings.map((h) => (
            <Holding key={h.campaign.id} holding={h} />
          ))}
        </ul>
      )}
    </section>
  );
}

function Holding({ holding }: { holding: RevenueHoldingDto }) {
  const { t, i18n } = useTranslation(['payouts', 'invest']);
  const lang = i18n.language;
  const { campaign } = holding;
  const currency = campaign.currency as Currency;
  const headingId = `holding-${campaign.id}`;
  const periods = newestFirst(holding.periods);

  // The newest period paid to the investor: the one line says when money last arrived.
  const lastPaid = periods.find((p) => p.status === 'paid' && p.paid_at !== null && p.your_cents > 0);

  return (
    <li className={styles.holding}>
      <details className={styles.details}>
        <summary className={styles.summary}>
          <h3 id={headingId} className={styles.holdingTitle}>
            {campaign.title}
          </h3>
          <span className={styles.summaryLine} data-testid="holding-summary">
            {t('portfolio.summaryReceived')} <Money cents={holding.paid_cents} currency={currency} />
            {' · '}
            {lastPaid?.paid_at
              ? t('portfolio.summaryLastPayout', { date: formatDate(lastPaid.paid_at, lang) })
              : t('portfolio.summaryNoPayout')}
          </span>
        </summary>
        <article aria-labelledby={headingId} className={styles.stack}>
          {campaign.slug && (
            <p>
              <Link to={paths.campaign(campaign.slug)}>{t('portfolio.campaignPage')}</Link>
            </p>
          )}
          <dl className={styles.facts}>
            <div>
              <dt>{t('portfolio.launchedOn')}</dt>
              <dd>
                {campaign.launched_on ? formatDay(campaign.launched_on, lang) : t('portfolio.notLaunched')}
              </dd>
            </div>
            <div>
              <dt>{t('portfolio.termEnds')}</dt>
              <dd>
                {campaign.term_ends_on
                  ? formatDay(campaign.term_ends_on, lang)
                  : t('portfolio.termStartsAtLaunch')}
              </dd>
            </div>
            {campaign.months_left !== null && (
              <div>
                <dt>{t('portfolio.timeLeft')}</dt>
                <dd>
                  {campaign.months_left > 0
                    ? t('portfolio.monthsLeft', { count: campaign.months_left })
                    : t('portfolio.termEnded')}
                </dd>
              </div>
            )}
            <div>
              <dt>{t('portfolio.invested')}</dt>
              <dd>
                <Money cents={holding.invested_cents} currency={currency} />
              </dd>
            </div>
            <div>
              <dt>{t('portfolio.paid')}</dt>
              <dd>
                <Money cents={holding.paid_cents} currency={currency} />
              </dd>
            </div>
            <div>
              <dt>{t('portfolio.multiple')}</dt>
              <dd>{t('portfolio.multipleValue', { value: formatMultiple(holding.multiple, lang) })}</dd>
            </div>
          </dl>

          <h4 className={styles.subTitle}>{t('portfolio.periods')}</h4>
          {periods.length === 0 ? (
            <p className={styles.muted}>{t('portfolio.noPeriods')}</p>
          ) : (
            <ol className={styles.periods}>
              {periods.map((p) => (
                <li key={p.report_id}>
                  <Waterfall period={p} holding={holding} />
                </li>
              ))}
            </ol>
          )}
        </article>
      </details>
    </li>
  );
}

/** One period, gross revenue down to the investor's share, as a table a screen reader can follow. */
function Waterfall({ period: p, holding }: { period: WaterfallPeriodDto; holding: RevenueHoldingDto }) {
  const { t, i18n } = useTranslation(['payouts', 'invest']);
  const lang = i18n.language;
  const currency = holding.campaign.currency as Currency;
  const label = periodLabel(t, p.period_kind, p.period_start, lang);
  const adjustment = p.kind === 'adjustment';
  // What the revenue share of this period's net revenue came to before carried losses.
  const due = p.pool_cents + p.carried_out_cents - p.carried_in_cents;
  const shareBps = holding.campaign.revenue_share_bps;
  // What a step takes away, shown with its minus sign (and never as "-€0.00").
  const minus = (cents: number) => (cents === 0 ? 0 : -cents);
  const platformBps = holding.campaign.platform_share_bps;

  const rows: { key: string; label: string; cents: number; total?: boolean }[] = [
    { key: 'gross', label: t('period.gross'), cents: p.gross_cents },
    { key: 'fees', label: t('period.storeFees'), cents: minus(p.store_fees_cents) },
    { key: 'refunds', label: t('period.refundsTaxes'), cents: minus(p.refunds_cents + p.taxes_cents) },
    { key: 'net', label: t('period.net'), cents: p.net_cents, total: true },
    {
      key: 'share',
      label:
        shareBps === null ? t('period.sharePlain') : t('period.share', { share: formatBps(shareBps, lang) }),
      cents: due,
    },
  ];
  if (p.carried_in_cents !== 0)
    rows.push({ key: 'carriedIn', label: t('period.carriedIn'), cents: p.carried_in_cents });
  if (p.carried_out_cents !== 0)
    rows.push({ key: 'carriedOut', label: t('period.carriedOut'), cents: minus(p.carried_out_cents) });
  rows.push(
    { key: 'pool', label: t('period.pool'), cents: p.pool_cents, total: true },
    {
      key: 'platform',
      label:
        platformBps === null
          ? t('period.platformPlain')
          : t('period.platform', { share: formatBps(platformBps, lang) }),
      cents: minus(p.platform_cents),
    },
    { key: 'investors', label: t('period.investors'), cents: p.investors_cents, total: true },
    { key: 'yours', label: t('period.yours'), cents: p.your_cents, total: true },
  );

  const status =
    p.status !== 'paid'
      ? t(`period.status.${p.status}`)
      : p.paid_at
        ? t('period.status.paid', { date: formatDate(p.paid_at, lang) })
        : t('period.status.paidNoDate');

  return (
    <div className={styles.period}>
      <div className={styles.periodHead}>
        <strong>{label}</strong>
        {adjustment && <span className={styles.tag}>{t('period.adjustment')}</span>}
        <span className={p.status === 'paid' ? styles.statusPaid : styles.statusWaiting}>{status}</span>
      </div>
      <table className={styles.waterfall}>
        <caption className="visually-hidden">
          {adjustment
            ? t('period.captionAdjustment', { period: label })
            : t('period.caption', { period: label })}
        </caption>
        <thead className="visually-hidden">
          <tr>
            <th scope="col">{t('period.step')}</th>
            <th scope="col">{t('period.amount')}</th>
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={r.key} className={r.total ? styles.subtotal : undefined} data-step={r.key}>
              <th scope="row">{r.label}</th>
              <td>
                <Money cents={r.cents} currency={currency} />
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The portfolio's statements: each holding's yearly statements, as CSV and as a printable page. */
export function StatementDocuments() {
  const { t } = useTranslation(['payouts', 'invest']);
  const revenue = useRevenuePortfolio();
  const holdings = (revenue.data?.holdings ?? []).filter((h) => h.statement_years.length > 0);
  return (
    <section className={styles.card} aria-labelledby="statement-documents">
      <h2 id="statement-documents" className={styles.cardTitle}>
        {t('portfolio.statements')}
      </h2>
      {revenue.isPending ? (
        <p className={styles.muted} role="status">
          {t('portfolio.loading')}
        </p>
      ) : revenue.isError ? (
        <Notice type="error">
          <p>{t('portfolio.loadError')}</p>
          <Button variant="secondary" size="sm" onClick={() => void revenue.refetch()}>
            {t('portfolio.retry')}
          </Button>
        </Notice>
      ) : holdings.length === 0 ? (
        <p className={styles.muted}>{t('portfolio.noStatements')}</p>
      ) : (
        <ul className={styles.list}>
          {holdings.map(({ campaign, statement_years }) => (
            <li key={campaign.id}>
              <h3 className={styles.subTitle}>{campaign.title}</h3>
              <ul className={styles.statements}>
                {[...statement_years]
                  .sort((a, b) => b - a)
                  .map((year) => (
                    <li key={year}>
                      <strong>{year}</strong>
                      <a
                        href={statementCsvUrl(campaign.id, year)}
                        download
                        aria-label={t('portfolio.downloadCsvFor', { year, title: campaign.title })}
                      >
                        {t('portfolio.downloadCsv')}
                      </a>
                      <Link
                        to={paths.revenueStatement(campaign.id, String(year))}
                        aria-label={t('portfolio.printableFor', { year, title: campaign.title })}
                      >
                        {t('portfolio.printable')}
                      </Link>
                    </li>
                  ))}
              </ul>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
