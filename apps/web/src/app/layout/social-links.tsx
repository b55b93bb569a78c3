import { useTranslation } from 'react-i18next';
import { DiscordIcon, InstagramIcon, LinkedinIcon } from '../../components/icons.tsx';
import { siteConfig } from '../site-config.ts';
import styles from './social-links.module.css';

const LINKS = [
  { key: 'discord', href: siteConfig.social.discord, Icon: DiscordIcon },
  { key: 'instagram', href: siteConfig.social.instagram, Icon: InstagramIcon },
  { key: 'linkedin', href: siteConfig.social.linkedin, Icon: LinkedinIcon },
] as const;

/** Our pages on other networks; each opens in a new tab. */
export function SocialLinks({ className, withNames = false }: { className?: string; withNames?: boolean }) {
  const { t } = useTranslation('common');
  return (
    <ul className={`${styles.list} ${withNames ? styles.named : ''} ${className ?? ''}`}>
      {LINKS.map(({ key, href, Icon }) => (
        <li key={key}>
          <a
            className={styles.link}
            href={href}
            target="_blank"
            rel="noopener noreferrer"
            aria-label={withNames ? undefined : t('social.label', { network: t(`social.${key}`) })}
          >
            <Icon size={22} />
            {withNames && (
              <span>
                {t(`social.${key}`)}
                <span className="visually-hidden"> {t('opensInNewTab')}</span>
              </span>
            )}
          </a>
        </li>
      ))}
    </ul>
  );
}
