import {
  type BackofficeWithdrawalDto,
  type DepositImportResponse,
  formatIban,
  RecordDepositRequest,
} from '@indiesplit/shared/funds';
import { formatMoney } from '@indiesplit/shared/money';
import { type ReactNode, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Field, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { rulesResolver, schemaCheck } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  useBackofficeWithdrawals,
  useDeposits,
  useImportDeposits,
  useInvariants,
  useMarkWithdrawalPaid,
  useRecordDeposit,
  useRejectWithdrawal,
  useStartWithdrawalPayment,
} from '../funds/api.ts';
import { formatDateTime, formatDay } from '../funds/format.ts';
import styles from './backoffice.module.css';
import { Forbidden } from './forbidden.tsx';
import { isForbidden, LoadError } from './load-error.tsx';

// Deposits and withdrawals (admins): record a received bank transfer or import the bank's CSV,
// start paying, pay or reject withdrawal requests, and check that the ledger adds up.

type Result = { ok: boolean; text: string } | null;

function ResultNotice({ result, onDismiss }: { result: Result; onDismiss: () => void }) {
  if (!result) return null;
  return (
    <Notice type={result.ok ? 'success' : 'error'} duration={result.ok ? 8000 : null} onDismiss={onDismiss}>
      {result.text}
    </Notice>
  );
}

// ---- record one deposit ------------------------------------------------------------------------

interface DepositForm {
  reference: string;
  amount: string;
  bank_transaction_id: string;
  value_date: string;
  payer_name: string;
}
const DEPOSIT_FIELDS = ['reference', 'amount', 'bank_transaction_id', 'value_date', 'payer_name'] as const;
const today = () => new Date().toISOString().slice(0, 10);
const emptyDeposit = (): DepositForm => ({
  reference: '',
  amount: '',
  bank_transaction_id: '',
  value_date: today(),
  payer_name: '',
});
const depositResolver = rulesResolver<DepositForm>({
  reference: schemaCheck(RecordDepositRequest.shape.reference),
  amount: schemaCheck(RecordDepositRequest.shape.amount),
  bank_transaction_id: schemaCheck(RecordDepositRequest.shape.bank_transaction_id),
  value_date: schemaCheck(RecordDepositRequest.shape.value_date),
  payer_name: schemaCheck(RecordDepositRequest.shape.payer_name),
});

function RecordDepositPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const record = useRecordDeposit();
  const [result, setResult] = useState<Result>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = useForm<DepositForm>({ resolver: depositResolver, defaultValues: emptyDeposit() });

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    try {
      const deposit = await record.mutateAsync(values);
      reset(emptyDeposit());
      setResult({
        ok: true,
        text: t('funds.record.done', {
          amount: formatMoney(deposit.amount_cents, 'EUR', i18n.language),
          username: deposit.member.username,
        }),
      });
    } catch (err) {
      let focused = false;
      if (err instanceof ApiError)
        for (const field of DEPOSIT_FIELDS) {
          const key = fieldErrorKey(err, field);
          if (!key) continue;
          setError(field, { type: 'server', message: key }, { shouldFocus: !focused });
          focused = true;
        }
      setResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:funds.record.failed' }) });
    }
  });
  const err = (name: keyof DepositForm) => validationText(t, errors[name]?.message);

  return (
    <section className={styles.panel} aria-labelledby="record-deposit">
      <h2 id="record-deposit" className={styles.panelTitle}>
        {t('funds.record.title')}
      </h2>
      <p className={styles.muted}>{t('funds.record.intro')}</p>
      <ResultNotice result={result} onDismiss={() => setResult(null)} />
      <form onSubmit={onSubmit} noValidate>
        <fieldset className={styles.filterGrid} disabled={record.isPending}>
          <legend className="visually-hidden">{t('funds.record.title')}</legend>
          <Field
            label={t('funds.record.reference')}
            required
            autoComplete="off"
            spellCheck={false}
            hint={t('funds.record.referenceHint')}
            error={err('reference')}
            {...register('reference')}
          />
          <Field
            label={t('funds.record.amount')}
            required
            inputMode="decimal"
            autoComplete="off"
            error={err('amount')}
            {...register('amount')}
          />
          <Field
            label={t('funds.record.bankId')}
            required
            autoComplete="off"
            spellCheck={false}
            error={err('bank_transaction_id')}
            {...register('bank_transaction_id')}
          />
          <Field
            label={t('funds.record.valueDate')}
            type="date"
            required
            error={err('value_date')}
            {...register('value_date')}
          />
          <Field
            label={t('funds.record.payer')}
            autoComplete="off"
            error={err('payer_name')}
            {...register('payer_name')}
          />
        </fieldset>
        <div className={styles.formActions}>
          <Button type="submit" loading={record.isPending}>
            {t('funds.record.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

// ---- CSV import --------------------------------------------------------------------------------

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

function ImportPanel() {
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

// ---- withdrawals -------------------------------------------------------------------------------

/** The queues of the withdrawals panel: requests to start paying, and payments under way. */
const WITHDRAWAL_FILTERS = ['requested', 'processing'] as const;
type WithdrawalFilter = (typeof WITHDRAWAL_FILTERS)[number];

/**
 * A requested withdrawal is started (the member can no longer cancel it) before the bank transfer
 * is sent; a processing one is marked paid with the bank's reference. Either may be rejected.
 */
function WithdrawalActions({ w, onResult }: { w: BackofficeWithdrawalDto; onResult: (r: Result) => void }) {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const start = useStartWithdrawalPayment();
  const paid = useMarkWithdrawalPaid();
  const reject = useRejectWithdrawal();
  const [mode, setMode] = useState<'paid' | 'reject' | null>(null);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const amount = formatMoney(w.amount_cents, 'EUR', i18n.language);

  const startPayment = async () => {
    try {
      await start.mutateAsync(w.id);
      onResult({
        ok: true,
        text: t('funds.withdrawals.startedDone', { amount, username: w.member.username }),
      });
    } catch (err) {
      onResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:funds.withdrawals.failed' }) });
    }
  };

  if (!mode)
    return (
      <div className={styles.formActions}>
        {w.status === 'requested' ? (
          <Button
            size="sm"
            loading={start.isPending}
            onClick={() => void startPayment()}
            aria-label={t('funds.withdrawals.startLabel', { amount, username: w.member.username })}
          >
            {t('funds.withdrawals.start')}
          </Button>
        ) : (
          <Button
            size="sm"
            onClick={() => setMode('paid')}
            aria-label={t('funds.withdrawals.payLabel', { amount, username: w.member.username })}
          >
            {t('funds.withdrawals.pay')}
          </Button>
        )}
        <Button
          size="sm"
          variant="secondary"
          disabled={start.isPending}
          onClick={() => setMode('reject')}
          aria-label={t('funds.withdrawals.rejectLabel', { amount, username: w.member.username })}
        >
          {t('funds.withdrawals.reject')}
        </Button>
      </div>
    );

  const busy = paid.isPending || reject.isPending;
  const confirm = async () => {
    setError(undefined);
    try {
      if (mode === 'paid') await paid.mutateAsync({ id: w.id, bank_reference: text });
      else await reject.mutateAsync({ id: w.id, note: text });
      onResult({
        ok: true,
        text: t(mode === 'paid' ? 'funds.withdrawals.paidDone' : 'funds.withdrawals.rejectedDone', {
          amount,
          username: w.member.username,
        }),
      });
    } catch (err) {
      const key =
        err instanceof ApiError ? fieldErrorKey(err, mode === 'paid' ? 'bank_reference' : 'note') : undefined;
      if (key) setError(validationText(t, key));
      else
        onResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:funds.withdrawals.failed' }) });
    }
  };

  return (
    <form
      className={styles.inlineForm}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        void confirm();
      }}
    >
      {mode === 'paid' ? (
        <Field
          label={t('funds.withdrawals.bankReference')}
          required
          autoComplete="off"
          value={text}
          error={error}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      ) : (
        <TextAreaField
          label={t('funds.withdrawals.note')}
          required
          rows={2}
          value={text}
          error={error}
          onChange={(e) => setText(e.currentTarget.value)}
        />
      )}
      <div className={styles.formActions}>
        <Button size="sm" variant="ghost" disabled={busy} onClick={() => setMode(null)}>
          {t('funds.withdrawals.back')}
        </Button>
        <Button size="sm" type="submit" variant={mode === 'paid' ? 'primary' : 'danger'} loading={busy}>
          {mode === 'paid' ? t('funds.withdrawals.confirmPaid') : t('funds.withdrawals.confirmReject')}
        </Button>
      </div>
    </form>
  );
}

/**
 * A list of the funds screens: a spinner while it loads, the error with a retry, a notice when it
 * is empty, and otherwise a table of `head` (the header row) and `children` (the rows).
 */
function ListTable({
  list,
  count,
  caption,
  empty,
  head,
  children,
}: {
  list: { isPending: boolean; isError: boolean; error: unknown; refetch: () => Promise<unknown> };
  count: number;
  caption: string;
  empty: string;
  head: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation(['backoffice', 'errors']);
  if (list.isPending) return <Spinner label={t('loading')} />;
  if (list.isError) return <LoadError error={list.error} onRetry={() => void list.refetch()} adminOnly />;
  if (count === 0) {
    return (
      <Notice type="info" live={false}>
        {empty}
      </Notice>
    );
  }
  return (
    <div className={styles.tableWrap}>
      <table className={styles.table}>
        <caption className="visually-hidden">{caption}</caption>
        <thead>{head}</thead>
        <tbody>{children}</tbody>
      </table>
    </div>
  );
}

function WithdrawalsPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const [params, setParams] = useSearchParams();
  const filter: WithdrawalFilter = params.get('withdrawals') === 'processing' ? 'processing' : 'requested';
  const list = useBackofficeWithdrawals(filter);
  const [result, setResult] = useState<Result>(null);
  const rows = list.data ?? [];
  return (
    <section className={styles.panel} aria-labelledby="pending-withdrawals">
      <h2 id="pending-withdrawals" className={styles.panelTitle}>
        {t('funds.withdrawals.title')}
      </h2>
      <p className={styles.muted}>{t('funds.withdrawals.intro')}</p>
      <div className={styles.formActions}>
        {WITHDRAWAL_FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'primary' : 'secondary'}
            aria-pressed={f === filter}
            onClick={() =>
              setParams(
                (p) => {
                  const next = new URLSearchParams(p);
                  if (f === 'requested') next.delete('withdrawals');
                  else next.set('withdrawals', f);
                  return next;
                },
                { replace: true },
              )
            }
          >
            {t(`funds.withdrawals.filter.${f}`)}
          </Button>
        ))}
      </div>
      {filter === 'requested' && (
        <Notice type="info" live={false}>
          {t('funds.withdrawals.startHint')}
        </Notice>
      )}
      <ResultNotice result={result} onDismiss={() => setResult(null)} />
      <ListTable
        list={list}
        count={rows.length}
        caption={t('funds.withdrawals.title')}
        empty={t(filter === 'requested' ? 'funds.withdrawals.empty' : 'funds.withdrawals.emptyProcessing')}
        head={
          <tr>
            <th scope="col">{t('funds.withdrawals.col.member')}</th>
            <th scope="col" className={styles.num}>
              {t('funds.withdrawals.col.amount')}
            </th>
            <th scope="col">{t('funds.withdrawals.col.payTo')}</th>
            <th scope="col">{t('funds.withdrawals.col.requested')}</th>
            <th scope="col">{t('funds.withdrawals.col.actions')}</th>
          </tr>
        }
      >
        {rows.map((w) => (
          <tr key={w.id}>
            <th scope="row">
              <span className={styles.cellMain}>{w.member.username}</span>
              <span className={styles.cellSub}>{w.member.email}</span>
            </th>
            <td className={styles.num}>{formatMoney(w.amount_cents, 'EUR', i18n.language)}</td>
            <td>
              <span className={styles.cellMain}>{w.account_holder}</span>
              <span className={`${styles.cellSub} ${styles.breakAll}`}>{formatIban(w.iban)}</span>
            </td>
            <td>
              <span className={styles.cellMain}>{formatDateTime(w.created_at, i18n.language)}</span>
              {w.started_at && (
                <span className={styles.cellSub}>
                  {t('funds.withdrawals.startedBy', {
                    date: formatDateTime(w.started_at, i18n.language),
                    username: w.started_by ?? '—',
                  })}
                </span>
              )}
            </td>
            <td>
              <WithdrawalActions w={w} onResult={setResult} />
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

// ---- recent deposits ---------------------------------------------------------------------------

function DepositsPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const list = useDeposits();
  const rows = list.data ?? [];
  return (
    <section className={styles.panel} aria-labelledby="recent-deposits">
      <h2 id="recent-deposits" className={styles.panelTitle}>
        {t('funds.deposits.title')}
      </h2>
      <ListTable
        list={list}
        count={rows.length}
        caption={t('funds.deposits.title')}
        empty={t('funds.deposits.empty')}
        head={
          <tr>
            <th scope="col">{t('funds.deposits.col.valueDate')}</th>
            <th scope="col">{t('funds.deposits.col.member')}</th>
            <th scope="col" className={styles.num}>
              {t('funds.deposits.col.amount')}
            </th>
            <th scope="col">{t('funds.deposits.col.bankId')}</th>
            <th scope="col">{t('funds.deposits.col.payer')}</th>
            <th scope="col">{t('funds.deposits.col.recordedBy')}</th>
          </tr>
        }
      >
        {rows.map((d) => (
          <tr key={d.id}>
            <td>{formatDay(d.value_date, i18n.language)}</td>
            <th scope="row">{d.member.username}</th>
            <td className={styles.num}>{formatMoney(d.amount_cents, 'EUR', i18n.language)}</td>
            <td className={styles.breakAll}>{d.bank_transaction_id}</td>
            <td>{d.payer_name ?? '—'}</td>
            <td>
              {d.recorded_by ?? '—'} · {formatDateTime(d.created_at, i18n.language)}
            </td>
          </tr>
        ))}
      </ListTable>
    </section>
  );
}

// ---- ledger check ------------------------------------------------------------------------------

function ReportBlock({ title, report }: { title: string; report: { ok: boolean; violations: string[] } }) {
  const { t } = useTranslation('backoffice');
  return (
    <div className={styles.stack}>
      <h3 className={styles.reviewTitle}>{title}</h3>
      {report.ok ? (
        <Notice type="success" live={false}>
          {t('funds.check.ok')}
        </Notice>
      ) : (
        <Notice type="error" live={false}>
          <p>{t('funds.check.violations', { count: report.violations.length })}</p>
          <ul>
            {report.violations.map((v) => (
              <li key={v}>{v}</li>
            ))}
          </ul>
        </Notice>
      )}
    </div>
  );
}

function LedgerCheckPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const check = useInvariants();
  return (
    <section className={styles.panel} aria-labelledby="ledger-check">
      <h2 id="ledger-check" className={styles.panelTitle}>
        {t('funds.check.title')}
      </h2>
      <p className={styles.muted}>{t('funds.check.intro')}</p>
      <div>
        <Button variant="secondary" loading={check.isFetching} onClick={() => void check.refetch()}>
          {t('funds.check.run')}
        </Button>
      </div>
      {check.isError ? (
        <LoadError error={check.error} onRetry={() => void check.refetch()} adminOnly />
      ) : check.data ? (
        <div className={styles.stack} role="status">
          <p className={styles.muted}>
            {t('funds.check.checkedAt', {
              date: formatDateTime(check.data.checked_at, i18n.language),
              ms: check.data.duration_ms,
            })}
          </p>
          <ReportBlock title={t('funds.check.ledger')} report={check.data.ledger} />
          <ReportBlock title={t('funds.check.investments')} report={check.data.investments} />
          <ReportBlock title={t('funds.check.revenue')} report={check.data.revenue} />
        </div>
      ) : null}
    </section>
  );
}

export default function FundsPage() {
  const { t } = useTranslation(['backoffice', 'errors']);
  usePageTitle(t('funds.title'));
  // The pending withdrawals answer first whether this viewer is an admin at all.
  const probe = useBackofficeWithdrawals('requested');
  if (isForbidden(probe.error)) return <Forbidden adminOnly />;
  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('funds.title')}</h1>
        <p className={styles.muted}>{t('funds.intro')}</p>
      </header>
      <WithdrawalsPanel />
      <RecordDepositPanel />
      <ImportPanel />
      <DepositsPanel />
      <LedgerCheckPanel />
    </div>
  );
}
