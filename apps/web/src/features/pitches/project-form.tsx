import { zodResolver } from '@hookform/resolvers/zod';
import { PITCH_NAME_MAX, PITCH_TEXT_MAX, SUBMIT_PROJECT_FIELDS } from '@indiesplit/shared/pitches';
import { type ReactNode, useMemo, useRef, useState } from 'react';
import { type FieldPath, type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { focusSoon, useSending } from '../../lib/form.ts';
import styles from './pitch.module.css';
import {
  firstAllowedReleaseDate,
  isCompleteDate,
  isReleaseDateAllowed,
  PDF_MAX_MB,
  PLATFORMS,
  type ProjectFormValues,
  projectFormData,
  SERVICE_CHOICES,
} from './pitch-logic.ts';
import { projectFormSchema } from './project-form-schema.ts';

const FIELDS = new Set<string>([...SUBMIT_PROJECT_FIELDS, 'pitch_file']);

export interface ProjectFormProps {
  defaultValues: ProjectFormValues;
  /** 'resubmit': the PDF already on file stays unless a new one is chosen. */
  mode: 'submit' | 'resubmit';
  /** Whether the pitch already has a password (resubmit: leaving the field empty keeps it). */
  hasPassword?: boolean;
  submitLabel: string;
  busyLabel: string;
  /** Sends the multipart body; rejects with an ApiError. */
  send: (data: FormData) => Promise<void>;
  /** Before the submit button (a Back link, a Cancel button). */
  secondaryAction?: ReactNode;
}

/**
 * The project form of pitch step 2 and of "edit and resubmit". A failed send keeps everything as it
 * was (values and chosen file); errors the server attaches to fields are shown beside them.
 */
export function ProjectForm({
  defaultValues,
  mode,
  hasPassword = false,
  submitLabel,
  busyLabel,
  send,
  secondaryAction,
}: ProjectFormProps) {
  const { t } = useTranslation(['pitch', 'errors']);
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [dateAlert, setDateAlert] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const lastDate = useRef(defaultValues.expected_release_date);
  const minDate = firstAllowedReleaseDate(new Date());
  const resolver = useMemo(
    () =>
      zodResolver(
        projectFormSchema(() => new Date(), mode === 'submit'),
        undefined,
        {
          raw: true,
        },
      ) as unknown as Resolver<ProjectFormValues>,
    [mode],
  );

  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<ProjectFormValues>({ resolver, defaultValues });
  // Disabled while the pitch is sent, not while it is checked (see useSending).
  const [isSubmitting, whileSending] = useSending();

  const onSubmit = handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      await whileSending(() => send(projectFormData(values)));
    } catch (err) {
      console.error('Pitch submission failed', err);
      setSubmitError(describeFailure(err));
      focusSoon(() => errorRef.current);
    }
  });

  function describeFailure(err: unknown): string {
    if (!(err instanceof ApiError)) return t('pitch:errors.submitFailed');
    if (err.status === 413) {
      setError('pitch_file', { type: 'server', message: 'pitch:errors.pdfTooLarge' });
      return t('pitch:errors.pdfTooLarge');
    }
    const fields = [...Object.keys(err.fieldCodes), ...Object.keys(err.fieldMessages)].filter((f) =>
      FIELDS.has(f),
    );
    for (const field of new Set(fields)) {
      setError(field as FieldPath<ProjectFormValues>, {
        type: 'server',
        message: fieldErrorKey(err, field) ?? 'invalidValue',
      });
    }
    if (fields.length > 0) return t('pitch:errors.checkFields');
    if (
      err.status === 400 ||
      err.status === 401 ||
      err.status === 409 ||
      err.status === 429 ||
      err.status === 503 ||
      err.status === 0
    )
      return errorText(t, err, { fallback: 'pitch:errors.submitFailed' });
    return t('pitch:errors.submitFailed');
  }

  const e = (name: keyof ProjectFormValues) => validationText(t, errors[name]?.message);
  const currency = (
    <span className={styles.currency} aria-hidden="true">
      €
    </span>
  );

  const releaseDateField = () => {
    const dateField = register('expected_release_date');
    return (
      <Field
        label={t('details.releaseDate')}
        type="date"
        required
        min={minDate}
        hint={t('details.releaseDateHint')}
        error={dateAlert ? t('pitch:errors.releaseDateTooSoon') : e('expected_release_date')}
        {...dateField}
        onChange={(event) => {
          const value = event.target.value;
          if (isCompleteDate(value) && !isReleaseDateAllowed(value, new Date())) {
            // Spec §5: the alert shows and the date stays as it was.
            event.target.value = lastDate.current;
            setDateAlert(true);
          } else {
            if (value === '' || isCompleteDate(value)) lastDate.current = value;
            setDateAlert(false);
          }
          return dateField.onChange(event);
        }}
      />
    );
  };

  return (
    <form className={styles.form} onSubmit={onSubmit} noValidate aria-busy={isSubmitting || undefined}>
      {submitError && (
        <Notice type="error" ref={errorRef}>
          {submitError}
        </Notice>
      )}
      <fieldset className={styles.group} disabled={isSubmitting}>
        <legend className={styles.legend}>{t('details.contact')}</legend>
        <div className={styles.row}>
          <Field
            label={t('contact.name')}
            required
            autoComplete="organization"
            error={e('name')}
            {...register('name')}
          />
          <Field
            label={t('contact.email')}
            type="email"
            required
            autoComplete="email"
            error={e('email')}
            {...register('email')}
          />
        </div>
      </fieldset>

      <fieldset className={styles.group} disabled={isSubmitting}>
        <legend className={styles.legend}>{t('details.game')}</legend>
        <Field
          label={t('details.projectName')}
          required
          maxLength={PITCH_NAME_MAX}
          error={e('project_name')}
          {...register('project_name')}
        />
        <div className={styles.row}>
          <Field
            label={t('details.budget')}
            inputMode="decimal"
            required
            hint={t('details.euroHint')}
            error={e('expected_production_budget')}
            addon={currency}
            {...register('expected_production_budget')}
          />
          <Field
            label={t('details.funding')}
            inputMode="decimal"
            hint={t('details.euroHint')}
            error={e('required_funding_size')}
            addon={currency}
            {...register('required_funding_size')}
          />
        </div>
        {/* Registered here, in reading order, so a failed submit focuses the first problem. */}
        {releaseDateField()}
        {dateAlert && (
          <p role="alert" className="visually-hidden">
            {t('pitch:errors.releaseDateTooSoon')}
          </p>
        )}
        <div className={styles.checks}>
          <Checkbox label={t('details.debut')} {...register('is_debut_title')} />
          <Checkbox label={t('details.publisher')} {...register('plan_to_choose_publisher')} />
        </div>
      </fieldset>

      <fieldset
        className={styles.group}
        disabled={isSubmitting}
        aria-describedby={errors.distribution_platforms ? 'platforms-error' : 'platforms-hint'}
      >
        <legend className={styles.legend}>
          {t('details.platforms')}
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <p id="platforms-hint" className={styles.hint}>
          {t('details.platformsHint')}
        </p>
        <div className={styles.platforms}>
          {PLATFORMS.map((p) => (
            <label key={p.value} className={styles.platform}>
              <input type="checkbox" value={p.value} {...register('distribution_platforms')} />
              <span>{p.label}</span>
            </label>
          ))}
        </div>
        {errors.distribution_platforms && (
          <p id="platforms-error" className={styles.error}>
            {e('distribution_platforms')}
          </p>
        )}
      </fieldset>

      <fieldset
        className={styles.group}
        disabled={isSubmitting}
        aria-describedby={errors.i_am_looking_for ? 'service-error' : undefined}
      >
        <legend className={styles.legend}>
          {t('details.service')}
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        </legend>
        <div className={styles.services}>
          {SERVICE_CHOICES.map((choice) => (
            <label key={choice.value} className={styles.service}>
              <input
                type="radio"
                value={choice.value}
                aria-labelledby={`service-${choice.key}`}
                aria-describedby={`service-${choice.key}-text`}
                aria-invalid={errors.i_am_looking_for ? true : undefined}
                {...register('i_am_looking_for')}
              />
              <span id={`service-${choice.key}`} className={styles.serviceName}>
                {t(`services.${choice.key}`)}
              </span>
              <span id={`service-${choice.key}-text`} className={styles.serviceText}>
                {t(`services.${choice.key}Text`)}
              </span>
            </label>
          ))}
        </div>
        {errors.i_am_looking_for && (
          <p id="service-error" className={styles.error}>
            {e('i_am_looking_for')}
          </p>
        )}
      </fieldset>

      <fieldset className={styles.group} disabled={isSubmitting}>
        <legend className={styles.legend}>{t('details.material')}</legend>
        <Field
          label={mode === 'submit' ? t('details.pitchFile') : t('details.pitchFileReplace')}
          type="file"
          accept=".pdf,application/pdf"
          required={mode === 'submit'}
          hint={
            mode === 'submit'
              ? t('details.pitchFileHint', { max: PDF_MAX_MB })
              : t('details.pitchFileReplaceHint', { max: PDF_MAX_MB })
          }
          error={e('pitch_file')}
          inputClassName={styles.file}
          {...register('pitch_file')}
        />
        <div className={styles.row}>
          <Field
            label={t('details.trailer')}
            type="url"
            inputMode="url"
            placeholder="https://"
            error={e('trailer_link')}
            {...register('trailer_link')}
          />
          <Field
            label={t('details.demo')}
            type="url"
            inputMode="url"
            placeholder="https://"
            error={e('demo_link')}
            {...register('demo_link')}
          />
        </div>
        <PasswordField
          label={t('details.pitchPassword')}
          autoComplete="off"
          hint={hasPassword ? t('details.pitchPasswordKeep') : t('details.pitchPasswordHint')}
          error={e('pitch_password')}
          {...register('pitch_password')}
        />
        <TextAreaField
          label={t('details.notes')}
          rows={5}
          maxLength={PITCH_TEXT_MAX}
          error={e('notes')}
          {...register('notes')}
        />
      </fieldset>

      <div className={styles.actions}>
        {secondaryAction}
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? busyLabel : submitLabel}
        </Button>
      </div>
    </form>
  );
}
