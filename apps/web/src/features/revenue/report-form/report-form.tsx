import { zodResolver } from '@hookform/resolvers/zod';
import type { DeveloperCampaignDto, RevenueReportDto } from '@indiesplit/shared/revenue';
import { useId, useRef, useState } from 'react';
import { FormProvider, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Notice } from '../../../components/notice.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../../lib/error-text.ts';
import { focusSoon } from '../../../lib/form.ts';
import { useSaveReport, useUploadStatement } from '../api.ts';
import { periodLabel } from '../format.ts';
import styles from '../revenue.module.css';
import {
  defaultValues,
  formFieldOf,
  isAdjusting,
  type ReportFormMode,
  type ReportFormValues,
  reportFormSchema,
  toInput,
} from './report-form-values.ts';
import { ReportLines } from './report-lines.tsx';
import { ReportPeriod } from './report-period.tsx';
import { ReportStatement } from './report-statement.tsx';
import { ReportTotals } from './report-totals.tsx';

// Filing a report: the period, one row per store with its figures in euros (parsed exactly to
// cents), live totals, a CSV import that fills the rows, and an optional statement file uploaded
// once the report exists. The same form edits a report (PUT) and files an adjustment.

export type { ReportFormMode } from './report-form-values.ts';

export interface ReportFormProps {
  campaign: DeveloperCampaignDto;
  mode: ReportFormMode;
  /** The report was saved; `statementError` when its file could not be attached. */
  onSaved: (report: RevenueReportDto, statementError: unknown) => void;
  onCancel: () => void;
}

export function ReportForm({ campaign, mode, onSaved, onCancel }: ReportFormProps) {
  const { t, i18n } = useTranslation(['revenue', 'errors']);
  const ids = useId();
  const save = useSaveReport(campaign.id);
  const upload = useUploadStatement();
  const adjusting = isAdjusting(mode);
  const [resolver] = useState(() => zodResolver(reportFormSchema(adjusting), undefined, { raw: true }));
  const form = useForm<ReportFormValues>({ resolver, defaultValues: defaultValues(campaign, mode) });
  const { handleSubmit, setError, getValues } = form;
  const [statement, setStatement] = useState<File | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const [linesError, setLinesError] = useState<string | undefined>(undefined);
  const errorRef = useRef<HTMLDivElement>(null);
  const busy = save.isPending || upload.isPending;

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

  const title =
    mode.type === 'adjust'
      ? t('form.adjustTitle')
      : mode.type === 'edit'
        ? t('form.editTitle')
        : t('form.newTitle');
  // An adjustment keeps the period of the report it corrects.
  const lockedPeriod =
    adjusting && mode.type !== 'new'
      ? periodLabel(t, mode.report.period_kind, mode.report.period_start, i18n.language)
      : null;

  return (
    <FormProvider {...form}>
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
        <ReportPeriod busy={busy} lockedPeriod={lockedPeriod} />
        <ReportLines
          busy={busy}
          adjusting={adjusting}
          linesError={linesError}
          errorId={`${ids}-lines-error`}
        />
        <ReportTotals adjusting={adjusting} currency={campaign.currency} titleId={`${ids}-totals`} />
        <ReportStatement
          busy={busy}
          currentName={mode.type === 'edit' ? mode.report.statement_name : null}
          onPick={setStatement}
        />
        <div className={styles.formActions}>
          <Button variant="secondary" onClick={onCancel} disabled={busy}>
            {t('form.cancel')}
          </Button>
          <Button type="submit" loading={busy}>
            {mode.type === 'edit' ? t('form.resubmit') : t('form.submit')}
          </Button>
        </div>
      </form>
    </FormProvider>
  );
}
