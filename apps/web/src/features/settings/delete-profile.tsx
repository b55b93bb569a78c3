import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NoticeSlot, useNotice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { deleteAccount } from './api.ts';
import { DangerConfirm } from './danger-confirm.tsx';

/** 'Delete profile' with an inline, irreversible-action confirmation (spec §2, §5). */
export function DeleteProfile() {
  const { t } = useTranslation(['settings', 'errors']);
  const auth = useAuth();
  const notice = useNotice();
  const [deleting, setDeleting] = useState(false);

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
    <DangerConfirm
      id="delete-profile-title"
      title={t('deleteProfile.title')}
      text={t('deleteProfile.text')}
      openLabel={t('deleteProfile.button')}
      warning={t('deleteProfile.warning')}
      cancelLabel={t('deleteProfile.cancel')}
      confirmLabel={t('deleteProfile.confirm')}
      busyLabel={t('deleteProfile.deleting')}
      busy={deleting}
      onConfirm={() => void remove()}
      footer={<NoticeSlot notice={notice} />}
    >
      <p>{t('deleteProfile.positions')}</p>
      <p>{t('deleteProfile.confirmQuestion')}</p>
    </DangerConfirm>
  );
}
