import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { SelectField } from '../../components/field.tsx';
import { annualReportUrl } from './api.ts';
import styles from './backoffice.module.css';
import { useBackofficeUser } from './backoffice-user.ts';

/** The first year the report can cover (the API refuses earlier ones). */
const FIRST_YEAR = 2020;

/** Years to choose from, newest first: from this year back to the first. */
export function reportYears(now: Date = new Date()): number[] {
  const years: number[] = [];
  for (let y = now.getFullYear(); y >= FIRST_YEAR; y--) years.push(y);
  return years;
}

/**
 * The annual report to the supervisor (ECSP Art 16, ADR 0031): pick a year, download its CSV. Last
 * year by default, the one a report is usually due for.
 */
export function AnnualReportPanel() {
  const { t } = useTranslation('backoffice');
  const user = useBackofficeUser();
  const years = reportYears();
  const [year, setYear] = useState(Math.max(FIRST_YEAR, new Date().getFullYear() - 1));
  // The API answers admins only: a reviewer is not offered a link that would fail.
  if (user.role !== 'admin') return null;
  return (
    <section className={styles.panel} aria-labelledby="annual-report">
      <h2 id="annual-report" className={styles.panelTitle}>
        {t('annualReport.title')}
      </h2>
      <p className={styles.muted}>{t('annualReport.intro')}</p>
      <SelectField
        label={t('annualReport.year')}
        value={String(year)}
        onChange={(e) => setYear(Number(e.target.value))}
      >
        {years.map((y) => (
          <option key={y} value={y}>
            {y}
          </option>
        ))}
      </SelectField>
      <a className="btn btn-secondary btn-sm" href={annualReportUrl(year)} download>
        {t('annualReport.download', { year })}
      </a>
    </section>
  );
}
