import { type FormEvent, type RefObject, useRef, useState } from 'react';
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
import { focusSoon, useSending } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { login } from './api.ts';
import { useAuth } from './auth-context.tsx';
import { AuthShell } from './auth-shell.tsx';
import { PasskeySignIn } from './passkey-sign-in.tsx';
import type { SecondStepState } from './second-step-page.tsx';
import { DeferredSocialSignIn } from './social/deferred-social-sign-in.tsx';
import { useOAuthError } from './use-oauth-error.ts';

type LoginField = 'username' | 'password';
type LoginInput = Record<LoginField, string>;
type LoginErrors = Partial<Record<LoginField, string>>;

const FIELDS: readonly LoginField[] = ['username', 'password'];

/**
 * The checks of the shared LoginRequest contract, with its catalogue keys, done by hand: the login
 * screen is often the first one a visitor opens, and a schema library would make its code several
 * times larger. The server checks the same request again with the contract itself.
 */
export function checkLogin(values: LoginInput): { values: LoginInput; errors: LoginErrors } {
  const username = values.username.trim();
  const { password } = values;
  const errors: LoginErrors = {};
  if (username.length === 0) errors.username = 'fillMandatory';
  else if (username.length > 254) errors.username = 'authenticationFailed';
  if (password.length === 0) errors.password = 'fillMandatory';
  else if (password.length > 1024) errors.password = 'authenticationFailed';
  return { values: { username, password }, errors };
}

export default function LoginPage() {
  const { t } = useTranslation(['auth', 'errors', 'common']);
  const auth = useAuth();
  const navigate = useNavigate();
  const oauthError = useOAuthError();
  const [error, setError] = useState<string | null>(null);
  const [fieldErrors, setFieldErrors] = useState<LoginErrors>({});
  const [sending, whileSending] = useSending();
  const errorRef = useRef<HTMLDivElement>(null);
  const usernameRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const inputs: Record<LoginField, RefObject<HTMLInputElement | null>> = {
    username: usernameRef,
    password: passwordRef,
  };
  const justLoggedIn = useRef(false);
  // After a first attempt each field is checked again as it changes, so a fixed one loses its message.
  const attempted = useRef(false);
  usePageTitle(t('login.title'));

  // The inputs are not controlled: what the browser or a password manager filled in is read when
  // the form is sent.
  const read = (): LoginInput => ({
    username: usernameRef.current?.value ?? '',
    password: passwordRef.current?.value ?? '',
  });

  const onChange = (name: LoginField) => () => {
    setError(null);
    if (!attempted.current) return;
    const message = checkLogin(read()).errors[name];
    setFieldErrors((current) => (current[name] === message ? current : { ...current, [name]: message }));
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    attempted.current = true;
    const checked = checkLogin(read());
    setFieldErrors(checked.errors);
    const first = FIELDS.find((name) => checked.errors[name]);
    if (first) {
      requestAnimationFrame(() => inputs[first].current?.focus());
      return;
    }
    setError(null);
    await whileSending(async () => {
      try {
        const res = await login(checked.values);
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
        focusSoon(() => errorRef.current);
      }
    });
  };

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
        <fieldset className={forms.fieldset} disabled={sending}>
          <legend className="visually-hidden">{t('login.title')}</legend>
          <Field
            label={t('login.username')}
            name="username"
            autoComplete="username"
            autoCapitalize="off"
            spellCheck={false}
            required
            error={validationText(t, fieldErrors.username)}
            ref={usernameRef}
            onChange={onChange('username')}
          />
          <PasswordField
            label={t('login.password')}
            name="password"
            autoComplete="current-password"
            required
            error={validationText(t, fieldErrors.password)}
            ref={passwordRef}
            onChange={onChange('password')}
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
