import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../app/site-config.ts';
import { Button } from '../../components/button.tsx';
import { AlertIcon, ExternalIcon } from '../../components/icons.tsx';
import { NoticeSlot, useNotice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { deleteAccount, deleteAllData } from './api.ts';
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
  const [step, setStep] = useState<0 | 1>(0);
  const [deleting, setDeleting] = useState(false);
  const confirmRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);

  const updated = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'long' }).format(
    new Date(`${siteConfig.legalLastUpdated}T12:00:00`),
  );

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
      <p className={styles.muted}>
        {t('legal.lastUpdated')} <time dateTime={siteConfig.legalLastUpdated}>{updated}</time>
      </p>

      <section className={styles.dangerZone} aria-labelledby="wipe-title">
        <h3 id="wipe-title" className={styles.subheading}>
          {t('legal.dangerTitle')}
        </h3>
        <p className={styles.muted}>{t('legal.dangerText')}</p>
        {step === 0 ? (
          <Button
            ref={openerRef}
            variant="danger"
            size="sm"
            onClick={() => {
              setStep(1);
              focusSoon(() => confirmRef.current);
            }}
          >
            {t('legal.deleteAll')}
          </Button>
        ) : (
          <div ref={confirmRef} tabIndex={-1} className={styles.confirmBox}>
            <p className={styles.warningLine}>
              <AlertIcon size={18} />
              <strong>{t('legal.confirmQuestion')}</strong>
            </p>
            <div className={styles.inlineActions}>
              <Button
                variant="secondary"
                size="sm"
                disabled={deleting}
                onClick={() => {
                  setStep(0);
                  focusSoon(() => openerRef.current);
                }}
              >
                {t('legal.cancel')}
              </Button>
              <Button variant="danger" size="sm" loading={deleting} onClick={() => void wipe()}>
                {deleting ? t('legal.deleting') : t('legal.confirm')}
              </Button>
            </div>
          </div>
        )}
        <NoticeSlot notice={notice} />
      </section>
    </div>
  );
}
