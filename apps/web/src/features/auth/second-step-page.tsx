import type { MfaMethod } from '@indiesplit/shared/mfa';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useLocation, useNavigate } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import forms from '../../components/forms.module.css';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { focusSoon, useSending } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from './auth-context.tsx';
import { AuthShell } from './auth-shell.tsx';
import { takeReturnPath } from './return-to.ts';
import { completeLogin, passkeyProof, secondStepPasskeyOptions } from './second-factor-api.ts';

/** What the password (or social) login hands to the second step. */
export interface SecondStepState {
  secondFactor?: MfaMethod[];
  isEmailVerified?: boolean;
}

const ALL_METHODS: MfaMethod[] = ['totp', 'passkey', 'recovery_code'];

/**
 * The login's second step: the password was right, and the account asks for its second factor
 * before a session starts. Opened again after a reload, it offers every method: the server knows
 * which ones the account has.
 */
export default function SecondStepPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const auth = useAuth();
  const navigate = useNavigate();
  const state = (useLocation().state ?? {}) as SecondStepState;
  const methods = state.secondFactor?.length ? state.secondFactor : ALL_METHODS;
  const [mode, setMode] = useState<'totp' | 'recovery_code'>(
    methods.includes('totp') ? 'totp' : 'recovery_code',
  );
  const [error, setError] = useState<string | null>(null);
  const [expired, setExpired] = useState(false);
  const [sending, whileSending] = useSending();
  const codeRef = useRef<HTMLInputElement>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  usePageTitle(t('secondStep.title'));

  const finish = async (proof: Parameters<typeof completeLogin>[0]) => {
    setError(null);
    await whileSending(async () => {
      try {
        const res = await completeLogin(proof);
        await auth.refresh();
        navigate(takeReturnPath(), {
          replace: true,
          state: { showVerificationNotice: !res.isEmailVerified },
        });
      } catch (err) {
        if (err instanceof ApiError && err.code === 'mfaPendingExpired') setExpired(true);
        setError(errorText(t, err, { fallback: 'errors:mfaCodeInvalid' }));
        focusSoon(() => errorRef.current);
      }
    });
  };

  const onSubmit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (sending) return;
    const value = codeRef.current?.value.trim() ?? '';
    if (!value) {
      setError(t('errors:mfaCodeRequired'));
      focusSoon(() => codeRef.current);
      return;
    }
    await finish(mode === 'totp' ? { code: value } : { recovery_code: value });
  };

  const usePasskey = async () => {
    setError(null);
    let proof: Awaited<ReturnType<typeof passkeyProof>>;
    try {
      proof = await passkeyProof(secondStepPasskeyOptions);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'mfaPendingExpired') setExpired(true);
      setError(
        err instanceof ApiError
          ? errorText(t, err, { fallback: 'errors:passkeyFailed' })
          : t('errors:passkeyFailed'),
      );
      focusSoon(() => errorRef.current);
      return;
    }
    await finish(proof);
  };

  return (
    <AuthShell title={t('secondStep.title')} subtitle={t('secondStep.subtitle')} closeTo={paths.login}>
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        {error && (
          <Notice type="error" ref={errorRef}>
            {error} {expired && <Link to={paths.login}>{t('secondStep.backToLogin')}</Link>}
          </Notice>
        )}
        <fieldset className={forms.fieldset} disabled={sending || expired}>
          <legend className="visually-hidden">{t('secondStep.title')}</legend>
          {mode === 'totp' ? (
            <Field
              key="totp"
              label={t('secondStep.code')}
              hint={t('secondStep.codeHint')}
              name="code"
              inputMode="numeric"
              autoComplete="one-time-code"
              maxLength={20}
              required
              ref={codeRef}
              autoFocus
            />
          ) : (
            <Field
              key="recovery"
              label={t('secondStep.recoveryCode')}
              hint={t('secondStep.recoveryHint')}
              name="recovery_code"
              autoComplete="off"
              autoCapitalize="off"
              spellCheck={false}
              maxLength={40}
              required
              ref={codeRef}
              autoFocus
            />
          )}
        </fieldset>
        <Button type="submit" size="lg" block loading={sending} disabled={expired}>
          {t('secondStep.submit')}
        </Button>
        <div className={forms.links}>
          {methods.includes('totp') && (
            <Button
              type="button"
              variant="ghost"
              size="sm"
              onClick={() => {
                setError(null);
                setMode(mode === 'totp' ? 'recovery_code' : 'totp');
              }}
            >
              {mode === 'totp' ? t('secondStep.useRecovery') : t('secondStep.useApp')}
            </Button>
          )}
        </div>
      </form>
      {methods.includes('passkey') && (
        <div className={forms.spaced}>
          <Button type="button" variant="secondary" block onClick={usePasskey} disabled={sending || expired}>
            {t('secondStep.usePasskey')}
          </Button>
        </div>
      )}
    </AuthShell>
  );
}
