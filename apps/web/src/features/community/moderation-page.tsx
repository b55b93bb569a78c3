import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useModerate, useReports } from './api.ts';
import styles from './community.module.css';

/** Back office: posts members reported, most reported first; hide with a reason or leave up. */
export default function ModerationPage() {
  const { t } = useTranslation(['community', 'errors']);
  usePageTitle(t('admin.moderation.title'));
  const reports = useReports();
  return (
    <div className={styles.section}>
      <h1>{t('admin.moderation.title')}</h1>
      {reports.isPending ? (
        <Spinner />
      ) : reports.isError ? (
        <Notice type="error">
          <p>{errorText(t, reports.error, { fallback: 'community:loadError' })}</p>
        </Notice>
      ) : reports.data.length === 0 ? (
        <p className={styles.muted}>{t('admin.moderation.empty')}</p>
      ) : (
        <ul className={styles.threads}>
          {reports.data.map((post) => (
            <li key={post.id} className={styles.thread}>
              <p className={styles.tags}>
                <strong>{post.author ?? t('deletedAccount')}</strong>
                <span>{post.campaign_title}</span>
                <span className={styles.badge}>{t('admin.moderation.reports', { count: post.reports })}</span>
              </p>
              <p className={styles.body}>{post.body}</p>
              {post.reasons.length > 0 && (
                <ul>
                  {post.reasons.map((r, i) => (
                    // biome-ignore lint/suspicious/noArrayIndexKey: reasons may repeat
                    <li key={i}>{r}</li>
                  ))}
                </ul>
              )}
              <Decide id={post.id} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function Decide({ id }: { id: string }) {
  const { t } = useTranslation(['community', 'errors']);
  const moderate = useModerate();
  const [reason, setReason] = useState('');
  const err = moderate.error instanceof ApiError ? moderate.error : null;
  return (
    <div className={styles.form}>
      <TextAreaField
        label={t('hideReason')}
        rows={2}
        value={reason}
        onChange={(e) => setReason(e.target.value)}
        error={err ? fieldErrorText(t, err, 'reason') : undefined}
      />
      <div className={styles.actions}>
        <Button
          size="sm"
          variant="danger"
          disabled={moderate.isPending}
          onClick={() => moderate.mutate({ id, action: 'hide', reason })}
        >
          {t('hideConfirm')}
        </Button>
        <Button
          size="sm"
          variant="ghost"
          disabled={moderate.isPending}
          onClick={() => moderate.mutate({ id, action: 'dismiss' })}
        >
          {t('admin.moderation.dismiss')}
        </Button>
      </div>
    </div>
  );
}
