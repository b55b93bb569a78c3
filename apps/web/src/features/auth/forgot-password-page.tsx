import { zodResolver } from '@hookform/resolvers/zod';
import { RecoverPasswordRequest } from '@indiesplit/shared/auth';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import forms from '../../components/forms.module.css';
import { MailIcon } from '../../components/icons.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText, validationText } from '../../lib/error-text.ts';
import { focusSoon, useSending } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { recoverPassword } from './api.ts';
import { AuthShell } from './auth-shell.tsx';

export default function ForgotPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const [sent, setSent] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  usePageTitle(t('forgot.title'));

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<{ email: string }>({
    resolver: zodResolver(RecoverPasswordRequest),
    defaultValues: { email: '' },
  });
  // Disabled while the request runs, not while the form is checked (see useSending).
  const [isSubmitting, whileSending] = useSending();

  const onSubmit = handleSubmit(async ({ email }) => {
    setError(null);
    try {
      await whileSending(() => recoverPassword(email));
      setSent(true);
    } catch (err) {
      setError(
        errorText(t, err, {
          fallback: 'auth:errors.requestFailed',
          byStatus: { 404: 'auth:errors.emailNotFound', 500: 'errors:serverError' },
        }),
      );
      focusSoon(() => errorRef.current);
    }
  });

  if (sent) {
    return (
      <AuthShell title={t('forgot.sentTitle')} closeTo={paths.login} icon={<MailIcon size={28} />}>
        <div className={forms.stack}>
          <Notice type="success">{t('errors:resetLinkSent')}</Notice>
          <p className={forms.muted}>{t('forgot.sentHint')}</p>
          <ButtonLink to={paths.login} block>
            {t('forgot.backToLogin')}
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }

  return (
    <AuthShell title={t('forgot.title')} subtitle={t('forgot.subtitle')} closeTo={paths.login}>
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        {error && (
          <Notice type="error" ref={errorRef}>
            {error}
          </Notice>
        )}
        <fieldset className={forms.fieldset} disabled={isSubmitting}>
          <legend className="visually-hidden">{t('forgot.title')}</legend>
          <Field
            label={t('forgot.email')}
            type="email"
            autoComplete="email"
            required
            error={validationText(t, errors.email?.message)}
            {...register('email', { onChange: () => setError(null) })}
          />
        </fieldset>
        <Button type="submit" size="lg" block loading={isSubmitting}>
          {isSubmitting ? t('forgot.sending') : t('forgot.submit')}
        </Button>
        <ButtonLink to={paths.login} variant="ghost" block>
          {t('forgot.backToLogin')}
        </ButtonLink>
      </form>
    </AuthShell>
  );
}
