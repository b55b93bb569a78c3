import type { Currency } from '@indiesplit/shared/wallet';
import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Money } from '../../../components/money.tsx';
import { parseAmount } from '../format.ts';
import styles from '../revenue.module.css';
import { AMOUNTS, type ReportFormValues } from './report-form-values.ts';

/** Live totals of the rows as typed (what is not an amount yet counts as 0) and the net. */
export function ReportTotals({
  adjusting,
  currency,
  titleId,
}: {
  adjusting: boolean;
  currency: Currency;
  titleId: string;
}) {
  const { t } = useTranslation('revenue');
  const { control } = useFormContext<ReportFormValues>();
  const lines = useWatch({ control, name: 'lines' });
  const totals = AMOUNTS.map((field) =>
    lines.reduce((sum, l) => sum + (parseAmount(l?.[field] ?? '', adjusting) ?? 0), 0),
  ) as [number, number, number, number];
  const net = totals[0] - totals[1] - totals[2] - totals[3];
  return (
    <section className={styles.totals} aria-labelledby={titleId}>
      <h4 id={titleId} className={styles.smallTitle}>
        {t('form.totals')}
      </h4>
      <dl className={styles.facts}>
        {AMOUNTS.map((field, i) => (
          <div key={field}>
            <dt>{t(`form.total.${field}`)}</dt>
            <dd>
              <Money cents={totals[i] as number} currency={currency} />
            </dd>
          </div>
        ))}
      </dl>
      <p className={styles.net} aria-live="polite">
        {t('form.netLabel')} <Money cents={net} currency={currency} />
      </p>
    </section>
  );
}
