import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { MailIcon } from '../../components/icons.tsx';
import { openConsentSettings } from '../../lib/consent.ts';
import { paths } from '../paths.ts';
import { siteConfig } from '../site-config.ts';
import styles from './footer.module.css';
import { Logo } from './logo.tsx';
import { SocialLinks } from './social-links.tsx';

export function Footer() {
  const { t } = useTranslation('common');
  const year = new Date().getFullYear();
  return (
    <footer className={styles.footer}>
      <div className={`container ${styles.grid}`}>
        <div className={styles.brand}>
          <Link to={paths.home} aria-label={t('nav.homeLabel')} className={styles.logoLink}>
            <Logo />
          </Link>
          <p className={styles.tagline}>{t('footer.tagline')}</p>
          <SocialLinks />
        </div>

        <nav aria-label={t('footer.explore')} className={styles.column}>
          <h2 className={styles.heading}>{t('footer.explore')}</h2>
          <ul>
            <li>
              <Link to={paths.home}>{t('nav.home')}</Link>
            </li>
            <li>
              <Link to={paths.aboutUs}>{t('nav.about')}</Link>
            </li>
            <li>
              <Link to={paths.outcomes}>{t('footer.outcomes')}</Link>
            </li>
            <li>
              <a href={siteConfig.communityChatUrl} target="_blank" rel="noopener noreferrer">
                {t('footer.community')}
                <span className="visually-hidden"> {t('opensInNewTab')}</span>
              </a>
            </li>
          </ul>
        </nav>

        <nav aria-label={t('footer.legal')} className={styles.column}>
          <h2 className={styles.heading}>{t('footer.legal')}</h2>
          <ul>
            <li>
              <Link to={paths.legal('privacy')}>{t('legal.privacy')}</Link>
            </li>
            <li>
              <Link to={paths.legal('cookies')}>{t('legal.cookies')}</Link>
            </li>
            <li>
              <Link to={paths.legal('terms')}>{t('legal.terms')}</Link>
            </li>
            <li>
              <Link to={paths.conflictsOfInterest}>{t('legal.conflicts')}</Link>
            </li>
            <li>
              <Link to={paths.complaints}>{t('footer.complaints')}</Link>
            </li>
            <li>
              <button type="button" className={styles.linkButton} onClick={openConsentSettings}>
                {t('consent.reopen')}
              </button>
            </li>
          </ul>
        </nav>

        <div className={styles.column}>
          <h2 className={styles.heading}>{t('footer.press')}</h2>
          <p className={styles.small}>{t('footer.pressText')}</p>
          <a className={styles.mail} href={`mailto:${siteConfig.pressEmail}`}>
            <MailIcon size={18} />
            {siteConfig.pressEmail}
          </a>
        </div>
      </div>

      <div className={`container ${styles.bottom}`}>
        <section aria-labelledby="risk-warning" className={styles.risk}>
          <h2 id="risk-warning" className={styles.riskTitle}>
            {t('footer.riskTitle')}
          </h2>
          <p>{t('footer.riskText')}</p>
        </section>
        <p className={styles.copy}>{t('footer.copyright', { year })}</p>
      </div>
    </footer>
  );
}
