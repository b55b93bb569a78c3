import { zodResolver } from '@hookform/resolvers/zod';
import { type InvestmentDto, InvestRequest } from '@indiesplit/shared/investing';
import { formatMoney } from '@indiesplit/shared/money';
import type { Currency } from '@indiesplit/shared/wallet';
import { useId, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { useInvest } from './api.ts';
import { checkAmount, type InvestLimits, needsHighAmountConsent, newIdempotencyKey } from './invest-logic.ts';
import styles from './investing.module.css';

// The amount as typed, the two acknowledgements and, above the high-amount threshold, the
// explicit consent. The acknowledgements are the shared InvestRequest's rules; the amount is
// checked against this campaign's limits and this wallet; the server checks all of it again.

interface InvestFormValues {
  amount: string;
  acknowledge_key_information: boolean;
  acknowledge_risk: boolean;
  high_amount_consent: boolean;
}

type InvestProfile = Parameters<typeof needsHighAmountConsent>[1] & { high_amount_threshold_cents: number };

function investFormSchema(limits: InvestLimits, profile: InvestProfile) {
  const highAmount = (amount: string) => {
    const { cents } = checkAmount(amount, limits);
    return cents !== null && needsHighAmountConsent(cents, profile);
  };
  return z
    .object({
      amount: z.string().superRefine((amount, ctx) => {
        const { problem } = checkAmount(amount, limits);
        if (problem) ctx.addIssue({ code: 'custom', message: problem });
      }),
      acknowledge_key_information: InvestRequest.shape.acknowledge_key_information,
      acknowledge_risk: InvestRequest.shape.acknowledge_risk,
      high_amount_consent: z.boolean(),
    })
    .refine((v) => !highAmount(v.amount) || v.high_amount_consent, {
      path: ['high_amount_consent'],
      message: 'highAmountConsentRequired',
      // Asked together with the other problems, not only once they are fixed.
      when: ({ value }) => typeof (value as { amount?: unknown }).amount === 'string',
    });
}

/** The form's fields named by the server's. */
const SERVER_FIELDS = { amount_cents: 'amount', high_amount_consent: 'high_amount_consent' } as const;

export function InvestForm({
  campaignId,
  currency,
  limits,
  profile,
  keyInformationVersion,
  onSheetChanged,
  onDone,
}: {
  campaignId: string;
  currency: Currency;
  limits: InvestLimits;
  profile: InvestProfile;
  /** The version of the key information sheet shown on the page: the one acknowledged. */
  keyInformationVersion?: number;
  /** The server said the sheet changed since: the page reads the campaign again. */
  onSheetChanged?: () => void;
  onDone: (investment: InvestmentDto) => void;
}) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const invest = useInvest(campaignId);
  // Made again each render: the limits follow the campaign and the wallet as they change.
  const resolver = zodResolver(investFormSchema(limits, profile), undefined, {
    raw: true,
  }) as unknown as Resolver<InvestFormValues>;
  const {
    register,
    control,
    handleSubmit,
    setError,
    setValue,
    formState: { errors },
  } = useForm<InvestFormValues>({
    resolver,
    defaultValues: {
      amount: '',
      acknowledge_key_information: false,
      acknowledge_risk: false,
      high_amount_consent: false,
    },
  });
  const [formError, setFormError] = useState<string | null>(null);
  // One key per submission: a retry of the same body (after a network failure) keeps it, so the
  // server can never make two investments of one click.
  const attempt = useRef<{ key: string; body: string } | null>(null);
  const consentId = useId();

  const amount = useWatch({ control, name: 'amount' });
  const checked = checkAmount(amount, limits);
  const high = checked.cents !== null && needsHighAmountConsent(checked.cents, profile);
  const amountParams = (problem: string) =>
    problem === 'investBelowMinimum'
      ? formatMoney(limits.minTicketCents, 'EUR', i18n.language)
      : formatMoney(Math.max(0, limits.remainingCents), 'EUR', i18n.language);

  const submit = handleSubmit(
    (values) => {
      setFormError(null);
      const cents = checkAmount(values.amount, limits).cents;
      if (cents === null) return;
      const body = {
        amount_cents: cents,
        currency,
        acknowledge_key_information: true as const,
        acknowledge_risk: true as const,
        ...(high ? { high_amount_consent: true } : {}),
        ...(keyInformationVersion !== undefined ? { key_information_version: keyInformationVersion } : {}),
      };
      const text = JSON.stringify(body);
      if (attempt.current?.body !== text) attempt.current = { key: newIdempotencyKey(), body: text };
      invest.mutate(
        { body, key: attempt.current.key },
        {
          onSuccess: (investment) => {
            attempt.current = null;
            onDone(investment);
          },
          onError: (err) => {
            // A refusal is final for this key; only a lost answer is retried with the same one.
            if (!(err instanceof ApiError) || err.status !== 0) attempt.current = null;
            // The sheet changed since it was read: show the new one and ask for the confirmation again.
            if (err instanceof ApiError && err.code === 'keyInformationChanged') {
              setValue('acknowledge_key_information', false);
              onSheetChanged?.();
              setFormError(t('invest.sheetChanged'));
              return;
            }
            if (err instanceof ApiError)
              for (const [serverField, field] of Object.entries(SERVER_FIELDS)) {
                const key = fieldErrorKey(err, serverField);
                if (key) setError(field, { type: 'server', message: key });
              }
            setFormError(errorText(t, err, { fallback: 'invest:invest.failed' }));
          },
        },
      );
    },
    () => setFormError(null),
  );

  const amountProblem = errors.amount?.message;
  const amountError = amountProblem
    ? t(`errors:${amountProblem}`, { amount: amountParams(amountProblem) })
    : undefined;

  return (
    <form className={`${styles.card} ${styles.form}`} onSubmit={submit} noValidate>
      <h2 className={styles.cardTitle}>{t('invest.formTitle')}</h2>
      {formError && <Notice type="error">{formError}</Notice>}
      <Field
        label={currency === 'DEMO' ? t('invest.amountDemo') : t('invest.amount')}
        inputMode="decimal"
        autoComplete="off"
        error={amountError}
        hint={t('invest.amountHint', { min: formatMoney(limits.minTicketCents, 'EUR', i18n.language) })}
        required
        {...register('amount')}
      />
      <Checkbox
        label={t('invest.ackKiis')}
        error={validationText(t, errors.acknowledge_key_information?.message)}
        {...register('acknowledge_key_information')}
      />
      <Checkbox
        label={t('invest.ackRisk')}
        description={t('invest.riskWarning')}
        error={validationText(t, errors.acknowledge_risk?.message)}
        {...register('acknowledge_risk')}
      />
      {high && (
        <Notice type="warning" title={t('invest.highTitle')} live={false}>
          <p>
            {t('invest.highText', {
              threshold: formatMoney(profile.high_amount_threshold_cents, 'EUR', i18n.language),
            })}
          </p>
          <Checkbox
            id={consentId}
            label={t('invest.highConsent')}
            error={
              errors.high_amount_consent
                ? t('errors:highAmountConsentRequired', {
                    amount: formatMoney(profile.high_amount_threshold_cents, 'EUR', i18n.language),
                  })
                : undefined
            }
            {...register('high_amount_consent')}
          />
        </Notice>
      )}
      <div className={styles.actions}>
        <Button type="submit" disabled={invest.isPending}>
          {invest.isPending
            ? t('invest.sending')
            : currency === 'DEMO'
              ? t('invest.submitDemo')
              : t('invest.submit')}
        </Button>
      </div>
    </form>
  );
}
