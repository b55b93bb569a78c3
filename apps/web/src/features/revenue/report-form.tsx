import { centsToEuroString } from '@indiesplit/shared/money';
import {
  type DeveloperCampaignDto,
  REVENUE_STORES,
  type ReportPeriodKind,
  type RevenueLineInput,
  type RevenueReportDto,
  type RevenueReportInput,
  type RevenueStore,
  STATEMENT_MAX_BYTES,
  STATEMENT_TYPES,
} from '@indiesplit/shared/revenue';
import { parseRevenueCsv } from '@indiesplit/shared/revenue-csv';
import { type ReactNode, useId, useRef, useState } from 'react';
import { type FieldErrors, type Resolver, useFieldArray, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Field, GroupError, SelectField } from '../../components/field.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useSaveReport, useUploadStatement } from './api.ts';
import { parseAmount, periodLabel } from './format.ts';
import styles from './revenue.module.css';

// Filing a report: the period, one row per store with its figures in euros (parsed exactly to
// cents), live totals, a CSV import that fills the rows, and an optional statement file uploaded
// once the report exists. The same form edits a report (PUT) and files an adjustment.

const AMOUNTS = ['gross', 'store_fees', 'refunds', 'taxes'] as const;
type AmountField = (typeof AMOUNTS)[number];

interface LineValues {
  store: RevenueStore | '';
  gross: string;
  store_fees: string;
  refunds: string;
  taxes: string;
}

export interface ReportFormValues {
  period_kind: ReportPeriodKind;
  /** YYYY-MM, for a month. */
  month: string;
  /** YYYY and 1–4, for a quarter. */
  year: string;
  quarter: string;
  lines: LineValues[];
}

/** What the form does: file a new regular report, change one, or correct a verified one. */
export type ReportFormMode =
  | { type: 'new' }
  | { type: 'edit'; report: RevenueReportDto }
  | { type: 'adjust'; report: RevenueReportDto };

const pad = (n: number) => String(n).padStart(2, '0');
const emptyLine = (store: RevenueStore | '' = ''): LineValues => ({
  store,
  gross: '',
  store_fees: '',
  refunds: '',
  taxes: '',
});

function lineFromInput(line: RevenueLineInput): LineValues {
  return {
    store: line.store,
    gross: centsToEuroString(line.gross_cents),
    store_fees: centsToEuroString(line.store_fees_cents),
    refunds: centsToEuroString(line.refunds_cents),
    taxes: centsToEuroString(line.taxes_cents),
  };
}

function periodValues(kind: ReportPeriodKind, start: string) {
  const month = Number(start.slice(5, 7));
  return {
    period_kind: kind,
    month: start.slice(0, 7),
    year: start.slice(0, 4),
    quarter: String(Math.floor((month - 1) / 3) + 1),
  };
}

/** The month before today's, the likeliest period to report when nothing is due. */
function lastMonth(): string {
  const now = new Date();
  const d = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - 1, 1));
  return `${d.getUTCFullYear()}-${pad(d.getUTCMonth() + 1)}-01`;
}

export function defaultValues(campaign: DeveloperCampaignDto, mode: ReportFormMode): ReportFormValues {
  if (mode.type === 'edit')
    return {
      ...periodValues(mode.report.period_kind, mode.report.period_start),
      lines: mode.report.lines.map(lineFromInput),
    };
  if (mode.type === 'adjust')
    return {
      ...periodValues(mode.report.period_kind, mode.report.period_start),
      // The differences from the verified figures, store by store: empty means no change.
      lines: mode.report.lines.map((l) => emptyLine(l.store)),
    };
  return { ...periodValues('month', campaign.report_due?.period_start ?? lastMonth()), lines: [emptyLine()] };
}

function periodStartOf(v: ReportFormValues): string {
  if (v.period_kind === 'month') return `${v.month}-01`;
  return `${v.year}-${pad((Number(v.quarter) - 1) * 3 + 1)}-01`;
}

