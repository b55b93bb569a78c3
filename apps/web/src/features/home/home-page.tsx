import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { siteConfig } from '../../app/site-config.ts';
import { PixelArt } from '../../components/pixel-art.tsx';
import { useHomeIntroContent } from '../../content/home-intro-content.ts';
import { loadNamespaces } from '../../i18n/index.ts';
import { useAuth } from '../auth/auth-context.tsx';
import styles from './home-page.module.css';

// Home is the first load, so only the first screen (hero, why join) ships with it. The
// campaigns and figures, and the sections below the fold with their content in both languages,
// come in chunks fetched on mount.
const HomeSections = lazy(() => import('./components/home-sections.tsx'));
// The countdown shows only while a future launch target is configured: most visits never need it.
const Countdown = lazy(() =>
  import('../../components/countdown.tsx').then((m) => ({ default: m.Countdown })),
);

/** A configured target still ahead (an unreadable one never is). */
const isAhead = (target: string) => new Date(target).getTime() > Date.now();
// The campaigns and the platform's figures, with the campaigns' texts.
const HomeCampaigns = lazy(() =>
  Promise.all([import('./components/home-campaigns.tsx'), loadNamespaces(['campaigns'])]).then(([m]) => m),
);

// The member's feed (ADR 0040) and its texts, fetched only for members.
const MemberFeed = lazy(() =>
  Promise.all([import('../feed/member-feed.tsx'), loadNamespaces(['feed'])]).then(([m]) => m),
);

export default function HomePage() {
  const { t } = useTranslation('home');
  const { isAuthenticated, username } = useAuth();
  const { whyJoin: whyJoinTexts } = useHomeIntroContent();
  const whyJoin = isAuthenticated ? whyJoinTexts.loggedIn : whyJoinTexts.loggedOut;
  const { countdownTarget } = siteConfig;

  // The 10-second "verify your email" notice after login is shown by the layout for every route,
  // so the home page does not render a second one.
  return (
    <main id="main" className={styles.page}>
      <section className={styles.hero} aria-labelledby="home-hero-title">
        <div className={`container ${styles.heroInner}`}>
          <div className={styles.heroText}>
            <p className={styles.eyebrow}>{t('hero.eyebrow')}</p>
            <h1 id="home-hero-title" className={styles.heroTitle}>
              {t('hero.title')}
            </h1>
            <p className={styles.heroSubtitle}>{t('hero.subtitle')}</p>
            <div className={styles.heroActions}>
              {isAuthenticated ? (
                <a
                  className="btn btn-primary"
                  href={siteConfig.communityChatUrl}
                  target="_blank"
                  rel="noopener noreferrer"
                >
                  {t('hero.ctaLoggedIn')}
                  <span className="visually-hidden"> {t('newTab')}</span>
                </a>
              ) : (
                <Link className="btn btn-primary" to={paths.registerWelcome}>
                  {t('hero.ctaLoggedOut')}
                </Link>
              )}
              <a className="btn btn-secondary" href="#how-it-works">
                {t('hero.secondary')}
              </a>
            </div>
            <p className={styles.heroRisk}>{t('hero.risk')}</p>
          </div>
          <div className={styles.heroArt}>
            <PixelArt
              seed="indiesplit-hero"
              label=""
              grid={10}
              size={280}
              decorative
              className={styles.heroPixel}
            />
          </div>
        </div>
      </section>

      {isAuthenticated && (
        <Suspense fallback={null}>
          <MemberFeed />
        </Suspense>
      )}

      <Suspense fallback={<div className={styles.campaignsPending} />}>
        <HomeCampaigns />
      </Suspense>

      {countdownTarget !== null && isAhead(countdownTarget) && (
        <section className={styles.countdownSection} aria-labelledby="home-countdown-title">
          <div className="container">
            <h2 id="home-countdown-title" className={styles.sectionTitleCentered}>
              {t('countdown.title')}
            </h2>
            <Suspense fallback={null}>
              <Countdown target={countdownTarget} endedMessage={<p>{t('countdown.ended')}</p>} />
            </Suspense>
          </div>
        </section>
      )}

      <section className={styles.section} aria-labelledby="home-why-join-title">
        <div className={`container ${styles.whyJoin}`}>
          <div>
            {isAuthenticated && username && (
              <p className={styles.eyebrow}>{t('whyJoin.greeting', { name: username })}</p>
            )}
            <h2 id="home-why-join-title" className={styles.sectionTitle}>
              {whyJoin.title}
            </h2>
            {whyJoin.paragraphs.map((paragraph) => (
              <p key={paragraph} className={styles.lead}>
                {paragraph}
              </p>
            ))}
            {isAuthenticated ? (
              <Link className="btn btn-secondary" to={paths.settings}>
                {t('whyJoin.ctaLoggedIn')}
              </Link>
            ) : (
              <Link className="btn btn-primary" to={paths.registerWelcome}>
                {t('whyJoin.ctaLoggedOut')}
              </Link>
            )}
          </div>
          <ul className={styles.checkList}>
            {whyJoin.points.map((point) => (
              <li key={point}>{point}</li>
            ))}
          </ul>
        </div>
      </section>

      {/* Reserves the space the lower sections will take, so the footer does not flash into view. */}
      <Suspense fallback={<div className={styles.sectionsPending} />}>
        <HomeSections isAuthenticated={isAuthenticated} />
      </Suspense>
    </main>
  );
}
