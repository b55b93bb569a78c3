import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import forms from '../../components/forms.module.css';
import { AlertIcon, CheckIcon, ErrorIcon, HourglassIcon } from '../../components/icons.tsx';
import { Notice, type NoticeMessage, NoticeSlot, useNotice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatCountdown, useCountdown } from '../../lib/countdown.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { resendVerificationEmail, verifyEmail } from './api.ts';
import { useAuth } from './auth-context.tsx';
import { AuthShell } from './auth-shell.tsx';
import styles from './verify-email-page.module.css';

export type VerifyStatus = 'loading' | 'success' | 'expired' | 'invalid' | 'error';

/** Spec §4: 400/404 or missing parameters -> invalid, 410 -> expired, anything else -> error. */
export function verifyOutcome(err: unknown): { status: VerifyStatus; key: string } {
  if (!(err instanceof ApiError)) return { status: 'error', key: 'auth:errors.verificationFailed' };
  if (err.status === 0) return { status: 'error', key: 'errors:networkError' };
  if (err.status === 400) return { status: 'invalid', key: 'errors:invalidRequest' };
  if (err.status === 404) return { status: 'invalid', key: 'errors:invalidCode' };
  if (err.status === 410) return { status: 'expired', key: 'errors:codeExpired' };
  if (err.status >= 500) return { status: 'error', key: 'errors:serverError' };
  if (err.status === 429) return { status: 'error', key: 'errors:rateLimited' };
  return { status: 'error', key: 'auth:errors.verificationFailed' };
}

const ICONS: Record<VerifyStatus, ReactNode> = {
  loading: <Spinner size="md" decorative />,
  success: <CheckIcon size={28} />,
  expired: <HourglassIcon size={28} />,
  invalid: <AlertIcon size={28} />,
  error: <ErrorIcon size={28} />,
};

export default function VerifyEmailPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const { user_id: userId, verification_code: code } = useParams();
  const auth = useAuth();
  const navigate = useNavigate();
  const missing = !userId || !code;
  const [result, setResult] = useState<{ status: VerifyStatus; key: string; seconds?: number }>(
    missing ? { status: 'invalid', key: 'auth:errors.invalidUrl' } : { status: 'loading', key: '' },
  );
  const [resending, setResending] = useState(false);
  // Asked too soon: the button counts down and the error says the same time in the same words.
  const cooldown = useCountdown();
  const cooling = cooldown.left > 0;
  const time = formatCountdown(cooldown.left);
  const notice = useNotice();
  const started = useRef(false);
  const { refresh } = auth;
  usePageTitle(t(`verify.${result.status}.title`));

  // One request per visit, even when React mounts twice in development.
  useEffect(() => {
    if (missing || started.current) return;
    started.current = true;
    verifyEmail(userId, code).then(
      () => {
        setResult({ status: 'success', key: 'errors:emailVerified' });
        void refresh();
      },
      (err: unknown) => {
        const outcome = verifyOutcome(err);
        setResult({ ...outcome, seconds: err instanceof ApiError ? err.retryAfter : undefined });
      },
    );
  }, [missing, userId, code, refresh]);

  const resend = async () => {
    if (!auth.isAuthenticated) {
      navigate(paths.login);
      return;
    }
    setResending(true);
    let message: NoticeMessage;
    try {
      await resendVerificationEmail();
      message = { type: 'success', text: t('errors:verificationSent') };
    } catch (err) {
      if (err instanceof ApiError && err.code === 'emailAlreadyVerified') {
        message = { type: 'info', text: t('auth:errors.alreadyVerified') };
        void refresh();
      } else if (err instanceof ApiError && err.status === 429 && err.retryAfter) {
        cooldown.start(err.retryAfter);
        setResending(false);
        notice.clear();
        return;
      } else {
        message = { type: 'error', text: errorText(t, err, { fallback: 'auth:errors.resendFailed' }) };
      }
    }
    setResending(false);
    notice.show(message);
  };

  const { status } = result;
  const loggedIn = auth.isAuthenticated;

  return (
    <AuthShell
      title={t(`verify.${status}.title`)}
      subtitle={t(`verify.${status}.subtitle`)}
      closeTo={paths.home}
      icon={ICONS[status]}
    >
      <div className={forms.stack} aria-live="polite">
        {status === 'loading' ? (
          <p className={forms.muted}>{t('verify.loading.message')}</p>
        ) : (
          <p className={status === 'success' ? styles.success : styles.message}>
            {t(result.key, { seconds: result.seconds ?? 60 })}
          </p>
        )}
        <NoticeSlot notice={notice} />
        {cooling && <Notice type="error">{t('verify.cooldownRefused', { time })}</Notice>}
        {status !== 'loading' && (
          <div className={forms.actions}>
            {status === 'expired' && (
              <Button onClick={() => void resend()} loading={resending} disabled={cooling}>
                {resending
                  ? t('verify.resending')
                  : cooling
                    ? t('verify.cooldown', { time })
                    : t('verify.resend')}
              </Button>
            )}
            <ButtonLink to={paths.home} variant={status === 'expired' ? 'secondary' : 'primary'}>
              {t('verify.goHome')}
            </ButtonLink>
            {status !== 'expired' && !loggedIn && (
              <ButtonLink to={paths.login} variant="secondary">
                {t('verify.goLogin')}
              </ButtonLink>
            )}
          </div>
        )}
      </div>
    </AuthShell>
  );
}
