import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { acceptAll, getConsent, rejectAll, setConsent } from '../../lib/consent.ts';
import { siteConfig } from '../site-config.ts';
import styles from './cookie-banner.module.css';

export interface CookieBannerProps {
  /** Increases each time the footer's "Cookie settings" asks for the banner (0: first visit). */
  reopenRequest: number;
  onClosed: () => void;
}

/**
 * Asks before anything non-essential loads (analytics, third-party embeds). Rejecting is as easy
 * as accepting; the choice is remembered and can be changed from the footer.
 */
export function CookieBanner({ reopenRequest, onClosed }: CookieBannerProps) {
  const { t } = useTranslation('common');
  const [choosing, setChoosing] = useState(reopenRequest > 0);
  const [draft, setDraft] = useState(() => {
    const current = getConsent();
    return { analytics: current.analytics, media: current.media };
  });
  const regionRef = useRef<HTMLElement>(null);

  // Reopened from the footer: show the current choice and take focus there.
  useEffect(() => {
    if (reopenRequest === 0) return;
    const current = getConsent();
    setDraft({ analytics: current.analytics, media: current.media });
    setChoosing(true);
    regionRef.current?.focus();
  }, [reopenRequest]);

  const done = (apply: () => void) => {
    apply();
    setChoosing(false);
    onClosed();
  };

  return (
    <section
      ref={regionRef}
      tabIndex={-1}
      className={styles.banner}
      aria-labelledby="consent-title"
      aria-describedby="consent-text"
    >
      <h2 id="consent-title" className={styles.title}>
        {t('consent.title')}
      </h2>
      <p id="consent-text" className={styles.text}>
        {t('consent.text')}{' '}
        <a href={siteConfig.legal.cookiePolicy} target="_blank" rel="noopener noreferrer">
          {t('legal.cookies')}
          <span className="visually-hidden"> {t('opensInNewTab')}</span>
        </a>
      </p>
      {choosing && (
        <fieldset className={styles.choices}>
          <legend className="visually-hidden">{t('consent.choose')}</legend>
          <Checkbox
            variant="switch"
            label={t('consent.necessary')}
            description={t('consent.necessaryText')}
            checked
            disabled
            readOnly
          />
          <Checkbox
            variant="switch"
            label={t('consent.analytics')}
            description={t('consent.analyticsText')}
            checked={draft.analytics}
            onChange={(e) => setDraft((d) => ({ ...d, analytics: e.target.checked }))}
          />
          <Checkbox
            variant="switch"
            label={t('consent.media')}
            description={t('consent.mediaText')}
            checked={draft.media}
            onChange={(e) => setDraft((d) => ({ ...d, media: e.target.checked }))}
          />
        </fieldset>
      )}
      <div className={styles.actions}>
        <Button variant="secondary" size="sm" onClick={() => done(rejectAll)}>
          {t('consent.reject')}
        </Button>
        {choosing ? (
          <Button variant="secondary" size="sm" onClick={() => done(() => setConsent(draft))}>
            {t('consent.save')}
          </Button>
        ) : (
          <Button variant="secondary" size="sm" onClick={() => setChoosing(true)}>
            {t('consent.choose')}
          </Button>
        )}
        <Button size="sm" onClick={() => done(acceptAll)}>
          {t('consent.accept')}
        </Button>
      </div>
    </section>
  );
}
