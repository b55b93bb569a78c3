import { passwordSchema } from '@indiesplit/shared/validation';
import { useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import forms from '../../components/forms.module.css';
import { AlertIcon, CheckIcon, LockIcon } from '../../components/icons.tsx';
import { Notice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, validationText } from '../../lib/error-text.ts';
import { focusSoon, rulesResolver, schemaCheck, useSending } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { resetPassword } from './api.ts';
import { AuthShell } from './auth-shell.tsx';

interface ResetForm {
  new_password: string;
  re_new_password: string;
}

const resolver = rulesResolver<ResetForm>({
  new_password: schemaCheck(passwordSchema),
  re_new_password: (v, all) =>
    !v ? 'confirmPasswordRequired' : v !== all.new_password ? 'passwordsMatch' : undefined,
});

export default function RecoverPasswordPage() {
  const { t } = useTranslation(['auth', 'errors']);
  const { user_id: userId, user_token: token } = useParams();
  const [done, setDone] = useState(false);
  const [error, setError] = useState<{ text: string; linkDead: boolean } | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  usePageTitle(t('reset.title'));

  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<ResetForm>({ resolver, defaultValues: { new_password: '', re_new_password: '' } });
  // Disabled while the request runs, not while the form is checked (see useSending).
  const [isSubmitting, whileSending] = useSending();

  if (!userId || !token) {
    return (
      <AuthShell title={t('reset.invalidTitle')} closeTo={paths.login} icon={<AlertIcon size={28} />}>
        <div className={forms.stack}>
          <p className={forms.muted}>{t('reset.invalidText')}</p>
          <ButtonLink to={paths.forgotPassword} block>
            {t('reset.requestNew')}
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }

  if (done) {
    return (
      <AuthShell title={t('reset.doneTitle')} closeTo={paths.login} icon={<CheckIcon size={28} />}>
        <div className={forms.stack}>
          <Notice type="success">{t('errors:passwordReset')}</Notice>
          <ButtonLink to={paths.login} block>
            {t('reset.goToLogin')}
          </ButtonLink>
        </div>
      </AuthShell>
    );
  }

  const onSubmit = handleSubmit(async (values) => {
    setError(null);
    try {
      await whileSending(() => resetPassword({ user_id: userId, user_token: token, ...values }));
      setDone(true);
    } catch (err) {
      setError({
        text: errorText(t, err, {
          fallback: 'auth:errors.resetFailed',
          byStatus: { 404: 'errors:invalidOrExpired', 410: 'errors:linkExpired', 500: 'errors:serverError' },
        }),
        linkDead: err instanceof ApiError && (err.status === 404 || err.status === 410),
      });
      focusSoon(() => errorRef.current);
    }
  });

  return (
    <AuthShell
      title={t('reset.title')}
      subtitle={t('reset.subtitle')}
      closeTo={paths.login}
      icon={<LockIcon size={28} />}
    >
      <form className={forms.form} onSubmit={onSubmit} noValidate>
        {error && (
          <Notice type="error" ref={errorRef}>
            {error.text} {error.linkDead && <Link to={paths.forgotPassword}>{t('reset.requestNew')}</Link>}
          </Notice>
        )}
        <fieldset className={forms.fieldset} disabled={isSubmitting}>
          <legend className="visually-hidden">{t('reset.title')}</legend>
          <PasswordField
            label={t('reset.newPassword')}
            autoComplete="new-password"
            required
            hint={t('reset.requirements')}
            error={validationText(t, errors.new_password?.message)}
            {...register('new_password', { onChange: () => setError(null) })}
          />
          <PasswordField
            label={t('reset.confirmPassword')}
            autoComplete="new-password"
            required
            error={validationText(t, errors.re_new_password?.message)}
            {...register('re_new_password', { onChange: () => setError(null) })}
          />
        </fieldset>
        <Button type="submit" size="lg" block loading={isSubmitting}>
          {isSubmitting ? t('reset.submitting') : t('reset.submit')}
        </Button>
        <p className={`${forms.muted} ${forms.center}`}>
          <Link to={paths.login}>{t('reset.backToLogin')}</Link>
        </p>
      </form>
    </AuthShell>
  );
}
