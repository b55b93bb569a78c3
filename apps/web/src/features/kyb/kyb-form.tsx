import { zodResolver } from '@hookform/resolvers/zod';
import {
  KYB_DOCUMENT_MAX_BYTES,
  KYB_DOCUMENT_TYPES,
  KYB_MAX_UBOS,
  type KybMode,
  type KybRecordDto,
  type KybSubmissionInput,
  kybSubmissionFor,
} from '@indiesplit/shared/kyb';
import { useId, useRef, useState } from 'react';
import { type FieldPath, type Resolver, useFieldArray, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { CountryOptions } from '../../components/country-options.tsx';
import { Field, GroupError, SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { useSubmitKyb } from './api.ts';
import styles from './kyb.module.css';

// The studio's verification form (KYB, ECSP Art 5; ADR 0036): the legal entity, its legal
// representative, the beneficial owners (at least one, together at most 100%), the Art 5(2)
// declarations and the registration proof. The shared KybSubmission checks the fields here as on
// the server; the file's own limits are checked before sending, its content by the server. Where
// the payment provider verifies studios (mode 'provider') the form asks what it needs besides: the
// addresses in parts, the representative's residence, the owners' birthplaces and the payout IBAN.

type Declarations = 'no_convictions' | 'not_high_risk_jurisdiction' | 'accurate';
export type KybValues = Omit<KybSubmissionInput, Declarations> & Record<Declarations, boolean>;
const resolvers = {
  manual: zodResolver(kybSubmissionFor('manual'), undefined, { raw: true }) as unknown as Resolver<KybValues>,
  provider: zodResolver(kybSubmissionFor('provider'), undefined, {
    raw: true,
  }) as unknown as Resolver<KybValues>,
};
const emptyAddress = () => ({ line1: '', city: '', postal_code: '', country: '' });
const ACCEPT = KYB_DOCUMENT_TYPES.join(',');
const DECLARATIONS: Declarations[] = ['no_convictions', 'not_high_risk_jurisdiction', 'accurate'];

const emptyUbo = (mode: KybMode): KybValues['ubos'][number] => ({
  first_name: '',
  last_name: '',
  birth_date: '',
  nationality: '',
  ownership_percent: '' as unknown as number,
  ...(mode === 'provider'
    ? {
        address: undefined as unknown as string,
        residence: emptyAddress(),
        birthplace_city: '',
        birthplace_country: '',
      }
    : { address: '' }),
});

/** "12,5" or "12.5" -> 12.5; anything else is not a number (NaN), which the schema names. */
const percent = (v: unknown) => {
  if (typeof v === 'number') return v;
  const text = String(v ?? '')
    .trim()
    .replace(',', '.');
  return text === '' ? Number.NaN : Number(text);
};

/** A form filled with an earlier submission (after a refusal, or to renew), or empty. */
export function valuesFrom(previous: KybRecordDto | null, mode: KybMode = 'manual'): KybValues {
  const provider = mode === 'provider';
  if (!previous)
    return {
      legal_name: '',
      registration_number: '',
      country: '',
      ...providerFields(null, provider),
      representative_first_name: '',
      representative_last_name: '',
      representative_birth_date: '',
      representative_nationality: '',
      representative_email: '',
      ubos: [emptyUbo(mode)],
      no_convictions: false,
      not_high_risk_jurisdiction: false,
      accurate: false,
    };
  return {
    legal_name: previous.legal_name,
    registration_number: previous.registration_number,
    country: previous.country,
    ...providerFields(previous, provider),
    representative_first_name: previous.representative_first_name,
    representative_last_name: previous.representative_last_name,
    representative_birth_date: previous.representative_birth_date,
    representative_nationality: previous.representative_nationality,
    representative_email: previous.representative_email,
    ubos: previous.ubos.map((u) =>
      provider
        ? {
            ...u,
            // The one-line address is made from its parts by the server.
            address: undefined as unknown as string,
            residence: u.residence ?? emptyAddress(),
            birthplace_city: u.birthplace_city ?? '',
            birthplace_country: u.birthplace_country ?? '',
          }
        : { ...u },
    ),
    // Declarations are made anew each time.
    no_convictions: false,
    not_high_risk_jurisdiction: false,
    accurate: false,
  };
}

/** The registered office: one line for staff, in parts (with the residence and IBAN) for the provider. */
function providerFields(previous: KybRecordDto | null, provider: boolean) {
  if (!provider) return { registered_address: previous?.registered_address ?? '' };
  return {
    registered_address: undefined as unknown as string,
    registered_office: previous?.registered_office ?? emptyAddress(),
    representative_country_of_residence: previous?.representative_country_of_residence ?? '',
    payout_iban: previous?.payout_iban ?? '',
  };
}

function fileError(file: File | undefined): 'kybDocumentRequired' | 'kybDocumentInvalid' | undefined {
  if (!file) return 'kybDocumentRequired';
  const types: readonly string[] = KYB_DOCUMENT_TYPES;
  if (file.size === 0 || file.size > KYB_DOCUMENT_MAX_BYTES || !types.includes(file.type))
    return 'kybDocumentInvalid';
  return undefined;
}

export function KybForm({
  previous,
  mode = 'manual',
  onSent,
}: {
  previous: KybRecordDto | null;
  mode?: KybMode;
  onSent?: () => void;
}) {
  const provider = mode === 'provider';
  const { t } = useTranslation(['kyb', 'errors']);
  const ids = useId();
  const send = useSubmitKyb();
  const fileInput = useRef<HTMLInputElement>(null);
  const [docError, setDocError] = useState<string | undefined>();
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<KybValues>({ resolver: resolvers[mode], defaultValues: valuesFrom(previous, mode) });
  const owners = useFieldArray({ control, name: 'ubos' });

  const submit = handleSubmit((values) => {
    const file = fileInput.current?.files?.[0];
    const bad = fileError(file);
    setDocError(bad);
    if (bad || !file) {
      fileInput.current?.focus();
      return;
    }
    const form = new FormData();
    form.append('data', JSON.stringify(values));
    form.append('registration_proof', file, file.name);
    send.mutate(form, {
      onSuccess: () => onSent?.(),
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        let first = true;
        for (const field of Object.keys({ ...err.fieldCodes, ...err.fieldMessages })) {
          if (field === 'registration_proof') continue;
          const key = fieldErrorKey(err, field);
          if (key) {
            setError(field as FieldPath<KybValues>, { type: 'server', message: key }, { shouldFocus: first });
            first = false;
          }
        }
        const doc = fieldErrorKey(err, 'registration_proof');
        if (doc) setDocError(doc);
      },
    });
  });

  const text = (message: string | undefined) => validationText(t, message);
  const countryOptions = (
    <>
      <CountryOptions placeholder={t('form.choose')} />
    </>
  );
  const ubosError = text(errors.ubos?.message ?? errors.ubos?.root?.message);
  const docErrorText = text(docError);

  return (
    <form className={styles.form} onSubmit={submit} noValidate aria-labelledby={`${ids}-title`}>
      <h2 id={`${ids}-title`} className={styles.cardTitle}>
        {t('form.title')}
      </h2>
      {send.isError && (
        <Notice type="error">{errorText(t, send.error, { fallback: 'kyb:form.sendFailed' })}</Notice>
      )}
      <fieldset className={styles.group}>
        <legend>{t('form.entity')}</legend>
        <div className={styles.grid}>
          <Field
            label={t('form.legalName')}
            required
            error={text(errors.legal_name?.message)}
            {...register('legal_name')}
          />
          <Field
            label={t('form.registrationNumber')}
            hint={t('form.registrationNumberHint')}
            required
            error={text(errors.registration_number?.message)}
            {...register('registration_number')}
          />
          <SelectField
            label={t('form.country')}
            required
            error={text(errors.country?.message)}
            {...register('country')}
          >
            {countryOptions}
          </SelectField>
          {!provider && (
            <Field
              label={t('form.registeredAddress')}
              required
              error={text(errors.registered_address?.message)}
              {...register('registered_address')}
            />
          )}
        </div>
      </fieldset>
      {provider && (
        <fieldset className={styles.group}>
          <legend>{t('form.registeredOffice')}</legend>
          <div className={styles.grid}>
            <Field
              label={t('form.officeLine1')}
              required
              error={text(errors.registered_office?.line1?.message ?? errors.registered_office?.message)}
              {...register('registered_office.line1')}
            />
            <Field
              label={t('form.city')}
              required
              error={text(errors.registered_office?.city?.message)}
              {...register('registered_office.city')}
            />
            <Field
              label={t('form.postalCode')}
              required
              error={text(errors.registered_office?.postal_code?.message)}
              {...register('registered_office.postal_code')}
            />
            <SelectField
              label={t('form.officeCountry')}
              required
              error={text(errors.registered_office?.country?.message)}
              {...register('registered_office.country')}
            >
              {countryOptions}
            </SelectField>
          </div>
        </fieldset>
      )}
      <fieldset className={styles.group}>
        <legend>{t('form.representative')}</legend>
        <div className={styles.grid}>
          <Field
            label={t('form.firstName')}
            required
            autoComplete="off"
            error={text(errors.representative_first_name?.message)}
            {...register('representative_first_name')}
          />
          <Field
            label={t('form.lastName')}
            required
            autoComplete="off"
            error={text(errors.representative_last_name?.message)}
            {...register('representative_last_name')}
          />
          <Field
            label={t('form.birthDate')}
            type="date"
            required
            error={text(errors.representative_birth_date?.message)}
            {...register('representative_birth_date')}
          />
          <SelectField
            label={t('form.nationality')}
            required
            error={text(errors.representative_nationality?.message)}
            {...register('representative_nationality')}
          >
            {countryOptions}
          </SelectField>
          <Field
            label={t('form.email')}
            type="email"
            required
            error={text(errors.representative_email?.message)}
            {...register('representative_email')}
          />
          {provider && (
            <SelectField
              label={t('form.residenceCountry')}
              required
              error={text(errors.representative_country_of_residence?.message)}
              {...register('representative_country_of_residence')}
            >
              {countryOptions}
            </SelectField>
          )}
        </div>
      </fieldset>
      <fieldset className={styles.group} aria-describedby={ubosError ? `${ids}-ubos` : `${ids}-ubos-intro`}>
        <legend>{t('form.ubos')}</legend>
        <p id={`${ids}-ubos-intro`} className={styles.muted}>
          {t('form.ubosIntro')}
        </p>
        {owners.fields.map((owner, i) => {
          const e = errors.ubos?.[i];
          return (
            <fieldset key={owner.id} className={styles.group}>
              <legend>{t('form.ubo', { number: i + 1 })}</legend>
              <div className={styles.grid}>
                <Field
                  label={t('form.firstName')}
                  required
                  autoComplete="off"
                  error={text(e?.first_name?.message)}
                  {...register(`ubos.${i}.first_name`)}
                />
                <Field
                  label={t('form.lastName')}
                  required
                  autoComplete="off"
                  error={text(e?.last_name?.message)}
                  {...register(`ubos.${i}.last_name`)}
                />
                <Field
                  label={t('form.birthDate')}
                  type="date"
                  required
                  error={text(e?.birth_date?.message)}
                  {...register(`ubos.${i}.birth_date`)}
                />
                <SelectField
                  label={t('form.nationality')}
                  required
                  error={text(e?.nationality?.message)}
                  {...register(`ubos.${i}.nationality`)}
                >
                  {countryOptions}
                </SelectField>
                {provider ? (
                  <>
                    <Field
                      label={`${t('form.residence')}: ${t('form.officeLine1')}`}
                      required
                      error={text(e?.residence?.line1?.message ?? e?.residence?.message)}
                      {...register(`ubos.${i}.residence.line1`)}
                    />
                    <Field
                      label={`${t('form.residence')}: ${t('form.city')}`}
                      required
                      error={text(e?.residence?.city?.message)}
                      {...register(`ubos.${i}.residence.city`)}
                    />
                    <Field
                      label={`${t('form.residence')}: ${t('form.postalCode')}`}
                      required
                      error={text(e?.residence?.postal_code?.message)}
                      {...register(`ubos.${i}.residence.postal_code`)}
                    />
                    <SelectField
                      label={`${t('form.residence')}: ${t('form.officeCountry')}`}
                      required
                      error={text(e?.residence?.country?.message)}
                      {...register(`ubos.${i}.residence.country`)}
                    >
                      {countryOptions}
                    </SelectField>
                    <Field
                      label={t('form.birthplaceCity')}
                      required
                      error={text(e?.birthplace_city?.message)}
                      {...register(`ubos.${i}.birthplace_city`)}
                    />
                    <SelectField
                      label={t('form.birthplaceCountry')}
                      required
                      error={text(e?.birthplace_country?.message)}
                      {...register(`ubos.${i}.birthplace_country`)}
                    >
                      {countryOptions}
                    </SelectField>
                  </>
                ) : (
                  <Field
                    label={t('form.address')}
                    required
                    error={text(e?.address?.message)}
                    {...register(`ubos.${i}.address`)}
                  />
                )}
                <Field
                  label={t('form.ownership')}
                  inputMode="decimal"
                  required
                  error={text(e?.ownership_percent?.message)}
                  {...register(`ubos.${i}.ownership_percent`, { setValueAs: percent })}
                />
              </div>
              {owners.fields.length > 1 && (
                <div className={styles.actions}>
                  <Button variant="ghost" size="sm" onClick={() => owners.remove(i)}>
                    {t('form.removeUbo', { number: i + 1 })}
                  </Button>
                </div>
              )}
            </fieldset>
          );
        })}
        {ubosError && <GroupError id={`${ids}-ubos`}>{ubosError}</GroupError>}
        {owners.fields.length < KYB_MAX_UBOS && (
          <div className={styles.actions}>
            <Button variant="secondary" size="sm" onClick={() => owners.append(emptyUbo(mode))}>
              {t('form.addUbo')}
            </Button>
          </div>
        )}
      </fieldset>
      {provider && (
        <fieldset className={styles.group}>
          <legend>{t('form.payout')}</legend>
          <Field
            label={t('form.payoutIban')}
            hint={t('form.payoutIbanHint')}
            required
            autoComplete="off"
            error={text(errors.payout_iban?.message)}
            {...register('payout_iban')}
          />
        </fieldset>
      )}
      <fieldset className={styles.group}>
        <legend>{t('form.declarations')}</legend>
        <p className={styles.muted}>{t('form.declarationsIntro')}</p>
        {DECLARATIONS.map((d) => (
          <Checkbox
            key={d}
            label={t(`form.declaration.${d}`)}
            error={text(errors[d]?.message)}
            {...register(d)}
          />
        ))}
      </fieldset>
      <div>
        <label htmlFor={`${ids}-proof`} className={styles.status}>
          {t('form.proof')}
        </label>
        <p id={`${ids}-proof-hint`} className={styles.muted}>
          {t('form.proofHint')}
        </p>
        <input
          id={`${ids}-proof`}
          ref={fileInput}
          type="file"
          accept={ACCEPT}
          aria-invalid={docErrorText ? true : undefined}
          aria-describedby={[docErrorText ? `${ids}-proof-error` : '', `${ids}-proof-hint`].join(' ').trim()}
          onChange={() => setDocError(undefined)}
        />
        {docErrorText && <GroupError id={`${ids}-proof-error`}>{docErrorText}</GroupError>}
      </div>
      <div className={styles.actions}>
        <Button type="submit" loading={send.isPending}>
          {t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
