import { type MfaStatus, PASSKEY_NAME_MAX } from '@indiesplit/shared/mfa';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { useSending } from '../../lib/form.ts';
import styles from './settings.module.css';
import own from './two-factor.module.css';
import {
  createPasskey,
  mfaKeys,
  passkeyRegistrationOptions,
  registerPasskey,
  removePasskey,
} from './two-factor-api.ts';
import { PasswordConfirm, useCallError } from './two-factor-parts.tsx';

/** Passkeys: named, listed, removable; one is enough to sign in and as a second factor. */
export function PasskeysPanel({
  status,
  onCodes,
}: {
  status: MfaStatus;
  onCodes: (codes: string[]) => void;
}) {
  const { t, i18n } = useTranslation(['settings', 'errors']);
  const queryClient = useQueryClient();
  const [name, setName] = useState('');
  const [removing, setRemoving] = useState<string | null>(null);
  const [sending, whileSending] = useSending();
  const call = useCallError();
  const supported = typeof window !== 'undefined' && 'PublicKeyCredential' in window;
  const date = (iso: string) => new Date(iso).toLocaleDateString(i18n.language);
  const refresh = () => queryClient.invalidateQueries({ queryKey: mfaKeys.status });

  const add = (event: FormEvent) => {
    event.preventDefault();
    if (!name.trim()) {
      call.setError(
        new ApiError({
          status: 400,
          code: 'passkeyNameRequired',
          fieldCodes: { name: 'passkeyNameRequired' },
        }),
      );
      return;
    }
    void whileSending(async () => {
      call.setError(null);
      try {
        const { challenge_id, options } = await passkeyRegistrationOptions();
        const response = await createPasskey(options);
        const res = await registerPasskey({ challenge_id, name: name.trim(), response });
        setName('');
        if (res.recovery_codes) onCodes(res.recovery_codes);
        await refresh();
      } catch (err) {
        // The browser's own refusal (cancelled, no authenticator) is not the server's error.
        call.setError(err instanceof ApiError ? err : new ApiError({ status: 400, code: 'passkeyFailed' }));
      }
    });
  };

  const nameError = call.field('name');
  return (
    <div className={own.block}>
      <h4 className={own.blockTitle}>{t('twoFactor.passkeysTitle')}</h4>
      <p className={styles.muted}>{t('twoFactor.passkeysIntro')}</p>
      {status.passkeys.length > 0 ? (
        <ul className={own.passkeys} aria-label={t('twoFactor.passkeysTitle')}>
          {status.passkeys.map((key) => (
            <li key={key.id}>
              <div>
                <strong>{key.name}</strong>
                <span className={styles.muted}>
                  {' · '}
                  {t('twoFactor.added', { date: date(key.created_at) })}
                  {key.last_used_at && ` · ${t('twoFactor.lastUsed', { date: date(key.last_used_at) })}`}
                </span>
              </div>
              {removing === key.id ? (
                <PasswordConfirm
                  label={t('twoFactor.currentPassword')}
                  confirmLabel={t('twoFactor.remove')}
                  danger
                  onCancel={() => setRemoving(null)}
                  onConfirm={async (pw) => {
                    await removePasskey(key.id, pw);
                    setRemoving(null);
                    await refresh();
                  }}
                />
              ) : (
                <Button
                  type="button"
                  size="sm"
                  variant="ghost"
                  onClick={() => setRemoving(key.id)}
                  aria-label={t('twoFactor.removeNamed', { name: key.name })}
                >
                  {t('twoFactor.remove')}
                </Button>
              )}
            </li>
          ))}
        </ul>
      ) : (
        <p className={styles.muted}>{t('twoFactor.noPasskeys')}</p>
      )}
      {supported ? (
        <form className={own.inlineForm} onSubmit={add} noValidate>
          {call.text && !nameError && <Notice type="error">{call.text}</Notice>}
          <Field
            label={t('twoFactor.passkeyName')}
            hint={t('twoFactor.passkeyNameHint')}
            name="passkey_name"
            maxLength={PASSKEY_NAME_MAX}
            value={name}
            onChange={(e) => setName(e.target.value)}
            error={nameError}
            required
          />
          <div className={own.buttons}>
            <Button type="submit" size="sm" loading={sending}>
              {t('twoFactor.addPasskey')}
            </Button>
          </div>
        </form>
      ) : (
        <p className={styles.muted}>{t('twoFactor.passkeysUnsupported')}</p>
      )}
    </div>
  );
}
