import { RecordDepositRequest } from '@indiesplit/shared/funds';
import { formatMoney, parseEuroToCents } from '@indiesplit/shared/money';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field } from '../../../components/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../../lib/error-text.ts';
import { rulesResolver, schemaCheck } from '../../../lib/form.ts';
import { useRecordDeposit } from '../../funds/api.ts';

import styles from '../backoffice.module.css';
import { ConfirmBox } from '../confirm-box.tsx';
import { type Result, ResultNotice } from './result-notice.tsx';

// Records one bank transfer received, by the member's personal reference.

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

export function RecordDepositPanel() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const record = useRecordDeposit();
  const [result, setResult] = useState<Result>(null);
  // Crediting moves money into a wallet at once: the checked transfer is confirmed before it is sent.
  const [pending, setPending] = useState<DepositForm | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    setFocus,
    formState: { errors },
  } = useForm<DepositForm>({ resolver: depositResolver, defaultValues: emptyDeposit() });

  const onSubmit = handleSubmit((values) => {
    setResult(null);
    setPending(values);
  });

  const send = async () => {
    if (!pending) return;
    const values = pending;
    try {
      const deposit = await record.mutateAsync(values);
      setPending(null);
      reset(emptyDeposit());
      setResult({
        ok: true,
        text: t('funds.record.done', {
          amount: formatMoney(deposit.amount_cents, 'EUR', i18n.language),
          username: deposit.member.username,
        }),
      });
    } catch (err) {
      setPending(null);
      let first: keyof DepositForm | undefined;
      if (err instanceof ApiError)
        for (const field of DEPOSIT_FIELDS) {
          const key = fieldErrorKey(err, field);
          if (!key) continue;
          setError(field, { type: 'server', message: key });
          first ??= field;
        }
      // The fields were locked while confirming: focus once the re-render has unlocked them.
      if (first) {
        const field = first;
        requestAnimationFrame(() => setFocus(field));
      }
      setResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:funds.record.failed' }) });
    }
  };
  const pendingCents = pending ? parseEuroToCents(pending.amount) : null;
  const err = (name: keyof DepositForm) => validationText(t, errors[name]?.message);

  return (
    <section className={styles.panel} aria-labelledby="record-deposit">
      <h2 id="record-deposit" className={styles.panelTitle}>
        {t('funds.record.title')}
      </h2>
      <p className={styles.muted}>{t('funds.record.intro')}</p>
      <ResultNotice result={result} onDismiss={() => setResult(null)} />
      <form onSubmit={onSubmit} noValidate>
        <fieldset className={styles.filterGrid} disabled={pending !== null}>
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
        {pending ? (
          <ConfirmBox
            confirmLabel={t('funds.record.confirmYes')}
            pending={record.isPending}
            onConfirm={() => void send()}
            onCancel={() => setPending(null)}
          >
            {t(pending.payer_name.trim() ? 'funds.record.questionPayer' : 'funds.record.question', {
              amount: formatMoney(pendingCents ?? 0, 'EUR', i18n.language),
              reference: pending.reference.trim(),
              payer: pending.payer_name.trim(),
              bank: pending.bank_transaction_id.trim(),
            })}
          </ConfirmBox>
        ) : (
          <div className={styles.formActions}>
            <Button type="submit">{t('funds.record.submit')}</Button>
          </div>
        )}
      </form>
    </section>
  );
}
