import type { SessionDto } from '@indiesplit/shared/security';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Notice, NoticeSlot, useNotice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { revokeOtherSessions, revokeSession, securityKeys, useSessions } from './security-api.ts';
import styles from './security-section.module.css';

function useWhen() {
  const { i18n } = useTranslation();
  const format = new Intl.DateTimeFormat(i18n.language === 'it' ? 'it-IT' : 'en-GB', {
    dateStyle: 'medium',
    timeStyle: 'short',
  });
  return (iso: string) => format.format(new Date(iso));
}

/** What the member reads for a session: "Firefox on Linux", with the kind of device. */
export function sessionName(t: (key: string, o?: Record<string, string>) => string, s: SessionDto): string {
  return t('section.on', {
    browser: s.browser ?? t('section.unknownBrowser'),
    os: s.os ?? t('section.unknownSystem'),
  });
}

/** Settings -> Security: where the account is signed in; sign out one session or every other one. */
export function SessionsList() {
  const { t } = useTranslation(['security', 'errors']);
  const sessions = useSessions();
  const queryClient = useQueryClient();
  const auth = useAuth();
  const notice = useNotice();
  const when = useWhen();
  const [busy, setBusy] = useState<string | null>(null);

  const run = async (key: string, action: () => Promise<{ message: string }>, endsThis = false) => {
    setBusy(key);
    try {
      const res = await action();
      if (endsThis) {
        auth.clear();
        window.location.assign('/login');
        return;
      }
      notice.show({ type: 'success', text: res.message });
      await queryClient.invalidateQueries({ queryKey: securityKeys.sessions });
    } catch (err) {
      notice.show({ type: 'error', text: errorText(t, err, { fallback: 'errors:serverError' }) });
    } finally {
      setBusy(null);
    }
  };

  if (sessions.isPending) return <Spinner label={t('section.loading')} />;
  if (sessions.isError) {
    return (
      <Notice type="error">
        <p>{t('section.loadError')}</p>
        <Button variant="secondary" size="sm" onClick={() => void sessions.refetch()}>
          {t('section.retry')}
        </Button>
      </Notice>
    );
  }
  const others = sessions.data.filter((s) => !s.current);
  return (
    <div className={styles.block}>
      <h3 className={styles.heading}>{t('section.sessionsTitle')}</h3>
      <p className={styles.intro}>{t('section.sessionsIntro')}</p>
      <NoticeSlot notice={notice} />
      <ul className={styles.sessions}>
        {sessions.data.map((s) => {
          const name = sessionName(t, s);
          return (
            <li key={s.id} className={styles.session}>
              <div>
                <p className={styles.sessionName}>
                  {t(`section.devices.${s.device}`)} · {name}
                  {s.current && <span className={styles.badge}>{t('section.thisDevice')}</span>}
                </p>
                <p className={styles.meta}>
                  {t('section.lastSeen', { when: when(s.last_seen_at) })} ·{' '}
                  {t('section.signedIn', { when: when(s.created_at) })}
                </p>
              </div>
              <Button
                variant="secondary"
                size="sm"
                aria-label={t('section.signOutNamed', { name })}
                loading={busy === s.id}
                disabled={busy !== null}
                onClick={() => void run(s.id, () => revokeSession(s.id), s.current)}
              >
                {t('section.signOut')}
              </Button>
            </li>
          );
        })}
      </ul>
      {others.length > 0 ? (
        <Button
          variant="secondary"
          loading={busy === 'others'}
          disabled={busy !== null}
          onClick={() => void run('others', revokeOtherSessions)}
        >
          {t('section.signOutOthers')}
        </Button>
      ) : (
        <p className={styles.meta}>{t('section.onlyThis')}</p>
      )}
    </div>
  );
}
