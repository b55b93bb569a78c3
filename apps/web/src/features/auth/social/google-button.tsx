import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type GoogleButtonOptions, loadGoogleIdentity } from './google-script.ts';
import styles from './social.module.css';

interface Props {
  clientId: string;
  scriptUrl: string;
  text: NonNullable<GoogleButtonOptions['text']>;
  disabled?: boolean;
  onCredential: (credential: string) => void;
}

/** Google's own rendered button (its terms ask for it); the credential goes to our server as is. */
export function GoogleButton({ clientId, scriptUrl, text, disabled = false, onCredential }: Props) {
  const { t, i18n } = useTranslation('auth');
  const host = useRef<HTMLDivElement>(null);
  const callback = useRef(onCredential);
  callback.current = onCredential;
  const [failed, setFailed] = useState(false);

  useEffect(() => {
    let live = true;
    loadGoogleIdentity(scriptUrl)
      .then((id) => {
        const el = host.current;
        if (!live || !el) return;
        id.initialize({ client_id: clientId, callback: (r) => callback.current(r.credential) });
        el.replaceChildren();
        id.renderButton(el, {
          type: 'standard',
          theme: 'outline',
          size: 'large',
          shape: 'pill',
          text,
          locale: i18n.language,
          width: Math.min(Math.max(el.clientWidth, 200), 400),
        });
      })
      .catch(() => live && setFailed(true));
    return () => {
      live = false;
    };
  }, [clientId, scriptUrl, text, i18n.language]);

  if (failed) return <p className={styles.unavailable}>{t('social.googleUnavailable')}</p>;
  return <div ref={host} className={styles.google} inert={disabled} data-testid="google-button" />;
}
