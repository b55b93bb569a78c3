import { AVATAR_MIME_TYPES } from '@indiesplit/shared/constants';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Avatar } from '../../components/avatar.tsx';
import { Button } from '../../components/button.tsx';
import { UploadIcon } from '../../components/icons.tsx';
import { NoticeSlot, useNotice } from '../../components/notice.tsx';
import { apiUrl } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { type UserDto, uploadAvatar, userKeys } from './api.ts';
import styles from './settings.module.css';
import { avatarFileProblem } from './settings-logic.ts';

/** Choose a picture, see it locally, then confirm (upload) or cancel (spec §4 "Avatar"). */
export function AvatarEditor({ user }: { user: UserDto }) {
  const { t } = useTranslation(['settings', 'errors']);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const notice = useNotice();
  const inputRef = useRef<HTMLInputElement>(null);
  const inputId = useId();
  const [chosen, setChosen] = useState<{ file: File; url: string } | null>(null);
  const [uploading, setUploading] = useState(false);

  // The preview's object URL is released when replaced or when leaving the screen.
  useEffect(
    () => () => {
      if (chosen) URL.revokeObjectURL(chosen.url);
    },
    [chosen],
  );

  const onChoose = (file: File | undefined) => {
    if (inputRef.current) inputRef.current.value = '';
    if (!file) return;
    const problem = avatarFileProblem(file);
    if (problem) {
      notice.show({ type: 'error', text: t(`errors:${problem}`) });
      return;
    }
    notice.clear();
    setChosen({ file, url: URL.createObjectURL(file) });
  };

  const confirm = async () => {
    if (!chosen) return;
    setUploading(true);
    try {
      const res = await uploadAvatar(chosen.file);
      queryClient.setQueryData(userKeys.user, res.user);
      setChosen(null);
      notice.show({ type: 'success', text: t('errors:avatarUpdated') });
      void auth.refresh();
    } catch (err) {
      // A refused picture is dropped: the chooser comes back empty, so the same or another file
      // can be picked at once (and picking one clears this error).
      setChosen(null);
      notice.show({ type: 'error', text: errorText(t, err, { fallback: 'settings:avatar.error' }) });
    } finally {
      setUploading(false);
    }
  };

  return (
    <div className={styles.avatarEditor}>
      <div className={styles.avatarFrame}>
        <Avatar
          src={chosen?.url ?? apiUrl(user.profile_picture_url)}
          size={112}
          alt={chosen ? t('avatar.previewAlt') : t('avatar.currentAlt')}
        />
      </div>
      <div className={styles.avatarControls}>
        {chosen ? (
          <>
            <p className={styles.avatarHint}>{t('avatar.previewHint')}</p>
            <div className={styles.inlineActions}>
              <Button size="sm" onClick={() => void confirm()} loading={uploading}>
                {uploading ? t('avatar.uploading') : t('avatar.confirm')}
              </Button>
              <Button size="sm" variant="secondary" onClick={() => setChosen(null)} disabled={uploading}>
                {t('avatar.cancel')}
              </Button>
            </div>
          </>
        ) : (
          <>
            <input
              ref={inputRef}
              id={inputId}
              type="file"
              accept={[...AVATAR_MIME_TYPES, '.jpg', '.jpeg', '.png', '.webp'].join(',')}
              className={styles.fileInput}
              onChange={(e) => onChoose(e.target.files?.[0])}
            />
            <label htmlFor={inputId} className="btn btn-secondary btn-sm">
              <UploadIcon size={16} />
              {t('avatar.choose')}
            </label>
            <p className={styles.avatarHint}>{t('avatar.rules')}</p>
          </>
        )}
      </div>
      <NoticeSlot notice={notice} className={styles.avatarNotice} />
    </div>
  );
}
