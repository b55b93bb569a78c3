import {
  formatIban,
  HolderAddress,
  maskIban,
  type WithdrawalDto,
  WithdrawalRequest,
} from '@indiesplit/shared/funds';
import type { SecondFactorProof } from '@indiesplit/shared/mfa';
import { formatMoney } from '@indiesplit/shared/money';
import { useQuery } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { CountryOptions } from '../../components/country-options.tsx';
import { Field, SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { rulesResolver, schemaCheck } from '../../lib/form.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { passkeyProof } from '../auth/second-factor-api.ts';
import { useConfirmWithdrawalAccount } from '../payments/api.ts';
import { confirmOptions, mfaStatusQuery } from '../settings/two-factor-api.ts';
import { useCancelWithdrawal, useMyWithdrawals, useRequestWithdrawal } from './api.ts';
import { formatDateTime } from './format.ts';
import styles from './funds.module.css';

interface WithdrawalForm {
  amount: string;
  iban: string;
  account_holder: string;
  /** The holder's address: asked for only where the payment provider pays (ADR 0039). */
  line1: string;
  city: string;
  postal_code: string;
  country: string;
}

const FIELDS = ['amount', 'iban', 'account_holder', 'line1', 'city', 'postal_code', 'country'] as const;
const EMPTY: WithdrawalForm = {
  amount: '',
  iban: '',
  account_holder: '',
  line1: '',
  city: '',
  postal_code: '',
  country: '',
};

const baseRules = {
  amount: schemaCheck(WithdrawalRequest.shape.amount),
  iban: schemaCheck(WithdrawalRequest.shape.iban),
  account_holder: schemaCheck(WithdrawalRequest.shape.account_holder),
};
const manualResolver = rulesResolver<WithdrawalForm>(baseRules);
const providerResolver = rulesResolver<WithdrawalForm>({
  ...baseRules,
  line1: schemaCheck(HolderAddress.shape.line1),
  city: schemaCheck(HolderAddress.shape.city),
  postal_code: schemaCheck(HolderAddress.shape.postal_code),
  country: schemaCheck(HolderAddress.shape.country),
});

/**
 * The request form. A refused request keeps every value and puts the reason next to its field.
 * `askAddress`: the payment provider pays withdrawals, and its bank accounts need the holder's address.
 * The provider pays only to a bank account the member confirmed on its page: right after a request
 * whose account is not confirmed yet, the browser goes there (and comes back to the wallet).
 */
export function WithdrawalForm({ askAddress = false }: { askAddress?: boolean }) {
  const { t, i18n } = useTranslation(['funds', 'errors']);
  const request = useRequestWithdrawal();
  const confirmAccount = useConfirmWithdrawalAccount();
  const busy = request.isPending || confirmAccount.isPending;
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const form = useForm<WithdrawalForm>({
    resolver: askAddress ? providerResolver : manualResolver,
    defaultValues: EMPTY,
  });
  // With a second factor on, the server asks for it again with every withdrawal (ADR 0016).
  const mfa = useQuery(mfaStatusQuery());
  const [factorCode, setFactorCode] = useState('');
  const [factorError, setFactorError] = useState<string | undefined>();
  // A ref, not state: the submit handler reads it in the same click that sets it.
  const viaPasskey = useRef(false);
  const {
    register,
    handleSubmit,
    reset,
    setError,
    formState: { errors },
  } = form;

  const secondFactor = async (): Promise<SecondFactorProof | undefined> => {
    if (viaPasskey.current) return passkeyProof(confirmOptions);
    const typed = factorCode.replace(/[\s-]/g, '');
    if (!typed) return undefined;
    return /^\d{6}$/.test(typed) ? { code: typed } : { recovery_code: typed };
  };

  const onSubmit = handleSubmit(async (values) => {
    setResult(null);
    setFactorError(undefined);
    let proof: SecondFactorProof | undefined;
    try {
      proof = mfa.data?.enabled ? await secondFactor() : undefined;
    } catch {
      viaPasskey.current = false;
      setFactorError(t('secondFactor.passkeyFailed'));
      return;
    }
    try {
      const created = await request.mutateAsync({
        amount: values.amount.trim(),
        iban: values.iban.trim(),
        account_holder: values.account_holder.trim(),
        ...(askAddress
          ? {
              holder_address: {
                line1: values.line1.trim(),
                city: values.city.trim(),
                postal_code: values.postal_code.trim(),
                country: values.country,
              },
            }
          : {}),
        ...(proof ? { second_factor: proof } : {}),
      });
      reset(EMPTY);
      setFactorCode('');
      const amount = formatMoney(created.amount_cents, 'EUR', i18n.language);
      // Paid by the provider to an account not confirmed yet (ADR 0039): the member confirms it now.
      const toConfirm =
        created.account_confirmation === 'pending' || created.account_confirmation === 'not_confirmed';
      if (!toConfirm) {
        setResult({
          ok: true,
          text: t(
            created.account_confirmation === 'confirmed'
              ? 'withdraw.requestedConfirmed'
              : 'withdraw.requested',
            { amount },
          ),
        });
        return;
      }
      // The request is recorded whatever happens next; a confirmation that could not start is
      // offered again on the request in the list.
      try {
        const account = await confirmAccount.mutateAsync(created.id);
        setResult({
          ok: true,
          text: t(account.confirm_url ? 'withdraw.toConfirmPage' : 'withdraw.requestedConfirmed', { amount }),
        });
      } catch (confirmErr) {
        setResult({
          ok: false,
          text: t('withdraw.requestedNotConfirmed', {
            amount,
            reason: errorText(t, confirmErr, { fallback: 'funds:withdraw.account.failed' }),
          }),
        });
      }
    } catch (err) {
      let focused = false;
      if (err instanceof ApiError) {
        for (const field of FIELDS) {
          // The address's errors come as holder_address (missing) or holder_address.<part>.
          const key =
            fieldErrorKey(err, field) ??
            (field === 'line1' || field === 'city' || field === 'postal_code' || field === 'country'
              ? (fieldErrorKey(err, `holder_address.${field}`) ??
                (field === 'line1' ? fieldErrorKey(err, 'holder_address') : undefined))
              : undefined);
          if (!key) continue;
          setError(field, { type: 'server', message: key }, { shouldFocus: !focused });
          focused = true;
        }
      }
      viaPasskey.current = false;
      // A missing or wrong second factor belongs to its own field.
      if (!focused && err instanceof ApiError && /^(mfa|passkey)/.test(err.code)) {
        setFactorError(errorText(t, err, { fallback: 'errors:mfaCodeInvalid' }));
        return;
      }
      // insufficientFunds (and anything not about one field) belongs to the amount or the form.
      if (!focused && err instanceof ApiError && err.code === 'insufficientFunds')
        setError('amount', { type: 'server', message: 'insufficientFunds' }, { shouldFocus: true });
      else if (!focused)
        setResult({ ok: false, text: errorText(t, err, { fallback: 'funds:withdraw.failed' }) });
    }
  });

  const err = (name: keyof WithdrawalForm) => validationText(t, errors[name]?.message);

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="withdraw-form-title">
      <h3 id="withdraw-form-title" className={styles.heading}>
        {t('withdraw.formTitle')}
      </h3>
      {result && (
        <Notice type={result.ok ? 'success' : 'error'} onDismiss={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
      <fieldset className={styles.form} disabled={busy}>
        <legend className="visually-hidden">{t('withdraw.formTitle')}</legend>
        <div className={styles.row}>
          <Field
            label={t('withdraw.amount')}
            inputMode="decimal"
            autoComplete="off"
            required
            hint={t('withdraw.amountHint')}
            error={err('amount')}
            {...register('amount')}
          />
          <Field
            label={t('withdraw.accountHolder')}
            autoComplete="name"
            required
            error={err('account_holder')}
            {...register('account_holder')}
          />
        </div>
        <Field
          label={t('withdraw.iban')}
          autoComplete="off"
          autoCapitalize="characters"
          spellCheck={false}
          required
          hint={t('withdraw.ibanHint')}
          error={err('iban')}
          {...register('iban')}
        />
        {askAddress && (
          <fieldset className={styles.form}>
            <legend>{t('withdraw.address')}</legend>
            <p className={styles.muted}>{t('withdraw.addressHint')}</p>
            <Field
              label={t('withdraw.line1')}
              autoComplete="street-address"
              required
              error={err('line1')}
              {...register('line1')}
            />
            <div className={styles.row}>
              <Field
                label={t('withdraw.postalCode')}
                autoComplete="postal-code"
                required
                error={err('postal_code')}
                {...register('postal_code')}
              />
              <Field
                label={t('withdraw.city')}
                autoComplete="address-level2"
                required
                error={err('city')}
                {...register('city')}
              />
            </div>
            <SelectField
              label={t('withdraw.country')}
              autoComplete="country"
              required
              error={err('country')}
              {...register('country')}
            >
              <CountryOptions placeholder={t('withdraw.chooseCountry')} />
            </SelectField>
          </fieldset>
        )}
        {mfa.data?.enabled && (
          <Field
            label={t('secondFactor.code')}
            hint={t('secondFactor.codeHint')}
            name="second_factor_code"
            autoComplete="one-time-code"
            maxLength={40}
            value={factorCode}
            onChange={(e) => {
              setFactorCode(e.target.value);
              setFactorError(undefined);
            }}
            error={factorError}
          />
        )}
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" loading={busy}>
          {busy ? t('withdraw.sending') : t('withdraw.submit')}
        </Button>
        {mfa.data && mfa.data.passkeys.length > 0 && (
          <Button
            type="submit"
            variant="secondary"
            onClick={() => {
              viaPasskey.current = true;
            }}
            disabled={busy}
          >
            {t('secondFactor.usePasskey')}
          </Button>
        )}
      </div>
    </form>
  );
}

function WithdrawalItem({ w }: { w: WithdrawalDto }) {
  const { t, i18n } = useTranslation(['funds', 'errors']);
  const cancel = useCancelWithdrawal();
  const confirmAccount = useConfirmWithdrawalAccount();
  const [error, setError] = useState<string | null>(null);
  const amount = formatMoney(w.amount_cents, 'EUR', i18n.language);
  // Paid by the provider once the member confirmed the bank account with it: until then, why it
  // waits and the way to confirm (again).
  const toConfirm = w.account_confirmation === 'pending' || w.account_confirmation === 'not_confirmed';
  return (
    <li className={styles.item}>
      <div className={styles.itemMain}>
        <span>
          <span className={styles.amount}>{amount}</span>{' '}
          <span className={styles.badge} data-status={w.status}>
            {t(`withdraw.status.${w.status}`)}
          </span>
        </span>
        <span className={styles.muted}>
          {t('withdraw.to', { iban: maskIban(w.iban), holder: w.account_holder })} ·{' '}
          {formatDateTime(w.created_at, i18n.language)}
        </span>
        {w.status === 'processing' && (
          <span className={styles.muted}>
            {t('withdraw.processingHint', {
              date: w.started_at ? formatDateTime(w.started_at, i18n.language) : '—',
            })}
          </span>
        )}
        {w.account_confirmation && (
          <span className={styles.muted}>{t(`withdraw.account.${w.account_confirmation}`)}</span>
        )}
        {w.status === 'paid' && w.bank_reference && (
          <span className={styles.muted}>{t('withdraw.bankReference', { reference: w.bank_reference })}</span>
        )}
        {w.status === 'rejected' && w.note && (
          <span className={styles.muted}>{t('withdraw.rejectedBecause', { note: w.note })}</span>
        )}
        {error && (
          <span role="alert" className={styles.muted}>
            {error}
          </span>
        )}
      </div>
      {/* Only until an admin starts paying it (processing): then the money may already be on its way. */}
      {w.status === 'requested' && (
        <div className={styles.actions}>
          {toConfirm && (
            <Button
              size="sm"
              loading={confirmAccount.isPending || !!confirmAccount.data?.confirm_url}
              aria-label={t('withdraw.account.confirmLabel', { amount, iban: formatIban(w.iban) })}
              onClick={() => {
                setError(null);
                confirmAccount.mutate(w.id, {
                  onError: (e) => setError(errorText(t, e, { fallback: 'funds:withdraw.account.failed' })),
                });
              }}
            >
              {t('withdraw.account.confirm')}
            </Button>
          )}
          <Button
            size="sm"
            variant="secondary"
            loading={cancel.isPending}
            aria-label={t('withdraw.cancelLabel', { amount, iban: formatIban(w.iban) })}
            onClick={() => {
              setError(null);
              cancel.mutate(w.id, {
                onError: (e) => setError(errorText(t, e, { fallback: 'funds:withdraw.cancelFailed' })),
              });
            }}
          >
            {t('withdraw.cancel')}
          </Button>
        </div>
      )}
    </li>
  );
}

/** Withdrawals to the member's own bank account: the request form and their requests. */
export function WithdrawalSection({ askAddress = false }: { askAddress?: boolean }) {
  const { t } = useTranslation(['funds', 'errors']);
  const { isEmailVerified } = useAuth();
  const list = useMyWithdrawals();
  return (
    <section className={styles.card} aria-labelledby="withdraw-heading">
      <h2 id="withdraw-heading" className={styles.heading}>
        {t('withdraw.title')}
      </h2>
      <p className={styles.muted}>{t('withdraw.intro')}</p>
      {/* The server refuses an unverified member too; this only saves filling in the form. */}
      {isEmailVerified ? (
        <WithdrawalForm askAddress={askAddress} />
      ) : (
        <Notice type="warning">{t('errors:emailNotVerifiedToWithdraw')}</Notice>
      )}
      <h3 className={styles.heading}>{t('withdraw.listTitle')}</h3>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <Notice type="error">
          <p>{errorText(t, list.error, { fallback: 'funds:loadError' })}</p>
          <Button size="sm" variant="secondary" onClick={() => void list.refetch()}>
            {t('retry')}
          </Button>
        </Notice>
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('withdraw.none')}</p>
      ) : (
        <ul className={styles.list}>
          {list.data.map((w) => (
            <WithdrawalItem key={w.id} w={w} />
          ))}
        </ul>
      )}
    </section>
  );
}
