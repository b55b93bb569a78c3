import { amountErrorKey, centsToEuroString, formatMoney, parseEuroToCents } from '@indiesplit/shared/money';
import {
  DISTRIBUTION_STATUSES,
  type DistributionDto,
  type DistributionStatus,
} from '@indiesplit/shared/revenue';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { cx } from '../../components/cx.ts';
import { Field, SelectField } from '../../components/field.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useDistributions, useFundDistribution } from '../revenue/api.ts';
import { DistributionStatusBadge } from '../revenue/report-parts.tsx';
import styles from './backoffice.module.css';
import { ConfirmBox } from './confirm-box.tsx';
import { Forbidden } from './forbidden.tsx';
import { isForbidden, LoadError } from './load-error.tsx';

// Distributions (admins): what each verified report pays out, and for a pool the developer has
// not paid in yet, the form that records their bank transfer (which pays the investors at once).

type Outcome = { ok: boolean; text: string } | null;

export default function DistributionsPage() {
  const { t } = useTranslation(['revenue', 'backoffice', 'errors']);
  usePageTitle(t('distributions.title'));
  const [status, setStatus] = useState<DistributionStatus | ''>('');
  // Demo rounds (virtual money) are hidden unless asked for: they would bury the real payments.
  const [showDemo, setShowDemo] = useState(false);
  const list = useDistributions(status || null, showDemo);
  const [funding, setFunding] = useState<DistributionDto | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const formRef = useRef<HTMLElement>(null);
  const opener = useRef<HTMLElement | null>(null);

  if (isForbidden(list.error)) return <Forbidden adminOnly />;
  const rows = list.data ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('distributions.title')}</h1>
        <p className={styles.muted}>{t('distributions.intro')}</p>
      </header>
      {outcome && (
        <Notice
          ref={outcomeRef}
          type={outcome.ok ? 'success' : 'error'}
          duration={outcome.ok ? 8000 : null}
          onDismiss={() => setOutcome(null)}
        >
          {outcome.text}
        </Notice>
      )}
      <div className={styles.filterGrid}>
        <SelectField
          label={t('distributions.filter')}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as DistributionStatus | '')}
        >
          <option value="">{t('distributions.all')}</option>
          {DISTRIBUTION_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`distributionStatus.${s}`)}
            </option>
          ))}
        </SelectField>
        <Checkbox
          label={t('backoffice:demoFilter.show')}
          description={t('backoffice:demoFilter.hint')}
          checked={showDemo}
          onChange={(e) => setShowDemo(e.currentTarget.checked)}
        />
      </div>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} adminOnly />
      ) : rows.length === 0 ? (
        <Notice type="info" live={false}>
          {t('distributions.empty')}
        </Notice>
      ) : (
        <div className={styles.tableWrap}>
          <table
            className={cx(styles.table, styles.tableDense)}
            aria-busy={list.isPlaceholderData || undefined}
          >
            <caption className="visually-hidden">{t('distributions.title')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('distributions.col.campaign')}</th>
                <th scope="col" className={styles.num}>
                  {t('distributions.col.sequence')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('distributions.col.net')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('distributions.col.pool')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('distributions.col.platform')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('distributions.col.investors')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('distributions.col.suspense')}
                </th>
                <th scope="col" className={styles.num}>
                  {t('distributions.col.investorCount')}
                </th>
                <th scope="col">{t('distributions.col.status')}</th>
                <th scope="col">{t('distributions.col.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((d) => (
                <tr key={d.id}>
                  <th scope="row">{d.campaign.title}</th>
                  <td className={styles.num}>{d.sequence}</td>
                  <td className={styles.num}>
                    <Money cents={d.net_cents} currency={d.currency} />
                  </td>
                  <td className={styles.num}>
                    <Money cents={d.pool_cents} currency={d.currency} />
                  </td>
                  <td className={styles.num}>
                    <Money cents={d.platform_cents} currency={d.currency} />
                  </td>
                  <td className={styles.num}>
                    <Money cents={d.investors_cents} currency={d.currency} />
                  </td>
                  <td className={styles.num}>
                    <Money cents={d.suspense_cents} currency={d.currency} />
                  </td>
                  <td className={styles.num}>{d.investor_count}</td>
                  <td>
                    <DistributionStatusBadge status={d.status} />
                  </td>
                  <td>
                    {d.status === 'awaiting_funds' ? (
                      <Button
                        size="sm"
                        disabled={funding?.id === d.id}
                        onClick={(e) => {
                          opener.current = e.currentTarget;
                          setOutcome(null);
                          setFunding(d);
                          focusSoon(() => formRef.current);
                        }}
                        aria-label={t('distributions.recordLabel', {
                          campaign: d.campaign.title,
                          sequence: d.sequence,
                        })}
                      >
                        {t('distributions.record')}
                      </Button>
                    ) : d.bank_transaction_id ? (
                      <span className={styles.breakAll}>{d.bank_transaction_id}</span>
                    ) : (
                      '—'
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
      {funding && (
        <section ref={formRef} tabIndex={-1} className={styles.panel} aria-labelledby="record-payment">
          <FundingForm
            key={funding.id}
            distribution={funding}
            onCancel={() => {
              setFunding(null);
              focusSoon(() => (opener.current?.isConnected ? opener.current : null));
            }}
            onDone={(result) => {
              setFunding(null);
              setOutcome(result);
              focusSoon(() => outcomeRef.current);
            }}
          />
        </section>
      )}
    </div>
  );
}

function FundingForm({
  distribution: d,
  onCancel,
  onDone,
}: {
  distribution: DistributionDto;
  onCancel: () => void;
  onDone: (o: Outcome) => void;
}) {
  const { t, i18n } = useTranslation(['revenue', 'backoffice', 'errors']);
  const fund = useFundDistribution();
  // Recording the payment pays the investors at once: the checked values are confirmed first.
  const [confirming, setConfirming] = useState<{ cents: number; bank: string } | null>(null);
  const submitRef = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const [bankId, setBankId] = useState('');
  const [amount, setAmount] = useState(centsToEuroString(d.pool_cents));
  const [errors, setErrors] = useState<{ bank?: string | undefined; amount?: string | undefined }>({});
  const [failure, setFailure] = useState<string | null>(null);
  const bankRef = useRef<HTMLInputElement>(null);
  const amountRef = useRef<HTMLInputElement>(null);

  const check = () => {
    setFailure(null);
    const cents = parseEuroToCents(amount);
    const next = {
      bank: bankId.trim() === '' ? t('errors:fillMandatory') : undefined,
      amount:
        cents === null || cents === undefined || cents <= 0
          ? amountErrorKey(amount, '') === 'amountAmbiguous'
            ? t('errors:amountAmbiguous')
            : t('distributions.amountInvalid')
          : undefined,
    };
    setErrors(next);
    if (next.bank) return bankRef.current?.focus();
    if (next.amount) return amountRef.current?.focus();
    setConfirming({ cents: cents as number, bank: bankId.trim() });
  };

  const submit = async () => {
    if (!confirming) return;
    try {
      const result = await fund.mutateAsync({
        id: d.id,
        body: { bank_transaction_id: confirming.bank, amount_cents: confirming.cents },
      });
      onDone({
        ok: true,
        text: t(result.status === 'paid' ? 'distributions.paidDone' : 'distributions.fundedDone', {
          campaign: result.campaign.title,
          sequence: result.sequence,
          count: result.investor_count,
        }),
      });
    } catch (err) {
      setConfirming(null);
      if (err instanceof ApiError) {
        const bank = fieldErrorKey(err, 'bank_transaction_id');
        const amt = fieldErrorKey(err, 'amount_cents');
        if (bank || amt) {
          setErrors({ bank: validationText(t, bank), amount: validationText(t, amt) });
          // After the re-render that enables the fields again (they were locked while confirming).
          focusSoon(() => (bank ? bankRef : amountRef).current);
        }
      }
      setFailure(errorText(t, err, { fallback: 'revenue:distributions.failed' }));
    }
  };

  return (
    <form
      className={styles.stack}
      noValidate
      onSubmit={(e) => {
        e.preventDefault();
        check();
      }}
    >
      <h2 id="record-payment" className={styles.panelTitle}>
        {t('distributions.formTitle', { campaign: d.campaign.title, sequence: d.sequence })}
      </h2>
      <p className={styles.muted}>
        {t('distributions.formIntro')} <Money cents={d.pool_cents} currency={d.currency} />
      </p>
      {failure && <Notice type="error">{failure}</Notice>}
      <fieldset className={styles.filterGrid} disabled={confirming !== null}>
        <legend className="visually-hidden">
          {t('distributions.formTitle', { campaign: d.campaign.title, sequence: d.sequence })}
        </legend>
        <Field
          ref={bankRef}
          id={`${ids}-bank`}
          label={t('distributions.bankId')}
          required
          autoComplete="off"
          spellCheck={false}
          maxLength={100}
          value={bankId}
          error={errors.bank}
          onChange={(e) => setBankId(e.currentTarget.value)}
        />
        <Field
          ref={amountRef}
          id={`${ids}-amount`}
          label={t('distributions.amount')}
          required
          inputMode="decimal"
          autoComplete="off"
          value={amount}
          error={errors.amount}
          onChange={(e) => setAmount(e.currentTarget.value)}
        />
      </fieldset>
      {confirming ? (
        <ConfirmBox
          confirmLabel={t('distributions.confirmYes')}
          pendingLabel={t('distributions.recording')}
          pending={fund.isPending}
          onConfirm={() => void submit()}
          onCancel={() => {
            setConfirming(null);
            focusSoon(() => submitRef.current);
          }}
        >
          {t('distributions.question', {
            amount: formatMoney(confirming.cents, d.currency, i18n.language),
            campaign: d.campaign.title,
            sequence: d.sequence,
            bank: confirming.bank,
          })}
        </ConfirmBox>
      ) : (
        <div className={styles.formActions}>
          <Button variant="ghost" onClick={onCancel}>
            {t('distributions.cancel')}
          </Button>
          <Button ref={submitRef} type="submit">
            {t('distributions.confirm')}
          </Button>
        </div>
      )}
    </form>
  );
}
