import { zodResolver } from '@hookform/resolvers/zod';
import { RegisterDetails } from '@indiesplit/shared/auth';
import { SocialSignUpDetails } from '@indiesplit/shared/oauth';
import { useMemo, useReducer, useRef } from 'react';
import { type Resolver, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useLocation } from 'react-router';
import { paths } from '../../../app/paths.ts';
import { siteConfig } from '../../../app/site-config.ts';
import { Button, ButtonLink } from '../../../components/button.tsx';
import { Checkbox } from '../../../components/checkbox.tsx';
import { Field } from '../../../components/field.tsx';
import forms from '../../../components/forms.module.css';
import { LockIcon } from '../../../components/icons.tsx';
import { Notice } from '../../../components/notice.tsx';
import { PasswordField } from '../../../components/password-field.tsx';
import { analytics } from '../../../lib/analytics.ts';
import { ApiError } from '../../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../../lib/error-text.ts';
import { focusSoon } from '../../../lib/form.ts';
import { usePageTitle } from '../../../lib/use-page-title.ts';
import { discordSignUp, googleSignUp, register as registerAccount } from '../api.ts';
import { useAuth } from '../auth-context.tsx';
import { AuthShell } from '../auth-shell.tsx';
import styles from './register-page.module.css';
import {
  canGoBack,
  initialRegisterState,
  progressPercent,
  registerReducer,
  type SocialPrefill,
  socialPrefillFromState,
} from './register-state.ts';
import { UserTypeChoice } from './user-type-choice.tsx';

interface DetailsForm {
  email: string;
  username: string;
  password: string;
  re_password: string;
  name: string;
  surname: string;
  accepted_terms: boolean;
  newsletter: boolean;
}

const SERVER_FIELDS = ['username', 'email', 'password', 're_password', 'name', 'surname'] as const;

// The shared sign-up rules, without the profiles (chosen on step 1, or beside the form for a social
// sign-up, which has no password). The form keeps its values as typed; the request trims them.
const resolvers = {
  email: zodResolver(RegisterDetails, undefined, { raw: true }) as unknown as Resolver<DetailsForm>,
  social: zodResolver(SocialSignUpDetails, undefined, { raw: true }) as unknown as Resolver<DetailsForm>,
};

