import type { MfaStatus } from '@indiesplit/shared/mfa';
import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { cx } from '../../components/cx.ts';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { useSending } from '../../lib/form.ts';
import { PasskeysPanel } from './passkeys-panel.tsx';
import styles from './settings.module.css';
import own from './two-factor.module.css';
import {
  disableTotp,
  enableTotp,
  mfaKeys,
  regenerateRecoveryCodes,
  setupTotp,
  useMfaStatus,
} from './two-factor-api.ts';
import { PasswordConfirm, RecoveryCodesShown, useCallError } from './two-factor-parts.tsx';

function Block({ title, badge, children }: { title: string; badge?: ReactNode; children: ReactNode }) {
  return (
    <div className={own.block}>
      <h4 className={own.blockTitle}>
        {title} {badge}
      </h4>
      {children}
    </div>
  );
}

function AuthenticatorApp({ status, onCodes }: { status: MfaStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation(['settings', 'errors']);
  const queryClient = useQueryClient();
  const [setup, setSetup] = useState<Awaited<ReturnType<typeof setupTotp>> | null>(null);
  const [turningOff, setTurningOff] = useState(false);
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [sending, whileSending] = useSending();
  const call = useCallError();
  const refresh = () => queryClient.invalidateQueries({ queryKey: mfaKeys.status });

  const start = () =>
    whileSending(async () => {
      call.setError(null);
      try {
        setSetup(await setupTotp());
      } catch (err) {
        call.setError(err as Error);
      }
    });

  const confirm = (event: FormEvent) => {
    event.preventDefault();
    void whileSending(async () => {
      call.setError(null);
      try {
        const res = await enableTotp({ password, code });
        setSetup(null);
        setPassword('');
        setCode('');
        if (res.recovery_codes) onCodes(res.recovery_codes);
        await refresh();
      } catch (err) {
        call.setError(err as Error);
      }
    });
  };

  const badge = (
    <span className={cx(styles.badge, status.totp_enabled && styles.badgeOk)}>
      {status.totp_enabled ? t('twoFactor.on') : t('twoFactor.off')}
    </span>
  );

  if (status.totp_enabled) {
    return (
      <Block title={t('twoFactor.appTitle')} badge={badge}>
        <p className={styles.muted}>{t('twoFactor.appOn')}</p>
        {turningOff ? (
          <PasswordConfirm
            label={t('twoFactor.currentPassword')}
            confirmLabel={t('twoFactor.turnOff')}
            danger
            onCancel={() => setTurningOff(false)}
            onConfirm={async (pw) => {
              await disableTotp(pw);
              setTurningOff(false);
              await refresh();
            }}
          />
        ) : (
          <Button type="button" size="sm" variant="secondary" onClick={() => setTurningOff(true)}>
            {t('twoFactor.turnOff')}
          </Button>
        )}
      </Block>
    );
  }

  const codeError = call.field('code');
  const passwordError = call.field('password');
  return (
    <Block title={t('twoFactor.appTitle')} badge={badge}>
      <p className={styles.muted}>{t('twoFactor.appIntro')}</p>
      {call.text && !codeError && !passwordError && <Notice type="error">{call.text}</Notice>}
      {!setup ? (
        <Button type="button" size="sm" onClick={() => void start()} loading={sending}>
          {t('twoFactor.setUp')}
        </Button>
      ) : (
        <form className={own.inlineForm} onSubmit={confirm} noValidate>
          <ol className={own.steps}>
            <li>{t('twoFactor.step1')}</li>
          </ol>
          <img
            className={own.qr}
            src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(setup.qr_svg)}`}
            alt={t('twoFactor.qrAlt')}
            width={200}
            height={200}
          />
          <p className={styles.muted}>
            {t('twoFactor.manual')} <code className={own.secret}>{setup.secret}</code>
          </p>
          <ol className={own.steps} start={2}>
            <li>{t('twoFactor.step2')}</li>
          </ol>
          <Field
            label={t('twoFactor.code')}
            name="code"
            inputMode="numeric"
            autoComplete="one-time-code"
            maxLength={20}
            value={code}
            onChange={(e) => setCode(e.target.value)}
            error={codeError}
            required
          />
          <PasswordField
            label={t('twoFactor.currentPassword')}
            name="password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={passwordError}
            required
          />
          <div className={own.buttons}>
            <Button type="submit" size="sm" loading={sending}>
              {t('twoFactor.turnOn')}
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => setSetup(null)}>
              {t('twoFactor.cancel')}
            </Button>
          </div>
        </form>
      )}
    </Block>
  );
}

function RecoveryCodes({ status, onCodes }: { status: MfaStatus; onCodes: (codes: string[]) => void }) {
  const { t } = useTranslation('settings');
  const queryClient = useQueryClient();
  const [renewing, setRenewing] = useState(false);
  if (!status.enabled) return null;
  return (
    <Block title={t('twoFactor.recoveryTitle')}>
      <p className={styles.muted}>{t('twoFactor.recoveryLeft', { count: status.recovery_codes_left })}</p>
      {renewing ? (
        <PasswordConfirm
          label={t('twoFactor.currentPassword')}
          confirmLabel={t('twoFactor.newCodes')}
          onCancel={() => setRenewing(false)}
          onConfirm={async (pw) => {
            const res = await regenerateRecoveryCodes(pw);
            setRenewing(false);
            onCodes(res.codes);
            await queryClient.invalidateQueries({ queryKey: mfaKeys.status });
          }}
        />
      ) : (
        <Button type="button" size="sm" variant="secondary" onClick={() => setRenewing(true)}>
          {t('twoFactor.newCodes')}
        </Button>
      )}
    </Block>
  );
}

/** Settings → Security: two-factor authentication (authenticator app, recovery codes, passkeys). */
export function TwoFactorSection() {
  const { t } = useTranslation(['settings', 'errors']);
  const status = useMfaStatus();
  const [codes, setCodes] = useState<string[] | null>(null);
  if (status.isPending) return <Spinner label={t('loading')} />;
  if (status.isError) return <Notice type="error">{t('loadError')}</Notice>;
  return (
    <div className={styles.sectionBody}>
      <h3 className={styles.subheading}>{t('twoFactor.title')}</h3>
      <p className={styles.muted}>{t('twoFactor.intro')}</p>
      {codes && <RecoveryCodesShown codes={codes} onDone={() => setCodes(null)} />}
      <AuthenticatorApp status={status.data} onCodes={setCodes} />
      <PasskeysPanel status={status.data} onCodes={setCodes} />
      <RecoveryCodes status={status.data} onCodes={setCodes} />
    </div>
  );
}
