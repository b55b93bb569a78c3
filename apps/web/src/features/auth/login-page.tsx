import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '@indiesplit/shared/auth';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { NavigationState } from '../../app/navigation-state.ts';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { errorText, validationText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { login } from './api.ts';
import { useAuth } from './auth-context.tsx';
import { AuthShell } from './auth-shell.tsx';
import forms from './forms.module.css';
import { SocialSignIn } from './social/social-sign-in.tsx';
import { useOAuthError } from './use-oauth-error.ts';

type LoginInput = { username: string; password: string };

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const oauthError = useOAuthError();
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  const justLoggedIn = useRef(false);
  usePageTitle(t('login.title'));

  const {
    register,
    handleSubmit,
    setFocus,
    formState: { errors, isSubmitting },
  } = useForm<LoginInput>({
    resolver: zodResolver(LoginRequest),
    defaultValues: { username: '', password: '' },
    // Focus moves once the submission has settled: during it the fieldset is disabled, and a
    // disabled input cannot take focus (a race with any other render, e.g. the social buttons').
    shouldFocusError: false,
  });

  const onSubmit = handleSubmit(
    async (values) => {
      setError(null);
      try {
        const res = await login(values);
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
        focusSoon(() => errorRef.current);
      }
    },
    (invalid) => {
      const first = (['username', 'password'] as const).find((name) => invalid[name]);
      if (first) requestAnimationFrame(() => setFocus(first));
    },
  );

  const shownError = error ?? oauthError;

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
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        {shownError && (
          <Notice type="error" ref={errorRef}>
            {shownError}
          </Notice>
        )}
        <fieldset className={forms.fieldset} disabled={isSubmitting}>
          <legend className="visually-hidden">{t('login.title')}</legend>
          <Field
            label={t('login.username')}
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            error={validationText(t, errors.username?.message)}
            {...register('username', { onChange: () => setError(null) })}
          />
          <PasswordField
            label={t('login.password')}
            autoComplete="current-password"
            required
            error={validationText(t, errors.password?.message)}
            {...register('password', { onChange: () => setError(null) })}
          />
        </fieldset>
        <div className={forms.links}>
          <Link to={paths.forgotPassword}>{t('login.forgot')}</Link>
        </div>
        <Button type="submit" size="lg" block loading={isSubmitting}>
          {isSubmitting ? t('login.submitting') : t('login.submit')}
        </Button>
      </form>
      <div className={forms.spaced}>
        <SocialSignIn from="login" />
      </div>
    </AuthShell>
  );
}
