import { useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Field, SelectField } from '../../../components/field.tsx';
import { validationText } from '../../../lib/error-text.ts';
import styles from '../revenue.module.css';
import type { ReportFormValues } from './report-form-values.ts';

/** The report's period: a month or a quarter, or the fixed period of an adjustment. */
export function ReportPeriod({ busy, lockedPeriod }: { busy: boolean; lockedPeriod: string | null }) {
  const { t } = useTranslation(['revenue', 'errors']);
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ReportFormValues>();
  const periodKind = useWatch({ control, name: 'period_kind' });
  const err = (message: string | undefined) => validationText(t, message);
  return (
    <fieldset className={styles.fieldset} disabled={busy}>
      <legend className={styles.legend}>{t('form.period')}</legend>
      {lockedPeriod ? (
        <p className={styles.lockedPeriod}>{t('form.periodLocked', { period: lockedPeriod })}</p>
      ) : (
        <div className={styles.periodGrid}>
          <SelectField
            label={t('form.periodKind')}
            error={err(errors.period_kind?.message)}
            {...register('period_kind')}
          >
            <option value="month">{t('form.periodKinds.month')}</option>
            <option value="quarter">{t('form.periodKinds.quarter')}</option>
          </SelectField>
          {periodKind === 'month' ? (
            <Field
              label={t('form.month')}
              type="month"
              required
              placeholder="2027-03"
              hint={t('form.monthHint')}
              error={err(errors.month?.message)}
              {...register('month')}
            />
          ) : (
            <>
              <Field
                label={t('form.year')}
                inputMode="numeric"
                required
                autoComplete="off"
                error={err(errors.year?.message)}
                {...register('year')}
              />
              <SelectField label={t('form.quarter')} {...register('quarter')}>
                {[1, 2, 3, 4].map((q) => (
                  <option key={q} value={String(q)}>
                    {t('form.quarters', { quarter: q })}
                  </option>
                ))}
              </SelectField>
            </>
          )}
        </div>
      )}
    </fieldset>
  );
}
