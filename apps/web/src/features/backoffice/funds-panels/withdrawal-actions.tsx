import { BANK_REFERENCE_MAX, type BackofficeWithdrawalDto } from '@indiesplit/shared/funds';
import { formatMoney } from '@indiesplit/shared/money';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../../components/button.tsx';
import { Field, TextAreaField } from '../../../components/field.tsx';
import { ApiError } from '../../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../../lib/error-text.ts';
import { useMarkWithdrawalPaid, useRejectWithdrawal, useStartWithdrawalPayment } from '../../funds/api.ts';

import styles from '../backoffice.module.css';
import { ConfirmBox } from '../confirm-box.tsx';
import type { Result } from './result-notice.tsx';

/**
 * A requested withdrawal is started (the member can no longer cancel it) before the bank transfer
 * is sent; a processing one is marked paid with the bank's reference. Either may be rejected.
 */
export function WithdrawalActions({
  w,
  onResult,
}: {
  w: BackofficeWithdrawalDto;
  onResult: (r: Result) => void;
}) {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const start = useStartWithdrawalPayment();
  const paid = useMarkWithdrawalPaid();
  const reject = useRejectWithdrawal();
  const [mode, setMode] = useState<'start' | 'paid' | 'reject' | null>(null);
  // Marking paid is confirmed once the reference is typed: it names the investor and the amount.
  const [confirmingPaid, setConfirmingPaid] = useState(false);
  const [text, setText] = useState('');
  const [error, setError] = useState<string | undefined>(undefined);
  const amount = formatMoney(w.amount_cents, 'EUR', i18n.language);

  const startPayment = async () => {
    try {
      await start.mutateAsync(w.id);
      setMode(null);
      onResult({
        ok: true,
        text: t('funds.withdrawals.startedDone', { amount, username: w.member.username }),
      });
    } catch (err) {
      setMode(null);
      onResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:funds.withdrawals.failed' }) });
    }
  };

  // Once started the investor can no longer cancel: the admin confirms who and how much first.
  if (mode === 'start')
    return (
      <ConfirmBox
        size="sm"
        confirmLabel={t('funds.withdrawals.confirmStart')}
        pending={start.isPending}
        onConfirm={() => void startPayment()}
        onCancel={() => setMode(null)}
      >
        {t('funds.withdrawals.startQuestion', { amount, username: w.member.username })}
      </ConfirmBox>
    );

  if (!mode)
    return (
      <div className={styles.formActions}>
        {w.status === 'requested' ? (
          <Button
            size="sm"
            onClick={() => setMode('start')}
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
    if (mode === 'paid' && !confirmingPaid) {
      if (text.trim() === '') {
        setError(t('errors:fillMandatory'));
        return;
      }
      setConfirmingPaid(true);
      return;
    }
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
      setConfirmingPaid(false);
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
          maxLength={BANK_REFERENCE_MAX}
          readOnly={confirmingPaid}
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
      {confirmingPaid ? (
        <ConfirmBox
          size="sm"
          confirmLabel={t('funds.withdrawals.confirmPaidYes')}
          pending={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirmingPaid(false)}
        >
          {t('funds.withdrawals.paidQuestion', {
            amount,
            username: w.member.username,
            reference: text.trim(),
          })}
        </ConfirmBox>
      ) : (
        <div className={styles.formActions}>
          <Button size="sm" variant="ghost" disabled={busy} onClick={() => setMode(null)}>
            {t('funds.withdrawals.back')}
          </Button>
          <Button size="sm" type="submit" variant={mode === 'paid' ? 'primary' : 'danger'} loading={busy}>
            {mode === 'paid' ? t('funds.withdrawals.confirmPaid') : t('funds.withdrawals.confirmReject')}
          </Button>
        </div>
      )}
    </form>
  );
}
