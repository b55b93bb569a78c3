import { RESEND_VERIFICATION_COOLDOWN_SECONDS } from '@indiesplit/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { MailIcon } from '../../components/icons.tsx';
import { Notice, NoticeSlot, useNotice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { formatCountdown, secondsLeft } from '../../lib/countdown.ts';
import { errorText } from '../../lib/error-text.ts';
import { resendVerificationEmail } from '../auth/api.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { userKeys } from './api.ts';
import styles from './settings.module.css';
import { readCooldown, writeCooldown } from './settings-logic.ts';

/** 'Resend verification email', then a 3:00 cooldown (or what the server says is left). */
export function ResendVerification() {
  const { t } = useTranslation(['settings', 'errors', 'auth']);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const notice = useNotice();
  const [sending, setSending] = useState(false);
  // Refused for asking too soon: the error then counts down with the button, in the same words,
  // instead of a fixed "wait 95 seconds" that disagrees with the button a second later.
  const [refused, setRefused] = useState(false);
  const [until, setUntil] = useState<number | null>(() => readCooldown(Date.now()));
  const [now, setNow] = useState(() => Date.now());
  const left = secondsLeft(until, now);

  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) {
        setUntil(null);
        setRefused(false);
        writeCooldown(null);
      }
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);

  const startCooldown = (seconds: number) => {
    const end = Date.now() + seconds * 1000;
    setNow(Date.now());
    setUntil(end);
    writeCooldown(end);
  };

  const resend = async () => {
    setSending(true);
    try {
      await resendVerificationEmail();
      notice.show({ type: 'success', text: t('errors:verificationSent') });
      startCooldown(RESEND_VERIFICATION_COOLDOWN_SECONDS);
    } catch (err) {
      if (err instanceof ApiError && err.code === 'emailAlreadyVerified') {
        notice.show({ type: 'info', text: t('auth:errors.alreadyVerified') });
        void auth.refresh();
        void queryClient.invalidateQueries({ queryKey: userKeys.user, exact: true });
      } else {
        if (err instanceof ApiError && err.status === 429 && err.retryAfter) {
          startCooldown(err.retryAfter);
          notice.clear();
          setRefused(true);
        } else {
          notice.show({ type: 'error', text: errorText(t, err, { fallback: 'auth:errors.resendFailed' }) });
        }
      }
    } finally {
      setSending(false);
    }
  };

  const cooling = left > 0;
  const time = formatCountdown(left);
  return (
    <section className={styles.verifyBox} aria-labelledby="verify-title">
      <MailIcon size={22} className={styles.verifyIcon} />
      <div className={styles.verifyText}>
        <h3 id="verify-title" className={styles.subheading}>
          {t('verification.title')}
        </h3>
        <p>{t('verification.text')}</p>
        <NoticeSlot notice={notice} />
        {refused && cooling && <Notice type="error">{t('verification.cooldownRefused', { time })}</Notice>}
      </div>
      <Button
        variant="accent"
        size="sm"
        onClick={() => void resend()}
        loading={sending}
        disabled={cooling}
        aria-live="polite"
      >
        {sending
          ? t('verification.sending')
          : cooling
            ? t('verification.cooldown', { time })
            : t('verification.resend')}
      </Button>
    </section>
  );
}
