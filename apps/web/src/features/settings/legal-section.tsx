import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../app/site-config.ts';
import { ExternalIcon } from '../../components/icons.tsx';
import { NoticeSlot, useNotice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useLegalDocument } from '../legal/api.ts';
import { deleteAccount, deleteAllData } from './api.ts';
import { DangerConfirm } from './danger-confirm.tsx';
import styles from './settings.module.css';

const DOCUMENTS = [
  { key: 'cookies', href: siteConfig.legal.cookiePolicy },
  { key: 'terms', href: siteConfig.legal.terms },
  { key: 'privacy', href: siteConfig.legal.privacyPolicy },
] as const;

/** Legal documents and the right to erasure: personal data first, then the account (spec §7). */
export function LegalSection() {
  const { t, i18n } = useTranslation(['settings', 'common', 'errors']);
  const auth = useAuth();
  const notice = useNotice();
  const [deleting, setDeleting] = useState(false);

  // The date the terms in force took effect, as the platform serves them (ADR 0034).
  const terms = useLegalDocument('terms', i18n.language.startsWith('it') ? 'it' : 'en');
  const effective = terms.data?.effective_at.slice(0, 10);
  const updated = effective
    ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(new Date(`${effective}T12:00:00`))
    : null;

  const wipe = async () => {
    setDeleting(true);
    try {
      await deleteAllData();
      await deleteAccount();
      auth.clear();
      window.location.assign('/');
    } catch (err) {
      console.error('Deleting personal data failed', err);
      setDeleting(false);
      notice.show({ type: 'error', text: errorText(t, err, { fallback: 'settings:legal.deleteError' }) });
    }
  };

  return (
    <div className={styles.sectionBody}>
      <ul className={styles.documents}>
        {DOCUMENTS.map(({ key, href }) => (
          <li key={key}>
            <a className={styles.document} href={href} target="_blank" rel="noopener noreferrer">
              <span>{t(`common:legal.${key}`)}</span>
              <ExternalIcon size={18} />
              <span className="visually-hidden"> {t('common:opensInNewTab')}</span>
            </a>
          </li>
        ))}
      </ul>
      {effective && (
        <p className={styles.muted}>
          {t('legal.lastUpdated')} <time dateTime={effective}>{updated}</time>
        </p>
      )}

      <DangerConfirm
        id="wipe-title"
        title={t('legal.dangerTitle')}
        text={t('legal.dangerText')}
        openLabel={t('legal.deleteAll')}
        warning={t('legal.confirmQuestion')}
        cancelLabel={t('legal.cancel')}
        confirmLabel={t('legal.confirm')}
        busyLabel={t('legal.deleting')}
        busy={deleting}
        onConfirm={() => void wipe()}
        footer={<NoticeSlot notice={notice} />}
      />
    </div>
  );
}
