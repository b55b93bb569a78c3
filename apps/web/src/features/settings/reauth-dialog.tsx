import type { MessageResponse } from '@indiesplit/shared/auth';
import { type FormEvent, useCallback, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError, apiRequest, setReauthHandler } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { useLogout } from '../auth/use-logout.ts';

// Step-up (ADR 0015). A sensitive call the server answers with 403 reauthRequired opens this dialog
// wherever it was made; once the password is confirmed the call is sent again, unchanged. One
// dialog serves every call waiting at that moment.

export const reauthenticate = (password: string) =>
  apiRequest<MessageResponse>('/auth/reauth', { json: { password } });

type Waiting = (confirmed: boolean) => void;

/** Mounted once around the screens that talk to the API; registers itself with the API client. */
export function ReauthDialogHost() {
  const [open, setOpen] = useState(false);
  const waiting = useRef<Waiting[]>([]);

  const settle = useCallback((confirmed: boolean) => {
    const all = waiting.current;
    waiting.current = [];
    setOpen(false);
    for (const resolve of all) resolve(confirmed);
  }, []);

  useEffect(() => {
    setReauthHandler(
      () =>
        new Promise<boolean>((resolve) => {
          waiting.current.push(resolve);
          setOpen(true);
        }),
    );
    return () => {
      setReauthHandler(null);
      settle(false);
    };
  }, [settle]);

  return <ReauthDialog open={open} onConfirmed={() => settle(true)} onCancel={() => settle(false)} />;
}

export interface ReauthDialogProps {
  open: boolean;
  onConfirmed: () => void;
  onCancel: () => void;
}

export function ReauthDialog({ open, onConfirmed, onCancel }: ReauthDialogProps) {
  const { t } = useTranslation(['security', 'errors']);
  const logout = useLogout();
  const formId = useId();
  const [password, setPassword] = useState('');
  const [busy, setBusy] = useState(false);
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [formError, setFormError] = useState<string | undefined>();
  const [socialOnly, setSocialOnly] = useState(false);

  useEffect(() => {
    if (!open) {
      setPassword('');
      setFieldError(undefined);
      setFormError(undefined);
      setSocialOnly(false);
      setBusy(false);
    }
  }, [open]);

  const submit = async (e: FormEvent) => {
    e.preventDefault();
    if (!password) {
      setFieldError(t('errors:passwordRequired'));
      return;
    }
    setBusy(true);
    setFieldError(undefined);
    setFormError(undefined);
    try {
      await reauthenticate(password);
      onConfirmed();
    } catch (err) {
      setBusy(false);
      if (err instanceof ApiError && err.code === 'reauthRequired') {
        // No password on this account: its step-up is a fresh sign-in with the provider.
        setSocialOnly(true);
        return;
      }
      const onField = err instanceof ApiError ? fieldErrorText(t, err, 'password') : undefined;
      if (onField) setFieldError(onField);
      else setFormError(errorText(t, err, { fallback: 'errors:serverError' }));
    }
  };

  return (
    <Dialog
      open={open}
      onClose={onCancel}
      title={t('reauth.title')}
      footer={
        socialOnly ? (
          <>
            <Button variant="secondary" onClick={onCancel}>
              {t('reauth.cancel')}
            </Button>
            <Button onClick={() => void logout('/login')}>{t('reauth.signInAgain')}</Button>
          </>
        ) : (
          <>
            <Button variant="secondary" onClick={onCancel} disabled={busy}>
              {t('reauth.cancel')}
            </Button>
            <Button type="submit" form={formId} loading={busy}>
              {busy ? t('reauth.confirming') : t('reauth.confirm')}
            </Button>
          </>
        )
      }
    >
      {socialOnly ? (
        <p>{t('reauth.socialOnly')}</p>
      ) : (
        <form id={formId} onSubmit={(e) => void submit(e)} noValidate>
          <p>{t('reauth.intro')}</p>
          {formError && <Notice type="error">{formError}</Notice>}
          <PasswordField
            label={t('reauth.password')}
            name="current-password"
            autoComplete="current-password"
            value={password}
            onChange={(e) => setPassword(e.target.value)}
            error={fieldError}
            required
            autoFocus
          />
        </form>
      )}
    </Dialog>
  );
}
