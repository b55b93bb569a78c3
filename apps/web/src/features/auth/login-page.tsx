import { zodResolver } from '@hookform/resolvers/zod';
import { LoginRequest } from '@indiesplit/shared/login';
import { DISCORD_REF_PARAM, OAUTH_ERROR_PARAM } from '@indiesplit/shared/oauth-params';
import type { TFunction } from 'i18next';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
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
import { NEXT_PARAM, safeReturnPath } from './return-path.ts';
import {
  type LoginReason,
  loginReason,
  peekReturnPath,
  rememberReturnPath,
  takeReturnPath,
} from './return-to.ts';
import type { SecondStepState } from './second-step-page.tsx';
import { DeferredSocialSignIn } from './social/deferred-social-sign-in.tsx';
import { useCampaignTitle } from './use-campaign-title.ts';
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
  // Where the visitor was going: kept for the tab, so every way of logging in returns there (the
  // Discord round trip comes back without the parameter). A login opened on its own forgets it.
  const [params] = useSearchParams();
  const nextParam = safeReturnPath(params.get(NEXT_PARAM));
  // Read once, when the page opens: the sign-in takes the provider's reference out of the address
  // at once, and the destination must outlive that until the sign-in has answered.
  const [backFromProvider] = useState(() => params.has(DISCORD_REF_PARAM) || params.has(OAUTH_ERROR_PARAM));
  useEffect(() => {
    if (nextParam) rememberReturnPath(nextParam);
    else if (!backFromProvider) rememberReturnPath(null);
  }, [nextParam, backFromProvider]);
  const reason = loginReason(nextParam ?? (backFromProvider ? peekReturnPath() : null));
  const campaignTitle = useCampaignTitle(reason?.kind === 'invest' ? reason.slug : null);
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
        navigate(takeReturnPath(), { state });
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
      {reason && (
        <Notice type="info" className={forms.spaced}>
          {reasonText(t, reason, campaignTitle)}
        </Notice>
      )}
      {/* POST: the page arrives rendered by the server (ADR 0041); a submit before the app has taken
          over must never put the password into an address, as a plain GET form would. */}
      <form
        method="post"
        className={forms.form}
        onSubmit={onSubmit}
        onChange={() => setError(null)}
        noValidate
      >
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

/** Why the login screen is asking, in the reader's language. */
function reasonText(
  t: TFunction<['auth', 'errors', 'common']>,
  reason: LoginReason,
  title: string | null,
): string {
  switch (reason.kind) {
    case 'invest':
      return title ? t('login.reason.invest', { title }) : t('login.reason.investThis');
    case 'demo':
      return t('login.reason.demo');
    case 'portfolio':
      return t('login.reason.portfolio');
    default:
      return t('login.reason.page');
  }
}
