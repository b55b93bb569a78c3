import { zodResolver } from '@hookform/resolvers/zod';
import { type InvestorProfileDto, TAX_ID_MAX, TaxResidenceRequest } from '@indiesplit/shared/investing';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { CountryOptions, countryName } from '../../components/country-options.tsx';
import { Field, SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { useSaveTaxResidence } from './api.ts';
import styles from './investing.module.css';

// The tax residence (ADR 0033): a country and, optionally, a tax identification number. Asked in
// place on the invest page before the first real-euro investment, and editable in the profile.

const FIELDS = ['country', 'tax_id'] as const;
type Values = z.input<typeof TaxResidenceRequest>;
const resolver = zodResolver(TaxResidenceRequest, undefined, { raw: true });

export function TaxResidenceForm({
  profile,
  headingLevel = 2,
  onSaved,
}: {
  profile: InvestorProfileDto;
  headingLevel?: 2 | 3;
  onSaved?: () => void;
}) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const save = useSaveTaxResidence();
  const current = profile.tax_residence;
  const [saved, setSaved] = useState(false);
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<Values>({
    resolver,
    defaultValues: { country: current?.country ?? '', tax_id: current?.tax_id ?? '' },
  });

  const submit = handleSubmit((values) => {
    setSaved(false);
    save.mutate(
      { country: values.country, ...(values.tax_id?.trim() ? { tax_id: values.tax_id } : {}) },
      {
        onSuccess: () => {
          setSaved(true);
          onSaved?.();
        },
        onError: (err) => {
          if (!(err instanceof ApiError)) return;
          for (const name of FIELDS) {
            const key = fieldErrorKey(err, name);
            if (key) setError(name, { type: 'server', message: key });
          }
        },
      },
    );
  });
  const Heading = headingLevel === 2 ? 'h2' : 'h3';

  return (
    <section className={styles.card} aria-labelledby="tax-residence">
      <Heading id="tax-residence" className={styles.cardTitle}>
        {t('profile.tax.title')}
      </Heading>
      <p className={styles.muted}>{t('profile.tax.intro')}</p>
      {current && (
        <p>
          {t('profile.tax.current', {
            country: countryName(current.country, i18n.language),
            taxId: current.tax_id ? ` · ${current.tax_id}` : '',
          })}
        </p>
      )}
      <form className={styles.form} onSubmit={submit} noValidate>
        {save.isError && (
          <Notice type="error">{errorText(t, save.error, { fallback: 'invest:profile.saveFailed' })}</Notice>
        )}
        {saved && !save.isPending && <Notice type="success">{t('profile.tax.saved')}</Notice>}
        <SelectField
          label={t('profile.tax.country')}
          required
          error={validationText(t, errors.country?.message)}
          {...register('country')}
        >
          <CountryOptions placeholder={t('profile.tax.choose')} />
        </SelectField>
        <Field
          label={t('profile.tax.taxId')}
          hint={t('profile.tax.taxIdHint')}
          maxLength={TAX_ID_MAX}
          autoComplete="off"
          error={validationText(t, errors.tax_id?.message)}
          {...register('tax_id')}
        />
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {t('profile.tax.submit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
