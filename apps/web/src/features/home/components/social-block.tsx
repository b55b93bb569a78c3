import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { siteConfig } from '../../../app/site-config.ts';
import { openConsentSettings, setConsent, useConsent } from '../../../lib/consent.ts';
import { useMediaQuery } from '../use-media-query.ts';
import styles from './social-block.module.css';

/** Embeds wait this long after mount, so they never compete with the page's first paint. */
export const REEL_LOAD_DELAY_MS = 100;
const MAX_REELS = 3;
/** md and wider: on phones the reels are not loaded at all, only the links are shown. */
export const REELS_MEDIA_QUERY = '(min-width: 768px)';

/** The embeddable address of a reel permalink, or null when it is not a usable https URL. */
export function reelEmbedUrl(permalink: string): string | null {
  try {
    const url = new URL(permalink);
    if (url.protocol !== 'https:') return null;
    const path = url.pathname.replace(/\/+$/, '');
    return `${url.origin}${path.endsWith('/embed') ? path : `${path}/embed`}/`;
  } catch {
    return null;
  }
}

function useDelay(ms: number): boolean {
  const [passed, setPassed] = useState(false);
  useEffect(() => {
    const timer = setTimeout(() => setPassed(true), ms);
    return () => clearTimeout(timer);
  }, [ms]);
  return passed;
}

export interface SocialBlockProps {
  /** Reel permalinks; the operator's configuration by default. */
  reels?: readonly string[];
}

export function SocialBlock({ reels = siteConfig.homeReels }: SocialBlockProps) {
  const { t } = useTranslation('home');
  const wide = useMediaQuery(REELS_MEDIA_QUERY);
  const consent = useConsent();
  const delayPassed = useDelay(REEL_LOAD_DELAY_MS);
  const embeds = reels
    .slice(0, MAX_REELS)
    .map(reelEmbedUrl)
    .filter((url): url is string => url !== null);
  const mediaAllowed = consent.decided && consent.media;
  const newTab = <span className="visually-hidden"> {t('newTab')}</span>;

  const links = [
    { id: 'chat', href: siteConfig.communityChatUrl, label: t('social.chat'), text: t('social.chatText') },
    {
      id: 'photos',
      href: siteConfig.social.instagram,
      label: t('social.photos'),
      text: t('social.photosText'),
    },
    {
      id: 'network',
      href: siteConfig.social.linkedin,
      label: t('social.network'),
      text: t('social.networkText'),
    },
  ];

  return (
    <section className={styles.section} aria-labelledby="home-social-title">
      <div className="container">
        <h2 id="home-social-title" className={styles.title}>
          {t('social.title')}
        </h2>
        <p className={styles.lead}>{t('social.text')}</p>

        {wide && (
          <div className={styles.reels}>
            <h3 className="visually-hidden">{t('social.reelsLabel')}</h3>
            {embeds.length === 0 ? (
              <div className={styles.card}>
                <p className={styles.cardTitle}>{t('social.noReelsTitle')}</p>
                <p className={styles.cardText}>{t('social.noReelsText')}</p>
                <a
                  className="btn btn-secondary"
                  href={siteConfig.social.instagram}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('social.noReelsLink')}
                  {newTab}
                </a>
              </div>
            ) : !mediaAllowed ? (
              <div className={styles.card} data-testid="reels-consent">
                <p className={styles.cardTitle}>{t('social.consentTitle')}</p>
                <p className={styles.cardText}>{t('social.consentText')}</p>
                <div className={styles.cardActions}>
                  <button
                    type="button"
                    className="btn btn-primary"
                    onClick={() => setConsent({ analytics: consent.analytics, media: true })}
                  >
                    {t('social.consentButton')}
                  </button>
                  <button type="button" className="btn btn-ghost" onClick={openConsentSettings}>
                    {t('social.consentSettings')}
                  </button>
                </div>
              </div>
            ) : (
              <ul className={styles.reelList}>
                {embeds.map((src, index) => (
                  <li key={src} className={styles.reel}>
                    {delayPassed ? (
                      <iframe
                        src={src}
                        title={t('social.reelTitle', { n: index + 1 })}
                        className={styles.frame}
                        loading="lazy"
                        referrerPolicy="strict-origin-when-cross-origin"
                        sandbox="allow-scripts allow-same-origin allow-popups allow-popups-to-escape-sandbox"
                        allow="encrypted-media; picture-in-picture"
                      />
                    ) : (
                      <div className={styles.skeleton}>
                        <span className="visually-hidden">{t('social.loading')}</span>
                      </div>
                    )}
                  </li>
                ))}
              </ul>
            )}
          </div>
        )}

        <ul className={styles.links} aria-label={t('social.linksLabel')}>
          {links.map((link) => (
            <li key={link.id}>
              <a className={styles.link} href={link.href} target="_blank" rel="noopener noreferrer">
                <span className={styles.linkLabel}>
                  {link.label}
                  <span aria-hidden="true"> ↗</span>
                  {newTab}
                </span>
                <span className={styles.linkText}>{link.text}</span>
              </a>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
