import { useTranslation } from 'react-i18next';
import { DiscordIcon } from '../../../components/icons.tsx';
import { Notice } from '../../../components/notice.tsx';
import { Spinner } from '../../../components/spinner.tsx';
import { discordStartUrl } from '../api.ts';
import { GoogleButton } from './google-button.tsx';
import { useProviders } from './providers.ts';
import styles from './social.module.css';
import { useSocialSignIn } from './use-social-sign-in.ts';

interface Props {
  /** The page the Discord round trip returns to. */
  from: 'welcome' | 'login';
  /** Disables the buttons while the page itself is busy (e.g. the password form submits). */
  disabled?: boolean;
}

/** The configured providers' buttons, with their busy state and errors (spec §2 welcome, login). */
export function SocialSignIn({ from, disabled = false }: Props) {
  const { t } = useTranslation('auth');
  const providers = useProviders();
  const { busy, error, signIn } = useSocialSignIn();
  const off = busy || disabled;

  const google = providers?.google_client_id && providers.google_script_url ? providers : null;
  if (!google && !providers?.discord && !error && !busy) return null;

  return (
    <section className={styles.social} aria-label={t('social.title')} aria-busy={busy || undefined}>
      <p className={styles.divider}>{t('social.or')}</p>
      {error && <Notice type="error">{error}</Notice>}
      {busy && (
        <p className={styles.busy} role="status">
          <Spinner size="sm" decorative />
          {t('social.signingIn')}
        </p>
      )}
      <div className={styles.buttons}>
        {google && (
          <GoogleButton
            clientId={google.google_client_id!}
            scriptUrl={google.google_script_url!}
            text={from === 'welcome' ? 'signup_with' : 'signin_with'}
            disabled={off}
            onCredential={(credential) => void signIn('google', credential)}
          />
        )}
        {providers?.discord && (
          // A full-page navigation: the server sends the browser on to Discord (spec §2).
          <a
            href={discordStartUrl('login', from)}
            className={`btn btn-secondary btn-lg btn-block ${styles.discord}`}
            aria-disabled={off || undefined}
            onClick={(e) => off && e.preventDefault()}
          >
            <DiscordIcon size={20} />
            {t('social.discord')}
          </a>
        )}
      </div>
    </section>
  );
}
