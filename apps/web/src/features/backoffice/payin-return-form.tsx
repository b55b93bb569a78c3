import { isCountryCode } from '@indiesplit/shared/countries';
import { KybAddress } from '@indiesplit/shared/kyb';
import type { PayinReturnDecision, PayinReturnDto } from '@indiesplit/shared/payments';
import { type FormEvent, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { CountryOptions } from '../../components/country-options.tsx';
import { Field, SelectField } from '../../components/field.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { ApiError } from '../../lib/api.ts';
import { fieldErrorText, validationText } from '../../lib/error-text.ts';
import styles from './backoffice.module.css';

// Sending a parked pay-in back (ADR 0039, "Suspense"): the money goes back by a payout to the
// payer's account, which the payment provider registers with the holder's postal address. The pay-in
// does not carry it, so the admin gives it here (the country starts as the payer IBAN's). Like the
// confirmation it replaces, it names who and how much, and nothing is sent before "send it back".

export type ReturnAddress = PayinReturnDecision['address'];
type Part = keyof ReturnAddress;
/** The form's values: what was typed, checked by the shared schema on sending. */
type Typed = Record<Part, string>;
const PARTS: Part[] = ['line1', 'city', 'postal_code', 'country'];

/** The country an IBAN belongs to (its first two letters), when they are one. */
export function ibanCountry(iban: string | null): string {
  const code = (iban ?? '').trim().slice(0, 2).toUpperCase();
  return isCountryCode(code) ? code : '';
}

export function PayinReturnForm({
  question,
  payerIban,
  pending,
  serverError,
  onSend,
  onCancel,
}: {
  /** Who gets how much back, in plain words. */
  question: ReactNode;
  payerIban: string | null;
  pending: boolean;
  /** The server's refusal of the last try: its field errors are shown on the fields. */
  serverError: unknown;
  onSend: (address: ReturnAddress) => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation(['backoffice', 'errors']);
  const boxRef = useRef<HTMLFieldSetElement>(null);
  const [address, setAddress] = useState<Typed>({
    line1: '',
    city: '',
    postal_code: '',
    country: ibanCountry(payerIban),
  });
  const [checked, setChecked] = useState<Partial<Record<Part, string>>>({});
  useEffect(() => {
    boxRef.current?.focus();
  }, []);

  const errorOf = (part: Part) =>
    validationText(t, checked[part]) ??
    (serverError instanceof ApiError ? fieldErrorText(t, serverError, `address.${part}`) : undefined);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problems: Partial<Record<Part, string>> = {};
    for (const part of PARTS) {
      const result = KybAddress.shape[part].safeParse(address[part]);
      if (!result.success) problems[part] = result.error.issues[0]?.message ?? 'invalidValue';
    }
    setChecked(problems);
    const parsed = KybAddress.safeParse(address);
    if (Object.keys(problems).length > 0 || !parsed.success) return;
    onSend(parsed.data);
  };
  const set = (part: Part) => (e: { target: { value: string } }) =>
    setAddress((a) => ({ ...a, [part]: e.target.value }));

  return (
    <form onSubmit={submit} noValidate>
      <fieldset ref={boxRef} tabIndex={-1} className={styles.confirmBox} disabled={pending}>
        <legend className={`${styles.confirmText} ${styles.confirmLegend}`}>
          <AlertIcon size={18} />
          <strong>{question}</strong>
        </legend>
        <p className={styles.muted}>{t('payinReturn.addressIntro')}</p>
        <Field
          label={t('payinReturn.line1')}
          value={address.line1}
          onChange={set('line1')}
          error={errorOf('line1')}
          autoComplete="off"
          required
        />
        <Field
          label={t('payinReturn.city')}
          value={address.city}
          onChange={set('city')}
          error={errorOf('city')}
          autoComplete="off"
          required
        />
        <Field
          label={t('payinReturn.postalCode')}
          value={address.postal_code}
          onChange={set('postal_code')}
          error={errorOf('postal_code')}
          autoComplete="off"
          required
        />
        <SelectField
          label={t('payinReturn.country')}
          value={address.country}
          onChange={set('country')}
          error={errorOf('country')}
          required
        >
          <CountryOptions placeholder={t('payinReturn.chooseCountry')} />
        </SelectField>
        <div className={styles.formActions}>
          <Button size="sm" variant="secondary" disabled={pending} onClick={onCancel}>
            {t('confirmAction.cancel')}
          </Button>
          <Button size="sm" variant="danger" type="submit" loading={pending}>
            {t('payinReturn.send')}
          </Button>
        </div>
      </fieldset>
    </form>
  );
}

/** Whether a refusal is about the address the admin typed (the form stays open to fix it). */
export const isAddressRefusal = (err: unknown) =>
  err instanceof ApiError && Object.keys(err.fieldCodes).some((f) => f.startsWith('address.'));

/** What the admin is told once the return was asked: on its way, done, or refused at once. */
export function returnResultText(
  t: (key: string, values?: Record<string, string>) => string,
  answer: PayinReturnDto,
  facts: { amount: string; payer: string },
): { ok: boolean; text: string } {
  if (answer.state === 'parked')
    return { ok: false, text: t('payinReturn.refusedAtOnce', { ...facts, reason: answer.failure ?? '' }) };
  return {
    ok: true,
    text: t(answer.state === 'returned' ? 'payinReturn.returned' : 'payinReturn.asked', {
      ...facts,
      payout: answer.payout_id,
    }),
  };
}

/**
 * A parked pay-in's return, as its row shows it: on its way (nothing to decide until the provider
 * answers), or the reason the last payout failed (it may be sent back again).
 */
export function ReturnStatus({
  item,
}: {
  item: { state: 'parked' | 'returning'; return_payout_id: string | null; return_failure: string | null };
}) {
  const { t } = useTranslation('backoffice');
  if (item.state === 'returning')
    return (
      <p className={styles.muted}>
        {t('payinReturn.returning')}{' '}
        <span className={styles.breakAll}>
          {t('payinReturn.payout', { payout: item.return_payout_id ?? '' })}
        </span>
      </p>
    );
  if (item.return_failure)
    return (
      <p className={styles.muted} role="note">
        {t('payinReturn.lastFailed', { reason: item.return_failure })}
      </p>
    );
  return null;
}