export default function RegisterPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const auth = useAuth();
  const location = useLocation();
  const social = useMemo(() => socialPrefillFromState(location.state), [location.state]);
  const [state, dispatch] = useReducer(registerReducer, social, initialRegisterState);
  const completed = useRef(false);
  const errorRef = useRef<HTMLDivElement>(null);
  const typesErrorRef = useRef<HTMLParagraphElement>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  usePageTitle(t('register.title'));

  const form = useForm<DetailsForm>({
    resolver: social ? resolvers.social : resolvers.email,
    defaultValues: {
      email: social?.email ?? '',
      username: social?.username ?? '',
      password: '',
      re_password: '',
      name: social?.name ?? '',
      surname: social?.surname ?? '',
      accepted_terms: false,
      newsletter: false,
    },
  });
  const { errors } = form.formState;

  // A member who is already logged in has nothing to sign up for (spec §2) — except right after
  // signing up here, when step 3 shows.
  if (auth.isAuthenticated && !completed.current && state.step !== 3) {
    return <Navigate to={paths.home} replace />;
  }

  const onEdit = () => dispatch({ type: 'edit' });

  const next = () => {
    dispatch({ type: 'next' });
    if (state.userTypes.length === 0) focusSoon(() => typesErrorRef.current);
    else focusSoon(() => headingRef.current);
  };

  const submit = form.handleSubmit(async (values) => {
    if (social && state.userTypes.length === 0) {
      dispatch({ type: 'failure', error: t('errors:selectUserType') });
      focusSoon(() => errorRef.current);
      return;
    }
    dispatch({ type: 'submit' });
    const base = {
      username: values.username.trim(),
      email: values.email.trim(),
      newsletter: values.newsletter,
    };
    try {
      if (!social) {
        await registerAccount({
          ...base,
          password: values.password,
          re_password: values.re_password,
          name: values.name.trim(),
          surname: values.surname.trim(),
          user_types: state.userTypes,
          accepted_terms: true,
        });
      } else {
        // The same rules as any registration: terms accepted and at least one profile.
        const socialBase = {
          ...base,
          name: values.name.trim(),
          surname: values.surname.trim(),
          user_types: state.userTypes,
          accepted_terms: true as const,
        };
        if (social.provider === 'google') await googleSignUp({ ...socialBase, credential: social.token });
        else await discordSignUp({ ...socialBase, access_token: social.token });
      }
      completed.current = true;
      dispatch({ type: 'success' });
      analytics.registrationCompleted(social?.provider ?? 'email');
      await auth.refresh();
      focusSoon(() => headingRef.current);
    } catch (err) {
      let focused = false;
      if (err instanceof ApiError) {
        for (const field of SERVER_FIELDS) {
          const key = fieldErrorKey(err, field);
          if (!key || (social && (field === 'password' || field === 're_password'))) continue;
          form.setError(field, { type: 'server', message: key }, { shouldFocus: !focused });
          focused = true;
        }
      }
      // An error that belongs to a field shows there (and has focus); others show above the form.
      dispatch({ type: 'failure', error: focused ? null : registrationError(t, err, social) });
      if (!focused) focusSoon(() => errorRef.current);
    }
  });

  const percent = progressPercent(state.step);
  const stepTitle = [t('register.step1Title'), t('register.step2Title'), t('register.step3Title')][
    state.step - 1
  ];

  return (
    <AuthShell
      wide
      title={state.step === 3 ? t('register.doneTitle') : t('register.title')}
      eyebrow={t('register.stepOf', { step: state.step, total: 3 })}
      closeTo={paths.home}
    >
      <div
        className={styles.progress}
        role="progressbar"
        aria-label={t('register.progress')}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={percent}
      >
        <div className={styles.bar} style={{ width: `${percent}%` }} />
      </div>

      <h2 ref={headingRef} tabIndex={-1} className={styles.stepTitle}>
        {stepTitle}
      </h2>

      {state.step === 1 && (
        <div className={forms.stack}>
          <fieldset
            className={styles.types}
            aria-describedby={state.error ? 'user-types-error' : 'user-types-hint'}
            aria-invalid={state.error ? true : undefined}
          >
            <legend className={styles.legend}>{t('register.chooseTypes')}</legend>
            <p id="user-types-hint" className={forms.muted}>
              {t('register.chooseTypesHint')}
            </p>
            <UserTypeChoice
              selected={state.userTypes}
              onToggle={(type) => dispatch({ type: 'toggleType', userType: type })}
            />
            {state.error && (
              <p
                id="user-types-error"
                ref={typesErrorRef}
                tabIndex={-1}
                className={styles.error}
                role="alert"
              >
                {validationText(t, state.error)}
              </p>
            )}
          </fieldset>
          <div className={forms.actions}>
            <ButtonLink to={paths.login} variant="secondary">
              {t('register.haveAccount')}
            </ButtonLink>
            <Button onClick={next}>{t('register.continue')}</Button>
          </div>
        </div>
      )}

      {state.step === 2 && (
        <form className={forms.form} onSubmit={submit} onChange={onEdit} noValidate>
          {state.error && (
            <Notice type="error" ref={errorRef}>
              {state.error}
            </Notice>
          )}
          {social && (
            <Notice type="info" live={false}>
              {t('register.socialPrefilled', { provider: t(`providers.${social.provider}`) })}
            </Notice>
          )}
          <fieldset className={forms.fieldset} disabled={state.loading}>
            <legend className="visually-hidden">{stepTitle}</legend>
            {social && (
              <fieldset className={styles.types}>
                <legend className={styles.legend}>{t('register.chooseTypes')}</legend>
                <UserTypeChoice
                  selected={state.userTypes}
                  onToggle={(type) => dispatch({ type: 'toggleType', userType: type })}
                />
              </fieldset>
            )}
            <Field
              label={t('register.email')}
              type="email"
              autoComplete="email"
              required
              readOnly={social !== null}
              addon={social ? <LockIcon size={18} className={styles.lock} /> : undefined}
              hint={social ? t('register.emailLocked') : undefined}
              error={validationText(t, errors.email?.message)}
              {...form.register('email')}
            />
            <Field
              label={t('register.username')}
              autoComplete="username"
              autoCapitalize="off"
              spellCheck={false}
              required
              hint={t('register.usernameHint')}
              error={validationText(t, errors.username?.message)}
              {...form.register('username')}
            />
            {!social && (
              <div className={forms.row}>
                <PasswordField
                  label={t('register.password')}
                  autoComplete="new-password"
                  required
                  hint={t('register.passwordHint')}
                  error={validationText(t, errors.password?.message)}
                  {...form.register('password')}
                />
                <PasswordField
                  label={t('register.confirmPassword')}
                  autoComplete="new-password"
                  required
                  error={validationText(t, errors.re_password?.message)}
                  {...form.register('re_password')}
                />
              </div>
            )}
            <div className={forms.row}>
              <Field
                label={t('register.name')}
                autoComplete="given-name"
                error={validationText(t, errors.name?.message)}
                {...form.register('name')}
              />
              <Field
                label={t('register.surname')}
                autoComplete="family-name"
                error={validationText(t, errors.surname?.message)}
                {...form.register('surname')}
              />
            </div>
            <Checkbox
              label={
                <>
                  {t('register.acceptTermsBefore')}{' '}
                  <a href={siteConfig.legal.terms} target="_blank" rel="noopener noreferrer">
                    {t('register.termsLink')}
                    <span className="visually-hidden"> {t('common:opensInNewTab')}</span>
                  </a>
                </>
              }
              error={validationText(t, errors.accepted_terms?.message)}
              {...form.register('accepted_terms')}
            />
            <Checkbox label={t('register.newsletter')} {...form.register('newsletter')} />
          </fieldset>
          <div className={forms.actions}>
            <Button
              variant="secondary"
              onClick={() => dispatch({ type: 'back' })}
              disabled={!canGoBack(state)}
            >
              {t('register.back')}
            </Button>
            <Button type="submit" loading={state.loading}>
              {state.loading ? t('register.submitting') : t('register.submit')}
            </Button>
          </div>
          <p className={`${forms.muted} ${forms.center}`}>
            {t('register.haveAccountQuestion')} <Link to={paths.login}>{t('register.logIn')}</Link>
          </p>
        </form>
      )}

      {state.step === 3 && (
        <div className={forms.stack}>
          <Notice type="success" live={false}>
            {t('register.doneText', { email: form.getValues('email').trim() })}
          </Notice>
          {/* The next step of each chosen profile: whoever ticked a box is shown where it leads. */}
          {state.userTypes.includes('investor') && (
            <section className={forms.stack} aria-labelledby="next-investor">
              <h2 id="next-investor" className={styles.nextTitle}>
                {t('register.nextInvestorTitle')}
              </h2>
              <p className={forms.muted}>{t('register.nextInvestorText')}</p>
              <div className={forms.actions}>
                <ButtonLink to={paths.investorProfile}>{t('register.nextInvestorProfile')}</ButtonLink>
                <ButtonLink to={paths.campaigns} variant="secondary">
                  {t('register.nextInvestorCampaigns')}
                </ButtonLink>
              </div>
            </section>
          )}
          {state.userTypes.includes('developer') && (
            <section className={forms.stack} aria-labelledby="next-developer">
              <h2 id="next-developer" className={styles.nextTitle}>
                {t('register.nextDeveloperTitle')}
              </h2>
              <p className={forms.muted}>{t('register.nextDeveloperText')}</p>
              <div className={forms.actions}>
                <ButtonLink to={paths.pitch}>{t('register.nextDeveloperPitch')}</ButtonLink>
              </div>
            </section>
          )}
          <p className={forms.muted}>{t('register.doneNext')}</p>
          <div className={forms.actions}>
            <ButtonLink to={paths.home}>{t('register.goHome')}</ButtonLink>
            <ButtonLink to={paths.settings} variant="secondary">
              {t('register.goSettings')}
            </ButtonLink>
          </div>
        </div>
      )}
    </AuthShell>
  );
}

function registrationError(
  t: ReturnType<typeof useTranslation>['t'],
  err: unknown,
  social: SocialPrefill | null,
): string {
  if (social) {
    const fallback =
      social.provider === 'google' ? 'auth:errors.googleRegistrationFailed' : 'errors:registrationFailed';
    return errorText(t, err, { fallback, byStatus: { 404: fallback, 500: 'errors:serverError' } });
  }
  return errorText(t, err, {
    fallback: 'errors:registrationFailed',
    byStatus: { 500: 'errors:serverError' },
  });
}
