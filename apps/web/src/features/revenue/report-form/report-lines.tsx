import { REVENUE_STORES } from '@indiesplit/shared/revenue';
import { useFieldArray, useFormContext, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field, GroupError, SelectField } from '../../../components/field.tsx';
import { validationText } from '../../../lib/error-text.ts';
import styles from '../revenue.module.css';
import { ReportCsvImport } from './report-csv-import.tsx';
import { AMOUNTS, type AmountField, emptyLine, type ReportFormValues } from './report-form-values.ts';

/** One row per store with its four figures, rows added and removed, or filled from a CSV file. */
export function ReportLines({
  busy,
  adjusting,
  linesError,
  errorId,
}: {
  busy: boolean;
  adjusting: boolean;
  /** An error the server gave the lines as a whole (e.g. a store twice). */
  linesError: string | undefined;
  errorId: string;
}) {
  const { t } = useTranslation(['revenue', 'errors']);
  const {
    register,
    control,
    formState: { errors },
  } = useFormContext<ReportFormValues>();
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'lines' });
  const lines = useWatch({ control, name: 'lines' });
  const usedStores = new Set(lines.map((l) => l?.store).filter(Boolean));
  const lineErr = (i: number, field: 'store' | AmountField) =>
    validationText(t, errors.lines?.[i]?.[field]?.message);

  return (
    <fieldset className={styles.fieldset} disabled={busy}>
      <legend className={styles.legend}>{t('form.stores')}</legend>
      <p className={styles.muted}>{adjusting ? t('form.amountsSignedHint') : t('form.amountsHint')}</p>
      <ReportCsvImport onLines={replace} />
      {fields.map((row, i) => (
        <fieldset key={row.id} className={styles.lineRow}>
          <legend className={styles.lineLegend}>{t('form.row', { n: i + 1 })}</legend>
          <SelectField
            label={t('form.store')}
            required
            error={lineErr(i, 'store')}
            {...register(`lines.${i}.store`)}
          >
            <option value="">{t('form.chooseStore')}</option>
            {REVENUE_STORES.map((s) => (
              <option key={s} value={s} disabled={s !== lines[i]?.store && usedStores.has(s)}>
                {t(`stores.${s}`)}
              </option>
            ))}
          </SelectField>
          {AMOUNTS.map((field) => (
            <Field
              key={field}
              label={t(`form.amount.${field}`)}
              inputMode="decimal"
              autoComplete="off"
              placeholder="0.00"
              inputClassName={styles.amountInput}
              error={lineErr(i, field)}
              {...register(`lines.${i}.${field}`)}
            />
          ))}
          <div className={styles.lineActions}>
            <Button
              size="sm"
              variant="ghost"
              disabled={fields.length <= 1}
              onClick={() => remove(i)}
              aria-label={t('form.removeRowLabel', { n: i + 1 })}
            >
              {t('form.removeRow')}
            </Button>
          </div>
        </fieldset>
      ))}
      {linesError && <GroupError id={errorId}>{linesError}</GroupError>}
      <div>
        <Button
          size="sm"
          variant="secondary"
          disabled={fields.length >= REVENUE_STORES.length}
          onClick={() => append(emptyLine())}
        >
          {t('form.addRow')}
        </Button>
      </div>
    </fieldset>
  );
}
