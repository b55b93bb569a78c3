import { useTranslation } from 'react-i18next';
import { DiscordIcon } from '../../components/icons.tsx';
import styles from './settings.module.css';

function GoogleMark() {
  return (
    <svg viewBox="0 0 24 24" width="22" height="22" aria-hidden="true">
      <path
        fill="#4285F4"
        d="M22.5 12.3c0-.8-.1-1.5-.2-2.3H12v4.4h5.9a5 5 0 0 1-2.2 3.3v2.7h3.5c2.1-1.9 3.3-4.8 3.3-8.1z"
      />
      <path
        fill="#34A853"
        d="M12 23c3 0 5.5-1 7.3-2.7l-3.5-2.7c-1 .7-2.3 1.1-3.8 1.1-2.9 0-5.4-2-6.3-4.6H2.1v2.8A11 11 0 0 0 12 23z"
      />
      <path fill="#FBBC05" d="M5.7 14.1a6.6 6.6 0 0 1 0-4.2V7.1H2.1a11 11 0 0 0 0 9.8z" />
      <path
        fill="#EA4335"
        d="M12 5.4c1.6 0 3.1.6 4.2 1.7l3.1-3.1A11 11 0 0 0 2.1 7.1l3.6 2.8C6.6 7.4 9.1 5.4 12 5.4z"
      />
    </svg>
  );
}

const PROVIDERS = [
  { key: 'google', name: 'Google', Icon: GoogleMark },
  { key: 'discord', name: 'Discord', Icon: () => <DiscordIcon size={22} /> },
] as const;

/**
 * Linked sign-in providers. Linking arrives with social sign-in; until then the list is read-only
 * and, as the account API reports no linked identity, shows each provider as not connected.
 */
export function SocialSection() {
  const { t } = useTranslation('settings');
  return (
    <div className={styles.sectionBody}>
      <p className={styles.muted}>{t('social.empty')}</p>
      <ul className={styles.providers}>
        {PROVIDERS.map(({ key, name, Icon }) => (
          <li key={key} className={styles.provider}>
            <span className={styles.providerIcon}>
              <Icon />
            </span>
            <span className={styles.providerName}>{name}</span>
            <span className={styles.badge}>{t('social.notConnected')}</span>
          </li>
        ))}
      </ul>
      <p className={styles.muted}>{t('social.comingSoon')}</p>
    </div>
  );
}
