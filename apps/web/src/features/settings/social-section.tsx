import { DISCORD_REF_PARAM, OAUTH_PROVIDERS, type OAuthProvider } from '@indiesplit/shared/oauth';
import { passwordSchema } from '@indiesplit/shared/validation';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { DiscordIcon } from '../../components/icons.tsx';
import { Notice, NoticeSlot, useNotice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { rulesResolver, schemaCheck, useSending } from '../../lib/form.ts';
import { discordStartUrl } from '../auth/api.ts';
import { GoogleButton } from '../auth/social/google-button.tsx';
import { useProviders } from '../auth/social/providers.ts';
import { socialErrorKey } from '../auth/social/social-logic.ts';
import { useCleanAddress } from '../auth/social/use-clean-address.ts';
import { useOAuthError } from '../auth/use-oauth-error.ts';
import {
  connectDiscord,
  connectGoogle,
  disconnectProvider,
  setFirstPassword,
  userKeys,
  useSocialConnections,
} from './api.ts';
import styles from './settings.module.css';
import own from './social-section.module.css';

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

const PROVIDERS: Record<OAuthProvider, { name: string; Icon: () => React.ReactNode }> = {
  google: { name: 'Google', Icon: GoogleMark },
  discord: { name: 'Discord', Icon: () => <DiscordIcon size={22} /> },
};

/**
 * Linked sign-in providers: connect (the same flows as signing in, tied to this account), disconnect
 * (never the last way in), and a first password for an account made through social sign-in.
 */
export function SocialSection() {
  const { t } = useTranslation(['settings', 'errors', 'auth']);
  const queryClient = useQueryClient();
  const notice = useNotice();
  const providers = useProviders();
  const query = useSocialConnections();
  const oauthError = useOAuthError();
  const [params] = useSearchParams();
  const clean = useCleanAddress();
  const handled = useRef(new Set<string>());

  // The answer is the list after the change. A read of the list still on its way (the page asks for
  // it while it redeems a Discord reference) may predate the change: drop it, or it would land last
  // and show the account as not linked.
  const done = async (data: Awaited<ReturnType<typeof connectGoogle>>) => {
    await queryClient.cancelQueries({ queryKey: userKeys.socialConnections });
    queryClient.setQueryData(userKeys.socialConnections, data);
    if (data.message) notice.show({ type: 'success', text: data.message });
  };

  const connect = useMutation({
    mutationFn: ({ provider, token }: { provider: OAuthProvider; token: string }) =>
      provider === 'google' ? connectGoogle(token) : connectDiscord(token),
    onSuccess: done,
    onError: (err, { provider }) => notice.show({ type: 'error', text: t(socialErrorKey(provider, err)) }),
  });

  const disconnect = useMutation({
    mutationFn: disconnectProvider,
    onSuccess: done,
    onError: (err) =>
      notice.show({
        type: 'error',
        text: errorText(t, err, { fallback: 'settings:social.disconnectError' }),
      }),
  });

  const connectMutate = connect.mutate;
  // Back from Discord with a link reference: redeem it once and clean the address.
  const reference = params.get(DISCORD_REF_PARAM);
  useEffect(() => {
    if (!reference || handled.current.has(reference)) return;
    handled.current.add(reference);
    clean([DISCORD_REF_PARAM]);
    connectMutate({ provider: 'discord', token: reference });
  }, [reference, clean, connectMutate]);

  if (query.isPending) return <Spinner label={t('social.loading')} />;
  if (query.isError) {
    return (
      <Notice type="error">
        {t('social.loadError')}{' '}
        <Button variant="ghost" size="sm" onClick={() => void query.refetch()}>
          {t('retry')}
        </Button>
      </Notice>
    );
  }

  const { connections, has_password } = query.data;
  const busy = connect.isPending || disconnect.isPending;
  const google = providers?.google_client_id && providers.google_script_url ? providers : null;

  return (
    <div className={styles.sectionBody}>
      <NoticeSlot notice={notice} className={styles.notice} />
      {oauthError && <Notice type="error">{oauthError}</Notice>}
      {connections.length === 0 && <p className={styles.muted}>{t('social.empty')}</p>}
      <ul className={styles.providers} aria-busy={busy || undefined}>
        {OAUTH_PROVIDERS.map((provider) => {
          const { name, Icon } = PROVIDERS[provider];
          const linked = connections.find((c) => c.provider === provider);
          const configured = provider === 'google' ? google !== null : providers?.discord === true;
          const detail = linked ? [linked.display_name, linked.email].filter(Boolean).join(' · ') : '';
          return (
            <li key={provider} className={styles.provider}>
              <span className={styles.providerIcon}>
                <Icon />
              </span>
              <span className={styles.providerName}>
                {name}
                {detail && <span className={own.detail}>{detail}</span>}
              </span>
              {linked ? (
                <>
                  <span className={`${styles.badge} ${styles.badgeOk}`}>{t('social.connected')}</span>
                  <Button
                    variant="secondary"
                    size="sm"
                    disabled={busy}
                    loading={disconnect.isPending && disconnect.variables === provider}
                    onClick={() => disconnect.mutate(provider)}
                    aria-label={t('social.disconnectLabel', { provider: name })}
                  >
                    {t('social.disconnect')}
                  </Button>
                </>
              ) : !configured ? (
                <span className={styles.badge}>{t('social.notAvailable')}</span>
              ) : provider === 'google' && google ? (
                <span className={own.google}>
                  <GoogleButton
                    clientId={google.google_client_id!}
                    scriptUrl={google.google_script_url!}
                    text="continue_with"
                    disabled={busy}
                    onCredential={(token) => connect.mutate({ provider: 'google', token })}
                  />
                </span>
              ) : (
                <a
                  className="btn btn-secondary btn-sm"
                  href={discordStartUrl('link', 'settings')}
                  aria-label={t('social.connectLabel', { provider: name })}
                >
                  {t('social.connect')}
                </a>
              )}
            </li>
          );
        })}
      </ul>
      {!has_password && <FirstPassword onDone={(text) => notice.show({ type: 'success', text })} />}
    </div>
  );
}

interface PasswordForm {
  new_password: string;
  re_new_password: string;
}

const passwordResolver = rulesResolver<PasswordForm>({
  new_password: schemaCheck(passwordSchema),
  re_new_password: (v, all) =>
    !v ? 'confirmPasswordRequired' : v !== all.new_password ? 'passwordsMatch' : undefined,
});

/** An account without a password (made through social sign-in) sets one: no previous one needed. */
function FirstPassword({ onDone }: { onDone: (text: string) => void }) {
  const { t } = useTranslation(['settings', 'errors']);
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<PasswordForm>({
    resolver: passwordResolver,
    defaultValues: { new_password: '', re_new_password: '' },
  });
  const { errors } = form.formState;
  const [isSubmitting, whileSending] = useSending();

  const submit = form.handleSubmit(async (values) => {
    setError(null);
    try {
      const res = await whileSending(() => setFirstPassword(values));
      form.reset();
      await queryClient.invalidateQueries({ queryKey: userKeys.socialConnections });
      await queryClient.invalidateQueries({ queryKey: userKeys.user, exact: true });
      onDone(res.message);
    } catch (err) {
      const key = err instanceof ApiError ? fieldErrorKey(err, 'new_password') : undefined;
      if (key) {
        form.setError('new_password', { type: 'server', message: key });
        // Once the field is enabled again.
        requestAnimationFrame(() => form.setFocus('new_password'));
      } else setError(errorText(t, err, { fallback: 'settings:social.passwordError' }));
    }
  });

  return (
    <form className={own.password} onSubmit={submit} noValidate>
      <h3 className={own.passwordTitle}>{t('social.passwordTitle')}</h3>
      <p className={styles.muted}>{t('social.passwordText')}</p>
      {error && <Notice type="error">{error}</Notice>}
      <fieldset className={own.fields} disabled={isSubmitting}>
        <legend className="visually-hidden">{t('social.passwordTitle')}</legend>
        <PasswordField
          label={t('profile.newPassword')}
          autoComplete="new-password"
          required
          error={validationText(t, errors.new_password?.message)}
          {...form.register('new_password')}
        />
        <PasswordField
          label={t('profile.confirmPassword')}
          autoComplete="new-password"
          required
          error={validationText(t, errors.re_new_password?.message)}
          {...form.register('re_new_password')}
        />
      </fieldset>
      <div className={styles.actions}>
        <Button type="submit" loading={isSubmitting}>
          {isSubmitting ? t('social.passwordSaving') : t('social.passwordSave')}
        </Button>
      </div>
    </form>
  );
}
