import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { useSending } from '../../lib/form.ts';
import own from './two-factor.module.css';

// Pieces shared by the two-factor section and its passkeys panel.

/** The message of a failed call, and the field it belongs to when the server said so. */
export function useCallError() {
  const { t } = useTranslation(['settings', 'errors']);
  const [error, setError] = useState<ApiError | Error | null>(null);
  const text = error ? errorText(t, error, { fallback: 'errors:serverError' }) : null;
  const field = (name: string) => (error instanceof ApiError ? fieldErrorText(t, error, name) : undefined);
  return { error, setError, text, field };
}

/**
 * Asks for the current password before a change that weakens or replaces a factor. `onConfirm`
 * runs with it; its failure is shown under the field when it is about the password.
 */
export function PasswordConfirm({
  label,
  confirmLabel,
  onConfirm,
  onCancel,
  danger,
}: {
  label: string;
  confirmLabel: string;
  onConfirm: (password: string) => Promise<void>;
  onCancel: () => void;
  danger?: boolean;
}) {
  const { t } = useTranslation(['settings', 'errors']);
  const [password, setPassword] = useState('');
  const [sending, whileSending] = useSending();
  const call = useCallError();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!password) {
      call.setError(
        new ApiError({ status: 400, code: 'passwordRequired', fieldCodes: { password: 'passwordRequired' } }),
      );
      return;
    }
    void whileSending(async () => {
      call.setError(null);
      try {
        await onConfirm(password);
      } catch (err) {
        call.setError(err as Error);
      }
    });
  };
  const fieldError = call.field('password');
  return (
    <form className={own.inlineForm} onSubmit={submit} noValidate>
      {call.text && !fieldError && <Notice type="error">{call.text}</Notice>}
      <PasswordField
        label={label}
        name="password"
        autoComplete="current-password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        error={fieldError}
        required
      />
      <div className={own.buttons}>
        <Button type="submit" size="sm" variant={danger ? 'danger' : 'primary'} loading={sending}>
          {confirmLabel}
        </Button>
        <Button type="button" size="sm" variant="ghost" onClick={onCancel}>
          {t('twoFactor.cancel')}
        </Button>
      </div>
    </form>
  );
}

/** New recovery codes, shown once. */
export function RecoveryCodesShown({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  const { t } = useTranslation('settings');
  return (
    <Notice type="warning" className={own.codesBox}>
      <p>
        <strong>{t('twoFactor.codesTitle')}</strong>
      </p>
      <p>{t('twoFactor.codesHelp')}</p>
      <ul className={own.codes} aria-label={t('twoFactor.codesTitle')}>
        {codes.map((code) => (
          <li key={code}>
            <code>{code}</code>
          </li>
        ))}
      </ul>
      <Button type="button" size="sm" onClick={onDone}>
        {t('twoFactor.codesSaved')}
      </Button>
    </Notice>
  );
}
