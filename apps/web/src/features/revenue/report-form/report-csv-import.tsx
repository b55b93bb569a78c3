import { parseRevenueCsv } from '@indiesplit/shared/revenue-csv';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Field } from '../../../components/field.tsx';
import styles from '../revenue.module.css';
import type { LineValues } from './report-form-values.ts';
import { lineFromInput } from './report-form-values.ts';

/** Reads a store export (CSV) and fills the form's rows with it; a bad file names its row. */
export function ReportCsvImport({ onLines }: { onLines: (lines: LineValues[]) => void }) {
  const { t } = useTranslation(['revenue', 'errors']);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);

  const read = async (file: File | undefined) => {
    if (!file) return;
    setResult(null);
    const parsed = parseRevenueCsv(await file.text());
    if (parsed.ok) {
      onLines(parsed.lines.map(lineFromInput));
      setResult({ ok: true, text: t('form.csv.done', { count: parsed.lines.length, name: file.name }) });
    } else {
      const message = t(`errors:${parsed.code}`);
      setResult({
        ok: false,
        text: parsed.row === undefined ? message : t('form.csv.errorRow', { row: parsed.row, message }),
      });
    }
  };

  return (
    <div className={styles.csvRow}>
      <Field
        label={t('form.csv.label')}
        type="file"
        accept=".csv,text/csv,text/plain"
        hint={t('form.csv.hint')}
        error={result && !result.ok ? result.text : undefined}
        onChange={(e) => {
          const input = e.currentTarget;
          void read(input.files?.[0]).finally(() => {
            input.value = '';
          });
        }}
      />
      <p role="status" className={styles.muted}>
        {result?.ok ? result.text : ''}
      </p>
    </div>
  );
}
