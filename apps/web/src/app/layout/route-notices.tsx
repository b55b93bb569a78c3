import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { NOTICE_DURATION, Notice, type NoticeType } from '../../components/notice.tsx';
import { readNavigationState } from '../navigation-state.ts';
import styles from './route-notices.module.css';

interface Shown {
  key: string;
  type: NoticeType;
  text: string;
  duration: number;
}

/** Notices that a screen hands to the next one through navigation state. */
export function RouteNotices() {
  const { t } = useTranslation('common');
  const location = useLocation();
  const navigate = useNavigate();
  const [shown, setShown] = useState<Shown | null>(null);

  useEffect(() => {
    const state = readNavigationState(location.state);
    if (!state.showVerificationNotice && !state.notice) return;
    // Shown once: the flags leave the history entry, so a reload does not show them again.
    const { showVerificationNotice: _verify, notice: _notice, ...rest } = state;
    navigate(`${location.pathname}${location.search}${location.hash}`, {
      replace: true,
      state: Object.keys(rest).length > 0 ? rest : null,
    });
    if (state.showVerificationNotice) {
      setShown({
        key: location.key,
        type: 'info',
        text: t('notices.verifyEmail'),
        duration: NOTICE_DURATION.verification,
      });
    } else if (state.notice) {
      setShown({
        key: location.key,
        type: state.notice === 'sessionExpired' ? 'warning' : 'success',
        text: t(`notices.${state.notice}`),
        duration: NOTICE_DURATION.default,
      });
    }
  }, [location, navigate, t]);

  return (
    <div className={styles.region}>
      {shown && (
        <Notice key={shown.key} type={shown.type} duration={shown.duration} onDismiss={() => setShown(null)}>
          {shown.text}
        </Notice>
      )}
    </div>
  );
}
