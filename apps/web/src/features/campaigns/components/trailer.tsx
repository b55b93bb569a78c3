import { trailerEmbed } from '@indiesplit/shared/trailer';
import { useTranslation } from 'react-i18next';
import { Button, ExternalButtonLink } from '../../../components/button.tsx';
import { openConsentSettings, setConsent, useConsent } from '../../../lib/consent.ts';
import styles from '../campaigns.module.css';

// The trailer on the campaign page. A YouTube or Vimeo player sets its own cookies and learns the
// visitor's address, so it is the same "media" consent as the home page's reels: until the visitor
// gives it, a placeholder says which company the player comes from and loads nothing. Any other
// trailer address, and every trailer besides the player, stays a plain link.

export interface TrailerProps {
  url: string;
  /** The game's title, to name the player's frame. */
  title: string;
}

export function Trailer({ url, title }: TrailerProps) {
  const { t } = useTranslation('campaigns');
  const consent = useConsent();
  const embed = trailerEmbed(url);
  const allowed = consent.decided && consent.media;
  const provider = embed?.providerName;
  const newTab = <span className="visually-hidden"> {t('trailer.newTab')}</span>;

  return (
    <div className={styles.trailer}>
      {embed &&
        (allowed ? (
          <iframe
            className={styles.trailerFrame}
            src={embed.src}
            title={t('trailer.frameTitle', { title, provider })}
            loading="lazy"
            referrerPolicy="strict-origin-when-cross-origin"
            sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox allow-presentation"
            allow="encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
          />
        ) : (
          <div className={styles.trailerConsent} data-testid="trailer-consent">
            <p className={styles.trailerConsentTitle}>{t('trailer.consentTitle', { provider })}</p>
            <p className={styles.muted}>{t('trailer.consentText', { provider })}</p>
            <div className={styles.trailerActions}>
              <Button size="sm" onClick={() => setConsent({ analytics: consent.analytics, media: true })}>
                {t('trailer.consentButton', { provider })}
              </Button>
              <Button variant="ghost" size="sm" onClick={openConsentSettings}>
                {t('trailer.settings')}
              </Button>
            </div>
          </div>
        ))}
      <ExternalButtonLink href={url} variant="secondary" size="sm">
        {provider ? t('trailer.linkOn', { provider }) : t('page.trailer')}
        {newTab}
      </ExternalButtonLink>
    </div>
  );
}
