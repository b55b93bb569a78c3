import { formatMoney } from '@indiesplit/shared/money';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useOutcomes } from './api.ts';
import { HealthBadge } from './health-badge.tsx';
import styles from './outcomes.module.css';

/** /outcomes — what every funded campaign raised and has paid back so far, from the ledger. */
export default function OutcomesPage() {
  const { t, i18n } = useTranslation('outcomes');
  const lang = i18n.language;
  usePageTitle(t('title'));
  const outcomes = useOutcomes();
  const money = (cents: number) => formatMoney(cents, 'EUR', lang);
  const multiple = (value: number) =>
    new Intl.NumberFormat(lang, { minimumFractionDigits: 2, maximumFractionDigits: 2 }).format(value);

  return (
    <main id="main" className={styles.page}>
      <div className="container">
        <h1 className={styles.title}>{t('title')}</h1>
        <p className={styles.intro}>{t('intro')}</p>
        {outcomes.isPending ? (
          <PageSpinner />
        ) : outcomes.isError ? (
          <Notice type="error">
            <p>{t('loadError')}</p>
          </Notice>
        ) : outcomes.data.length === 0 ? (
          <p>{t('empty')}</p>
        ) : (
          // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than a phone scrolls, and keyboards must reach it
          <section className={styles.tableWrap} aria-label={t('caption')} tabIndex={0}>
            <table className={styles.table}>
              <caption className="visually-hidden">{t('caption')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('columns.campaign')}</th>
                  <th scope="col">{t('columns.raised')}</th>
                  <th scope="col">{t('columns.launched')}</th>
                  <th scope="col">{t('columns.term')}</th>
                  <th scope="col">{t('columns.paid')}</th>
                  <th scope="col">{t('columns.multiple')}</th>
                  <th scope="col">{t('columns.health')}</th>
                </tr>
              </thead>
              <tbody>
                {outcomes.data.map((o) => (
                  <tr key={o.slug}>
                    <th scope="row">
                      <Link to={paths.campaign(o.slug)}>{o.title}</Link>
                    </th>
                    <td data-label={t('columns.raised')}>{money(o.raised_cents)}</td>
                    <td data-label={t('columns.launched')}>
                      {o.launched_on ? formatDay(o.launched_on, lang, 'long') : t('notLaunched')}
                    </td>
                    <td data-label={t('columns.term')}>
                      {o.months_elapsed === null
                        ? '—'
                        : t('monthsOf', { elapsed: o.months_elapsed, count: o.term_months })}
                    </td>
                    <td data-label={t('columns.paid')}>{money(o.paid_cents)}</td>
                    <td data-label={t('columns.multiple')}>
                      {t('multiple', { value: multiple(o.multiple) })}
                    </td>
                    <td data-label={t('columns.health')}>
                      {o.health ? <HealthBadge health={o.health} /> : t('health.notLaunched')}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </section>
        )}
        <p className={styles.note}>{t('note')}</p>
      </div>
    </main>
  );
}
