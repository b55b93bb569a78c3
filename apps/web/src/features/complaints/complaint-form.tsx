import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPLAINT_ADDRESS_MAX,
  COMPLAINT_NAME_MAX,
  COMPLAINT_PHONE_MAX,
  COMPLAINT_SERVICES,
  COMPLAINT_TEXT_MAX,
  FileComplaintRequest,
} from '@indiesplit/shared/complaints';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field, SelectField, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useFileComplaint } from './api.ts';
import styles from './complaints.module.css';

type Values = z.input<typeof FileComplaintRequest>;
const resolver = zodResolver(FileComplaintRequest, undefined, { raw: true });

const FIELDS = [
  'name',
  'email',
  'address',
  'phone',
  'representative_name',
  'representative_contact',
  'service',
  'campaign_slug',
  'facts_from',
  'facts_to',
  'description',
  'remedy',
] as const;

const blank = (email: string): Values => ({
  name: '',
  email,
  address: '',
  phone: '',
  via_representative: false,
  representative_name: '',
  representative_contact: '',
  service: '' as Values['service'],
  campaign_slug: '',
  facts_from: '',
  facts_to: '',
  description: '',
  remedy: '',
});

/** The template's fields (Delegated Regulation (EU) 2022/2117); a member's email is filled in. */
export function ComplaintForm() {
  const { t } = useTranslation(['complaints', 'errors']);
  const auth = useAuth();
  const file = useFileComplaint();
  const [sent, setSent] = useState<string | null>(null);
  const [formError, setFormError] = useState<string | null>(null);
  const noticeRef = useRef<HTMLDivElement>(null);
  const {
    register,
    handleSubmit,
    setError,
    reset,
    getValues,
    setValue,
    watch,
    formState: { errors },
  } = useForm<Values>({ resolver, defaultValues: blank(auth.email ?? '') });
  const viaRepresentative = watch('via_representative');
  // The session is known after the first render: a member's email is filled in then, unless typed.
  useEffect(() => {
    if (auth.email && !getValues('email')) setValue('email', auth.email);
  }, [auth.email, getValues, setValue]);
  const err = (message: string | undefined) => validationText(t, message);

  const onSubmit = handleSubmit(async (values) => {
    setFormError(null);
    try {
      const { reference } = await file.mutateAsync(values);
      setSent(reference);
      reset(blank(auth.email ?? ''));
      focusSoon(() => noticeRef.current);
    } catch (error) {
      let focused = false;
      if (error instanceof ApiError)
        for (const field of FIELDS) {
          const key = fieldErrorKey(error, field);
          if (!key) continue;
          setError(field, { type: 'server', message: key }, { shouldFocus: !focused });
          focused = true;
        }
      setFormError(errorText(t, error, { fallback: 'complaints:form.failed' }));
      if (!focused) focusSoon(() => noticeRef.current);
    }
  });

  const optional = <span className={styles.optional}>({t('form.optional')})</span>;

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-labelledby="complaint-form-title">
      <h2 id="complaint-form-title">{t('form.title')}</h2>
      {sent && (
        <Notice type="success" ref={noticeRef}>
          {t('form.sent', { reference: sent })}
        </Notice>
      )}
      {formError && (
        <Notice type="error" ref={noticeRef}>
          {formError}
        </Notice>
      )}
      <fieldset className={styles.fieldset}>
        <legend>{t('form.you')}</legend>
        <Field
          label={t('form.name')}
          autoComplete="name"
          required
          maxLength={COMPLAINT_NAME_MAX}
          error={err(errors.name?.message)}
          {...register('name')}
        />
        <Field
          label={t('form.email')}
          type="email"
          autoComplete="email"
          required
          error={err(errors.email?.message)}
          {...register('email')}
        />
        <Field
          label={
            <>
              {t('form.address')} {optional}
            </>
          }
          autoComplete="street-address"
          maxLength={COMPLAINT_ADDRESS_MAX}
          error={err(errors.address?.message)}
          {...register('address')}
        />
        <Field
          label={
            <>
              {t('form.phone')} {optional}
            </>
          }
          type="tel"
          autoComplete="tel"
          maxLength={COMPLAINT_PHONE_MAX}
          error={err(errors.phone?.message)}
          {...register('phone')}
        />
        <Checkbox label={t('form.viaRepresentative')} {...register('via_representative')} />
        {viaRepresentative && (
          <>
            <Field
              label={t('form.representativeName')}
              required
              maxLength={COMPLAINT_NAME_MAX}
              error={err(errors.representative_name?.message)}
              {...register('representative_name')}
            />
            <Field
              label={
                <>
                  {t('form.representativeContact')} {optional}
                </>
              }
              maxLength={COMPLAINT_ADDRESS_MAX}
              error={err(errors.representative_contact?.message)}
              {...register('representative_contact')}
            />
          </>
        )}
      </fieldset>
      <fieldset className={styles.fieldset}>
        <legend>{t('form.about')}</legend>
        <SelectField
          label={t('form.service')}
          required
          error={err(errors.service?.message)}
          {...register('service')}
        >
          <option value="">{t('form.chooseService')}</option>
          {COMPLAINT_SERVICES.map((s) => (
            <option key={s} value={s}>
              {t(`form.services.${s}`)}
            </option>
          ))}
        </SelectField>
        <Field
          label={
            <>
              {t('form.campaignSlug')} {optional}
            </>
          }
          hint={t('form.campaignSlugHint')}
          maxLength={100}
          error={err(errors.campaign_slug?.message)}
          {...register('campaign_slug')}
        />
        <div className={styles.dates}>
          <Field
            label={t('form.factsFrom')}
            type="date"
            required
            error={err(errors.facts_from?.message)}
            {...register('facts_from')}
          />
          <Field
            label={
              <>
                {t('form.factsTo')} {optional}
              </>
            }
            type="date"
            error={err(errors.facts_to?.message)}
            {...register('facts_to')}
          />
        </div>
        <TextAreaField
          label={t('form.description')}
          hint={t('form.descriptionHint')}
          required
          rows={6}
          maxLength={COMPLAINT_TEXT_MAX}
          error={err(errors.description?.message)}
          {...register('description')}
        />
        <TextAreaField
          label={t('form.remedy')}
          required
          rows={3}
          maxLength={COMPLAINT_TEXT_MAX}
          error={err(errors.remedy?.message)}
          {...register('remedy')}
        />
      </fieldset>
      <div>
        <Button type="submit" loading={file.isPending}>
          {file.isPending ? t('form.sending') : t('form.submit')}
        </Button>
      </div>
    </form>
  );
}
