import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '@indiesplit/shared/login';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { NavigationState } from '../../app/navigation-state.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import forms from '../../components/forms.module.css';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { errorText, validationText } from '../../lib/error-text.ts';
import { useSending } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { login } from './api.ts';
import { useAuth } from './auth-context.tsx';
import { AuthShell } from './auth-shell.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import type { SecondStepState } from './second-step-page.tsx';
import { DeferredSocialSignIn } from './social/deferred-social-sign-in.tsx';
import { useOAuthError } from './use-oauth-error.ts';

// The shared LoginRequest, in zod's small build: the login screen is often the first one a
// visitor opens. The server checks the same request again with it.
const resolver = zodResolver(LoginRequest);

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const oauthError = useOAuthError();
  const [error, setError] = useState<string | null>(null);
  const [sending, whileSending] = useSending();
  const errorRef = useRef<HTMLDivElement>(null);
  const justLoggedIn = useRef(false);
  usePageTitle(t('login.title'));
  // The inputs are not controlled: what the browser or a password manager filled in is read when
  // the form is sent. After a first attempt each field is checked again as it changes.
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { username: '', password: '' } });

  const onSubmit = handleSubmit(async (values) => {
    if (sending) return;
    setError(null);
    await whileSending(async () => {
      try {
        const res = await login(values);
        if (res.second_factor) {
          const state: SecondStepState = {
            secondFactor: res.second_factor.methods,
            isEmailVerified: res.isEmailVerified,
          };
          navigate(paths.loginSecondStep, { state });
          return;
        }
        justLoggedIn.current = true;
        await auth.refresh();
        const state: NavigationState = { showVerificationNotice: !res.isEmailVerified };
        navigate(paths.home, { state });
      } catch (err) {
        setError(
          errorText(t, err, {
            fallback: 'errors:authenticationFailed',
            byStatus: {
              401: 'errors:authenticationFailed',
              404: 'errors:accountNotFound',
              500: 'errors:serverError',
            },
          }),
        );
      }
    });
  });

  const shownError = error ?? oauthError;
  // Focus moves to a new error so a screen reader reads it: after the render that shows it, not on
  // a timer that may run before that render.
  useEffect(() => {
    if (error) errorRef.current?.focus();
  }, [error]);

  return (
    <AuthShell
      title={t('login.title')}
      subtitle={t('login.subtitle')}
      closeTo={paths.home}
      footer={<Link to={paths.registerWelcome}>{t('login.wantToSignUp')}</Link>}
    >
      {auth.isAuthenticated && !justLoggedIn.current && (
        <Notice type="info" className={forms.spaced}>
          {t('login.alreadyLoggedIn', { username: auth.username ?? '' })}{' '}
          <Link to={paths.home}>{t('login.goHome')}</Link>
        </Notice>
      )}
      <form className={forms.form} onSubmit={onSubmit} onChange={() => setError(null)} noValidate>
        {shownError && (
          <Notice type="error" ref={errorRef}>
            {shownError}
          </Notice>
        )}
        <fieldset className={forms.fieldset} disabled={sending}>
          <legend className="visually-hidden">{t('login.title')}</legend>
          <Field
            label={t('login.username')}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            error={validationText(t, errors.username?.message)}
            {...register('username')}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={validationText(t, errors.password?.message)}
            {...register('password')}
          />
        </fieldset>
        <div className={forms.links}>
          <Link to={paths.forgotPassword}>{t('login.forgot')}</Link>
        </div>
        <Button type="submit" size="lg" block loading={sending}>
          {sending ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <div className={forms.spaced}>
        <PasskeySignIn />
      </div>
      <div className={forms.spaced}>
        <DeferredSocialSignIn from="login" />
      </div>
    </AuthShell>
  );
}
