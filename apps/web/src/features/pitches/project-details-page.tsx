import { emailSchema, personNameSchema } from '@indiesplit/shared/validation';
import { useMemo, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { validationText } from '../../lib/error-text.ts';
import { type Check, focusSoon, rulesResolver, schemaCheck } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { submitProject } from './api.ts';
import styles from './pitch.module.css';
import {
  isCompleteDate,
  isHttpUrl,
  isPdf,
  isReleaseDateAllowed,
  minReleaseDate,
  PLATFORMS,
  parseEuro,
  SERVICE_CHOICES,
} from './pitch-logic.ts';
import { PitchShell } from './pitch-shell.tsx';

interface ProjectForm {
  name: string;
  email: string;
  project_name: string;
  expected_production_budget: string;
  required_funding_size: string;
  distribution_platforms: string[];
  is_debut_title: boolean;
  expected_release_date: string;
  i_am_looking_for: string;
  plan_to_choose_publisher: boolean;
  notes: string;
  trailer_link: string;
  demo_link: string;
  pitch_password: string;
  pitch_file: FileList | null;
}

const str = (v: unknown) => (typeof v === 'string' ? v.trim() : '');
const required =
  (key: string, then?: Check<ProjectForm>): Check<ProjectForm> =>
  (v, all, ctx) =>
    str(v) === '' ? key : then?.(v, all, ctx);
const euro =
  (isRequired: boolean): Check<ProjectForm> =>
  (v) => {
    const amount = parseEuro(str(v));
    if (amount === null) return isRequired ? 'pitch:errors.budgetRequired' : undefined;
    return Number.isNaN(amount) ? 'pitch:errors.amountInvalid' : undefined;
  };
const url: Check<ProjectForm> = (v) => (str(v) && !isHttpUrl(str(v)) ? 'pitch:errors.invalidUrl' : undefined);

function projectResolver(today: () => Date) {
  return rulesResolver<ProjectForm>({
    name: required('fillMandatory', schemaCheck(personNameSchema)),
    email: schemaCheck(emailSchema),
    project_name: required('pitch:errors.projectNameRequired', (v) =>
      str(v).length > 200 ? 'pitch:errors.tooLong' : undefined,
    ),
    expected_production_budget: euro(true),
    required_funding_size: euro(false),
    expected_release_date: (v) => {
      const value = str(v);
      if (!value) return 'pitch:errors.releaseDateRequired';
      return isReleaseDateAllowed(value, today()) ? undefined : 'pitch:errors.releaseDateTooSoon';
    },
    i_am_looking_for: required('pitch:errors.serviceRequired'),
    notes: (v) => (str(v).length > 5000 ? 'pitch:errors.tooLong' : undefined),
    trailer_link: url,
    demo_link: url,
    pitch_file: (v) => {
      const file = (v as FileList | null)?.[0];
      if (!file) return 'pitch:errors.pdfRequired';
      return isPdf(file) ? undefined : 'pitch:errors.pdfOnly';
    },
  });
}

function toFormData(values: ProjectForm): FormData {
  const data = new FormData();
  const amount = (v: string) => String(parseEuro(v) ?? 0);
  data.append('name', values.name.trim());
  data.append('email', values.email.trim());
  data.append('project_name', values.project_name.trim());
  data.append('expected_production_budget', amount(values.expected_production_budget));
  data.append('required_funding_size', amount(values.required_funding_size));
  data.append('distribution_platforms', values.distribution_platforms.join(','));
  data.append('is_debut_title', String(values.is_debut_title));
  data.append('expected_release_date', values.expected_release_date);
  data.append('i_am_looking_for', values.i_am_looking_for);
  data.append('plan_to_choose_publisher', String(values.plan_to_choose_publisher));
  data.append('notes', values.notes.trim());
  data.append('trailer_link', values.trailer_link.trim());
  data.append('demo_link', values.demo_link.trim());
  if (values.pitch_password) data.append('pitch_password', values.pitch_password);
  const file = values.pitch_file?.[0];
  if (file) data.append('pitch_file', file);
  return data;
}

/** Pitch step 2 (spec §2, §3, §5): the project, its numbers and the pitch deck. */
export default function ProjectDetailsPage() {
  const { t } = useTranslation(['pitch', 'errors']);
  const navigate = useNavigate();
  const location = useLocation();
  const from = (location.state ?? {}) as { name?: unknown; email?: unknown };
  const [submitError, setSubmitError] = useState<string | null>(null);
  const [dateAlert, setDateAlert] = useState(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const lastDate = useRef('');
  const today = () => new Date();
  const minDate = minReleaseDate(today());
  usePageTitle(t('details.title'));

  const resolver = useMemo(() => projectResolver(() => new Date()), []);
  const {
    register,
    handleSubmit,
    formState: { errors, isSubmitting },
  } = useForm<ProjectForm>({
    resolver,
    defaultValues: {
      name: typeof from.name === 'string' ? from.name : '',
      email: typeof from.email === 'string' ? from.email : '',
      project_name: '',
      expected_production_budget: '',
      required_funding_size: '',
      distribution_platforms: [],
      is_debut_title: false,
      expected_release_date: '',
      i_am_looking_for: '',
      plan_to_choose_publisher: false,
      notes: '',
      trailer_link: '',
      demo_link: '',
      pitch_password: '',
      pitch_file: null,
    },
  });

  const onSubmit = handleSubmit(async (values) => {
    setSubmitError(null);
    try {
      const res = await submitProject(toFormData(values));
      navigate(paths.projectSuccess, { state: { projectId: res.id } });
    } catch (err) {
      console.error('Pitch submission failed', err);
      setSubmitError(
        err instanceof ApiError && err.status === 0
          ? t('errors:networkError')
          : t('pitch:errors.submitFailed'),
      );
      focusSoon(() => errorRef.current);
    }
  });

  const e = (name: keyof ProjectForm) => validationText(t, errors[name]?.message);

  return (
    <PitchShell step={2} title={t('details.title')} intro={t('details.intro')}>
      <form className={styles.form} onSubmit={onSubmit} noValidate>
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
              addon={
                <span className={styles.currency} aria-hidden="true">
                  €
                </span>
              }
              {...register('expected_production_budget')}
            />
            <Field
              label={t('details.funding')}
              inputMode="decimal"
              hint={t('details.euroHint')}
              error={e('required_funding_size')}
              addon={
                <span className={styles.currency} aria-hidden="true">
                  €
                </span>
              }
              {...register('required_funding_size')}
            />
          </div>
          {/* Registered here, in reading order, so a failed submit focuses the first problem. */}
          {(() => {
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
                  if (isCompleteDate(value) && !isReleaseDateAllowed(value, today())) {
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
          })()}
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

        <fieldset className={styles.group} disabled={isSubmitting}>
          <legend className={styles.legend}>{t('details.platforms')}</legend>
          <p className={styles.hint}>{t('details.platformsHint')}</p>
          <div className={styles.platforms}>
            {PLATFORMS.map((p) => (
              <label key={p.value} className={styles.platform}>
                <input type="checkbox" value={p.value} {...register('distribution_platforms')} />
                <span>{p.label}</span>
              </label>
            ))}
          </div>
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
            label={t('details.pitchFile')}
            type="file"
            accept=".pdf,application/pdf"
            required
            hint={t('details.pitchFileHint')}
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
            hint={t('details.pitchPasswordHint')}
            {...register('pitch_password')}
          />
          <TextAreaField label={t('details.notes')} rows={5} error={e('notes')} {...register('notes')} />
        </fieldset>

        <div className={styles.actions}>
          <Link to={paths.pitch} className="btn btn-secondary">
            {t('details.back')}
          </Link>
          <Button type="submit" loading={isSubmitting}>
            {isSubmitting ? t('details.submitting') : t('details.submit')}
          </Button>
        </div>
      </form>
    </PitchShell>
  );
}