function makeResolver(allowNegative: boolean): Resolver<ReportFormValues> {
  return async (values) => {
    const errors: FieldErrors<ReportFormValues> = {};
    const set = (path: string, message: string) => {
      // Nested paths (lines.0.gross) become nested objects, as react-hook-form expects.
      const parts = path.split('.');
      let node = errors as Record<string, unknown>;
      for (let i = 0; i < parts.length - 1; i += 1) {
        const part = parts[i] as string;
        node[part] ??= /^\d+$/.test(parts[i + 1] ?? '') ? [] : {};
        node = node[part] as Record<string, unknown>;
      }
      node[parts.at(-1) as string] = { type: 'validate', message };
    };
    if (values.period_kind === 'month' && !/^\d{4}-(0[1-9]|1[0-2])$/.test(values.month))
      set('month', 'revenue:form.errors.month');
    if (values.period_kind === 'quarter' && !/^(19|20|21)\d{2}$/.test(values.year.trim()))
      set('year', 'revenue:form.errors.year');
    const seen = new Set<string>();
    values.lines.forEach((line, i) => {
      if (!line.store) set(`lines.${i}.store`, 'fillMandatory');
      else if (seen.has(line.store)) set(`lines.${i}.store`, 'reportDuplicateStore');
      else seen.add(line.store);
      for (const field of AMOUNTS)
        if (parseAmount(line[field], allowNegative) === undefined)
          set(
            `lines.${i}.${field}`,
            allowNegative ? 'revenue:form.errors.amountSigned' : 'revenue:form.errors.amount',
          );
    });
    return Object.keys(errors).length > 0 ? { values: {}, errors } : { values, errors: {} };
  };
}

function toInput(values: ReportFormValues, mode: ReportFormMode): RevenueReportInput {
  const original = mode.type === 'new' ? null : mode.report;
  const adjusts =
    mode.type === 'adjust' ? mode.report.id : mode.type === 'edit' ? mode.report.adjusts_report_id : null;
  const allowNegative = adjusts !== null;
  const lines = values.lines.map((l) => ({
    store: l.store as RevenueStore,
    gross_cents: parseAmount(l.gross, allowNegative) ?? 0,
    store_fees_cents: parseAmount(l.store_fees, allowNegative) ?? 0,
    refunds_cents: parseAmount(l.refunds, allowNegative) ?? 0,
    taxes_cents: parseAmount(l.taxes, allowNegative) ?? 0,
  }));
  if (adjusts && original)
    return {
      kind: 'adjustment',
      adjusts_report_id: adjusts,
      period_kind: original.period_kind,
      period_start: original.period_start,
      lines,
    };
  return { kind: 'regular', period_kind: values.period_kind, period_start: periodStartOf(values), lines };
}

/** Where the server's field names land in the form; `null`: the error belongs to the whole form. */
function formFieldOf(serverField: string, values: ReportFormValues): string | null {
  if (serverField === 'period_start') return values.period_kind === 'month' ? 'month' : 'year';
  if (serverField === 'period_kind') return 'period_kind';
  const line = /^lines[./[](\d+)\]?(?:[./](\w+))?$/.exec(serverField);
  if (line) {
    const field = (line[2] ?? 'store').replace(/_cents$/, '');
    return `lines.${line[1]}.${field === 'store' || (AMOUNTS as readonly string[]).includes(field) ? field : 'store'}`;
  }
  return null;
}

const STATEMENT_ACCEPT = '.pdf,.png,.jpg,.jpeg,.csv,application/pdf,image/png,image/jpeg,text/csv';

function statementProblem(file: File): string | null {
  const byName = /\.(pdf|png|jpe?g|csv)$/i.test(file.name);
  const byType = (STATEMENT_TYPES as readonly string[]).includes(file.type);
  if (!(byName || byType) || file.size > STATEMENT_MAX_BYTES) return 'statementTypeInvalid';
  return null;
}

