import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { NoticeSlot, useNotice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { deleteAccount } from './api.ts';
import styles from './settings.module.css';

/** 'Delete profile' with an inline, irreversible-action confirmation (spec §2, §5). */
export function DeleteProfile() {
  const { t } = useTranslation(['settings', 'errors']);
  const auth = useAuth();
  const notice = useNotice();
  const [confirming, setConfirming] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  const remove = async () => {
    setDeleting(true);
    try {
      await deleteAccount();
      auth.clear();
      // A full reload: nothing of the old session survives in memory.
      window.location.assign('/');
    } catch (err) {
      setDeleting(false);
      notice.show({ type: 'error', text: errorText(t, err, { fallback: 'settings:deleteProfile.error' }) });
    }
  };

  return (
    <section className={styles.dangerZone} aria-labelledby="delete-profile-title">
      <h3 id="delete-profile-title" className={styles.subheading}>
        {t('deleteProfile.title')}
      </h3>
      <p className={styles.muted}>{t('deleteProfile.text')}</p>
      {!confirming ? (
        <Button
          ref={openerRef}
          variant="danger"
          size="sm"
          onClick={() => {
            setConfirming(true);
            focusSoon(() => confirmRef.current);
          }}
        >
          {t('deleteProfile.button')}
        </Button>
      ) : (
        <div ref={confirmRef} tabIndex={-1} className={styles.confirmBox}>
          <p className={styles.warningLine}>
            <AlertIcon size={18} />
            <strong>{t('deleteProfile.warning')}</strong>
          </p>
          <p>{t('deleteProfile.positions')}</p>
          <p>{t('deleteProfile.confirmQuestion')}</p>
          <div className={styles.inlineActions}>
            <Button
              variant="secondary"
              size="sm"
              disabled={deleting}
              onClick={() => {
                setConfirming(false);
                focusSoon(() => openerRef.current);
              }}
            >
              {t('deleteProfile.cancel')}
            </Button>
            <Button variant="danger" size="sm" loading={deleting} onClick={() => void remove()}>
              {deleting ? t('deleteProfile.deleting') : t('deleteProfile.confirm')}
            </Button>
          </div>
        </div>
      )}
      <NoticeSlot notice={notice} />
    </section>
  );
}
