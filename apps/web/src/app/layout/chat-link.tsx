import { useTranslation } from 'react-i18next';
import { ChatIcon } from '../../components/icons.tsx';
import { siteConfig } from '../site-config.ts';
import styles from './chat-link.module.css';

/** The floating link to the community chat (spec §2). */
export function ChatLink() {
  const { t } = useTranslation('common');
  return (
    <a className={styles.chat} href={siteConfig.communityChatUrl} target="_blank" rel="noopener noreferrer">
      <ChatIcon size={26} />
      <span className={styles.label}>{t('chat.label')}</span>
      <span className="visually-hidden"> {t('opensInNewTab')}</span>
    </a>
  );
}