export interface ReportFormProps {
  campaign: DeveloperCampaignDto;
  mode: ReportFormMode;
  /** The report was saved; `statementError` when its file could not be attached. */
  onSaved: (report: RevenueReportDto, statementError: unknown) => void;
  onCancel: () => void;
}

export function ReportForm({ campaign, mode, onSaved, onCancel }: ReportFormProps) {
  const { t, i18n } = useTranslation(['revenue', 'errors']);
  const lang = i18n.language;
  const ids = useId();
  const save = useSaveReport(campaign.id);
  const upload = useUploadStatement();
  const adjusting = mode.type === 'adjust' || (mode.type === 'edit' && mode.report.kind === 'adjustment');
  const periodLocked = adjusting;
  const [resolver] = useState(() => makeResolver(adjusting));
  const {
    register,
    control,
    handleSubmit,
    setError,
    getValues,
    formState: { errors },
  } = useForm<ReportFormValues>({ resolver, defaultValues: defaultValues(campaign, mode) });
  const { fields, append, remove, replace } = useFieldArray({ control, name: 'lines' });
  const periodKind = useWatch({ control, name: 'period_kind' });
  const lines = useWatch({ control, name: 'lines' });
  const [statement, setStatement] = useState<File | null>(null);
  const [statementError, setStatementError] = useState<string | undefined>(undefined);
  const [csvResult, setCsvResult] = useState<{ ok: boolean; text: string } | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [linesError, setLinesError] = useState<string | undefined>(undefined);
  const errorRef = useRef<HTMLDivElement>(null);
  const busy = save.isPending || upload.isPending;

  const totals = AMOUNTS.map((field) =>
    lines.reduce((sum, l) => sum + (parseAmount(l?.[field] ?? '', adjusting) ?? 0), 0),
  ) as [number, number, number, number];
  const net = totals[0] - totals[1] - totals[2] - totals[3];
  const usedStores = new Set(lines.map((l) => l?.store).filter(Boolean));

  const readCsv = async (file: File | undefined) => {
    if (!file) return;
    setCsvResult(null);
    const result = parseRevenueCsv(await file.text());
    if (result.ok) {
      replace(result.lines.map(lineFromInput));
      setCsvResult({ ok: true, text: t('form.csv.done', { count: result.lines.length, name: file.name }) });
    } else {
      const message = t(`errors:${result.code}`);
      setCsvResult({
        ok: false,
        text: result.row === undefined ? message : t('form.csv.errorRow', { row: result.row, message }),
      });
    }
  };

  const pickStatement = (file: File | undefined) => {
    setStatementError(undefined);
    if (!file) {
      setStatement(null);
      return;
    }
    const problem = statementProblem(file);
    if (problem) {
      setStatement(null);
      setStatementError(t(`errors:${problem}`));
      return;
    }
    setStatement(file);
  };

  const onSubmit = handleSubmit(
    async (values) => {
      setFormError(null);
      setLinesError(undefined);
      const body = toInput(values, mode);
      let saved: RevenueReportDto;
      try {
        saved = await save.mutateAsync({ reportId: mode.type === 'edit' ? mode.report.id : null, body });
      } catch (err) {
        let focused = false;
        if (err instanceof ApiError)
          for (const serverField of Object.keys({ ...err.fieldMessages, ...err.fieldCodes })) {
            const key = fieldErrorKey(err, serverField);
            if (key && serverField === 'lines') setLinesError(validationText(t, key));
            const target = formFieldOf(serverField, getValues());
            if (!key || !target) continue;
            setError(target as 'month', { type: 'server', message: key }, { shouldFocus: !focused });
            focused = true;
          }
        setFormError(errorText(t, err, { fallback: 'revenue:form.failed' }));
        if (!focused) focusSoon(() => errorRef.current);
        return;
      }
      let uploadError: unknown = null;
      if (statement) {
        try {
          saved = await upload.mutateAsync({ reportId: saved.id, file: statement });
        } catch (err) {
          uploadError = err;
        }
      }
      onSaved(saved, uploadError);
    },
    () => {
      setFormError(null);
      setLinesError(undefined);
    },
  );

  const err = (message: string | undefined) => validationText(t, message);
  const lineErr = (i: number, field: 'store' | AmountField) => err(errors.lines?.[i]?.[field]?.message);
  const title =
    mode.type === 'adjust'
      ? t('form.adjustTitle')
      : mode.type === 'edit'
        ? t('form.editTitle')
        : t('form.newTitle');
  const lockedPeriod =
    mode.type === 'new' ? null : periodLabel(t, mode.report.period_kind, mode.report.period_start, lang);
  const submitLabel = mode.type === 'edit' ? t('form.resubmit') : t('form.submit');
  const amountLabel = (field: AmountField): ReactNode => t(`form.amount.${field}`);

  return (
    <form onSubmit={onSubmit} noValidate className={styles.form} aria-labelledby={`${ids}-title`}>
      <h3 id={`${ids}-title`} className={styles.formTitle}>
        {title}
      </h3>
      <p className={styles.muted}>{adjusting ? t('form.adjustIntro') : t('form.intro')}</p>
      {formError && (
        <Notice ref={errorRef} type="error">
          {formError}
        </Notice>
      )}
      <fieldset className={styles.fieldset} disabled={busy}>
        <legend className={styles.legend}>{t('form.period')}</legend>
        {periodLocked && lockedPeriod ? (
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

      <fieldset className={styles.fieldset} disabled={busy}>
        <legend className={styles.legend}>{t('form.stores')}</legend>
        <p className={styles.muted}>{adjusting ? t('form.amountsSignedHint') : t('form.amountsHint')}</p>
        <div className={styles.csvRow}>
          <Field
            label={t('form.csv.label')}
            type="file"
            accept=".csv,text/csv,text/plain"
            hint={t('form.csv.hint')}
            error={csvResult && !csvResult.ok ? csvResult.text : undefined}
            onChange={(e) => {
              const input = e.currentTarget;
              void readCsv(input.files?.[0]).finally(() => {
                input.value = '';
              });
            }}
          />
          <p role="status" className={styles.muted}>
            {csvResult?.ok ? csvResult.text : ''}
          </p>
        </div>
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
                label={amountLabel(field)}
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
        {linesError && <GroupError id={`${ids}-lines-error`}>{linesError}</GroupError>}
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

      <section className={styles.totals} aria-labelledby={`${ids}-totals`}>
        <h4 id={`${ids}-totals`} className={styles.smallTitle}>
          {t('form.totals')}
        </h4>
        <dl className={styles.facts}>
          {AMOUNTS.map((field, i) => (
            <div key={field}>
              <dt>{t(`form.total.${field}`)}</dt>
              <dd>
                <Money cents={totals[i] as number} currency={campaign.currency} />
              </dd>
            </div>
          ))}
        </dl>
        <p className={styles.net} aria-live="polite">
          {t('form.netLabel')} <Money cents={net} currency={campaign.currency} />
        </p>
      </section>

      <fieldset className={styles.fieldset} disabled={busy}>
        <legend className={styles.legend}>{t('form.statement.legend')}</legend>
        {mode.type === 'edit' && mode.report.statement_name && (
          <p className={styles.muted}>{t('form.statement.current', { name: mode.report.statement_name })}</p>
        )}
        <Field
          label={t('form.statement.label')}
          type="file"
          accept={STATEMENT_ACCEPT}
          hint={t('form.statement.hint')}
          error={statementError}
          onChange={(e) => pickStatement(e.currentTarget.files?.[0])}
        />
      </fieldset>

      <div className={styles.formActions}>
        <Button variant="secondary" onClick={onCancel} disabled={busy}>
          {t('form.cancel')}
        </Button>
        <Button type="submit" loading={busy}>
          {submitLabel}
        </Button>
      </div>
    </form>
  );
}
