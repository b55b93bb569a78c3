import type { DepositImportResponse } from '@indiesplit/shared/funds';
import { formatMoney } from '@indiesplit/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field, TextAreaField } from '../../../components/field.tsx';
import { errorText } from '../../../lib/error-text.ts';
import { useImportDeposits } from '../../funds/api.ts';

import styles from '../backoffice.module.css';
import { type Result, ResultNotice } from './result-notice.tsx';

// Imports the bank's CSV of received transfers, and reports what became of each row.

function ImportReport({ report }: { report: DepositImportResponse }) {
  const { t, i18n } = useTranslation('backoffice');
  return (
    <div className={styles.stack}>
      <p role="status">
        {t('funds.import.summary', {
          credited: report.credited,
          amount: formatMoney(report.credited_cents, 'EUR', i18n.language),
          skipped: report.skipped,
        })}
      </p>
      {report.rows.length > 0 && (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('funds.import.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('funds.import.col.row')}</th>
                <th scope="col">{t('funds.import.col.result')}</th>
                <th scope="col">{t('funds.import.col.reference')}</th>
                <th scope="col" className={styles.num}>
                  {t('funds.import.col.amount')}
                </th>
                <th scope="col">{t('funds.import.col.bankId')}</th>
                <th scope="col">{t('funds.import.col.member')}</th>
              </tr>
            </thead>
            <tbody>
              {report.rows.map((r) => (
                <tr key={`${r.row}`}>
                  <th scope="row">{r.row}</th>
                  <td data-result={r.result}>{t(`funds.import.result.${r.result}`)}</td>
                  <td>{r.reference ?? '—'}</td>
                  <td className={styles.num}>
                    {r.amount_cents === null ? '—' : formatMoney(r.amount_cents, 'EUR', i18n.language)}
                  </td>
                  <td className={styles.breakAll}>{r.bank_transaction_id ?? '—'}</td>
                  <td>{r.username ?? '—'}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}

export function ImportPanel() {
  const { t } = useTranslation(['backoffice', 'errors']);
  const importCsv = useImportDeposits();
  const [csv, setCsv] = useState('');
  const [report, setReport] = useState<DepositImportResponse | null>(null);
  const [result, setResult] = useState<Result>(null);

  const readFile = async (file: File | undefined) => {
    if (!file) return;
    setCsv(await file.text());
  };
  const submit = async () => {
    setResult(null);
    try {
      setReport(await importCsv.mutateAsync(csv));
    } catch (err) {
      setReport(null);
      setResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:funds.import.failed' }) });
    }
  };

  return (
    <section className={styles.panel} aria-labelledby="import-deposits">
      <h2 id="import-deposits" className={styles.panelTitle}>
        {t('funds.import.title')}
      </h2>
      <p className={styles.muted}>{t('funds.import.intro')}</p>
      <ResultNotice result={result} onDismiss={() => setResult(null)} />
      <Field
        label={t('funds.import.file')}
        type="file"
        accept=".csv,text/csv,text/plain"
        onChange={(e) => void readFile(e.currentTarget.files?.[0])}
      />
      <TextAreaField
        label={t('funds.import.paste')}
        rows={6}
        spellCheck={false}
        value={csv}
        placeholder="date,amount,reference,bank_transaction_id,payer"
        onChange={(e) => setCsv(e.currentTarget.value)}
      />
      <div className={styles.formActions}>
        <Button loading={importCsv.isPending} disabled={csv.trim() === ''} onClick={() => void submit()}>
          {t('funds.import.submit')}
        </Button>
      </div>
      {report && <ImportReport report={report} />}
    </section>
  );
}
