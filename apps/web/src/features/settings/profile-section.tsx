import { ChangePasswordRequest, UpdateUserRequest } from '@indiesplit/shared/user';
import { passwordSchema } from '@indiesplit/shared/validation';
import { useQueryClient } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { type UseFormReturn, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Dialog } from '../../components/dialog.tsx';
import { Field } from '../../components/field.tsx';
import { AlertIcon, CheckIcon } from '../../components/icons.tsx';
import { NOTICE_DURATION, NoticeSlot, useNotice } from '../../components/notice.tsx';
import { PasswordField } from '../../components/password-field.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { type Check, rulesResolver, schemaCheck } from '../../lib/form.ts';
import { useUnsavedChangesGuard } from '../../lib/use-unsaved-changes-guard.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { changePassword, type UserDto, updateUser, userKeys } from './api.ts';
import { AvatarEditor } from './avatar-editor.tsx';
import { DeleteProfile } from './delete-profile.tsx';
import { ResendVerification } from './resend-verification.tsx';
import styles from './settings.module.css';
import { emailChanged } from './settings-logic.ts';

interface ProfileForm {
  first_name: string;
  last_name: string;
  username: string;
  email: string;
  old_password: string;
  new_password: string;
  re_new_password: string;
}

interface Ctx {
  passwordOpen: boolean;
}

const PROFILE_FIELDS = ['first_name', 'last_name', 'username', 'email'] as const;
const PASSWORD_FIELDS = ['old_password', 'new_password', 're_new_password'] as const;

/** Spec §5: the password change runs only with the sub-form open and a previous password given. */
function passwordWanted(values: ProfileForm, ctx: Ctx): boolean {
  return ctx.passwordOpen && PASSWORD_FIELDS.some((f) => values[f] !== '');
}

const onlyWithPassword =
  (check: Check<ProfileForm, Ctx>): Check<ProfileForm, Ctx> =>
  (value, values, ctx) =>
    passwordWanted(values, ctx) ? check(value, values, ctx) : undefined;

const resolver = rulesResolver<ProfileForm, Ctx>({
  first_name: schemaCheck(UpdateUserRequest.shape.first_name),
  last_name: schemaCheck(UpdateUserRequest.shape.last_name),
  username: schemaCheck(UpdateUserRequest.shape.username),
  email: schemaCheck(UpdateUserRequest.shape.email),
  old_password: onlyWithPassword(schemaCheck(ChangePasswordRequest.shape.old_password)),
  new_password: onlyWithPassword(schemaCheck(passwordSchema)),
  re_new_password: onlyWithPassword((v, all) =>
    !v ? 'confirmPasswordRequired' : v !== all.new_password ? 'passwordsMatch' : undefined,
  ),
});

function valuesOf(user: UserDto): ProfileForm {
  return {
    first_name: user.first_name,
    last_name: user.last_name,
    username: user.username,
    email: user.email,
    old_password: '',
    new_password: '',
    re_new_password: '',
  };
}

function applyFieldErrors(
  form: UseFormReturn<ProfileForm, Ctx>,
  err: unknown,
  fields: readonly (keyof ProfileForm)[],
): boolean {
  if (!(err instanceof ApiError)) return false;
  let focused = false;
  for (const field of fields) {
    const key = fieldErrorKey(err, field);
    if (!key) continue;
    form.setError(field, { type: 'server', message: key }, { shouldFocus: !focused });
    focused = true;
  }
  return focused;
}

export function ProfileSection({ user }: { user: UserDto }) {
  const { t } = useTranslation(['settings', 'errors', 'common']);
  const auth = useAuth();
  const queryClient = useQueryClient();
  const notice = useNotice();
  const [editing, setEditing] = useState(false);
  const [passwordOpen, setPasswordOpen] = useState(false);
  const [saving, setSaving] = useState(false);
  const passwordPanelId = useId();

  const form = useForm<ProfileForm, Ctx>({
    resolver,
    context: { passwordOpen },
    defaultValues: valuesOf(user),
  });
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors, isDirty },
  } = form;

  // New data from the server shows at once unless the person is editing.
  useEffect(() => {
    if (!editing) reset(valuesOf(user));
  }, [user, editing, reset]);

  const guard = useUnsavedChangesGuard(editing && isDirty);

  const closeEditing = (next: UserDto) => {
    setEditing(false);
    setPasswordOpen(false);
    reset(valuesOf(next));
  };

  const failed = (err: unknown, fields: readonly (keyof ProfileForm)[]) => {
    applyFieldErrors(form, err, fields);
    notice.show({
      type: 'error',
      text: errorText(t, err, { fallback: 'settings:profile.error' }),
      duration: NOTICE_DURATION.profileError,
    });
  };

  const onSave = handleSubmit(async (values) => {
    setSaving(true);
    const wantsPassword = passwordWanted(values, { passwordOpen });
    let updated: UserDto;
    try {
      const res = await updateUser({
        first_name: values.first_name.trim(),
        last_name: values.last_name.trim(),
        username: values.username.trim(),
        email: values.email.trim(),
      });
      updated = res.user;
      queryClient.setQueryData(userKeys.user, res.user);
    } catch (err) {
      setSaving(false);
      failed(err, PROFILE_FIELDS);
      return;
    }
    const messages = [t(emailChanged(user.email, values.email) ? 'profile.successEmail' : 'profile.success')];
    if (wantsPassword) {
      try {
        await changePassword({
          old_password: values.old_password,
          new_password: values.new_password,
          re_new_password: values.re_new_password,
        });
        messages.push(t('errors:passwordChanged'));
      } catch (err) {
        // The profile part is saved; the form stays open on the password.
        setSaving(false);
        reset({ ...valuesOf(updated), ...pick(values, PASSWORD_FIELDS) }, { keepDirty: false });
        failed(err, PASSWORD_FIELDS);
        void auth.refresh();
        return;
      }
    }
    setSaving(false);
    closeEditing(updated);
    notice.show({ type: 'success', text: messages.join(' ') });
    void auth.refresh();
  });

  const cancel = () => {
    closeEditing(user);
    notice.clear();
  };

  const err = (name: keyof ProfileForm) => validationText(t, errors[name]?.message);

  return (
    <div className={styles.sectionBody}>
      <NoticeSlot notice={notice} className={styles.notice} />

      <div className={styles.identity}>
        <AvatarEditor user={user} />
        <div className={styles.identityText}>
          <p className={styles.username}>{user.username}</p>
          <ul className={styles.chips} aria-label={t('profile.userTypes')}>
            {user.user_types.map((type) => (
              <li key={type} className={styles.chip}>
                {t(`auth:userTypes.${type}`)}
              </li>
            ))}
          </ul>
        </div>
      </div>

      <form className={styles.profileForm} onSubmit={onSave} noValidate aria-labelledby="profile-form-title">
        <div className={styles.formHead}>
          <h3 id="profile-form-title" className={styles.subheading}>
            {t('profile.details')}
          </h3>
          {!editing && (
            <Button variant="secondary" size="sm" onClick={() => setEditing(true)}>
              {t('profile.edit')}
            </Button>
          )}
        </div>

        {editing ? (
          <fieldset className={styles.fields} disabled={saving}>
            <legend className="visually-hidden">{t('profile.details')}</legend>
            <div className={styles.row}>
              <Field
                label={t('profile.name')}
                autoComplete="given-name"
                error={err('first_name')}
                {...register('first_name')}
              />
              <Field
                label={t('profile.surname')}
                autoComplete="family-name"
                error={err('last_name')}
                {...register('last_name')}
              />
            </div>
            <div className={styles.row}>
              <Field
                label={t('profile.username')}
                autoComplete="username"
                autoCapitalize="off"
                spellCheck={false}
                required
                error={err('username')}
                {...register('username')}
              />
              <Field
                label={t('profile.email')}
                type="email"
                autoComplete="email"
                required
                hint={t('profile.emailHint')}
                error={err('email')}
                {...register('email')}
              />
            </div>
            <div className={styles.passwordRow}>
              <div className={styles.passwordHead}>
                <span className={styles.label}>{t('profile.password')}</span>
                <Button
                  variant="ghost"
                  size="sm"
                  aria-expanded={passwordOpen}
                  aria-controls={passwordPanelId}
                  onClick={() => setPasswordOpen((v) => !v)}
                >
                  {passwordOpen ? t('profile.keepPassword') : t('profile.changePassword')}
                </Button>
              </div>
              <div id={passwordPanelId} hidden={!passwordOpen} className={styles.passwordFields}>
                {passwordOpen && (
                  <>
                    <PasswordField
                      label={t('profile.oldPassword')}
                      autoComplete="current-password"
                      error={err('old_password')}
                      {...register('old_password')}
                    />
                    <PasswordField
                      label={t('profile.newPassword')}
                      autoComplete="new-password"
                      hint={t('auth:register.passwordHint')}
                      error={err('new_password')}
                      {...register('new_password')}
                    />
                    <PasswordField
                      label={t('profile.confirmPassword')}
                      autoComplete="new-password"
                      error={err('re_new_password')}
                      {...register('re_new_password')}
                    />
                  </>
                )}
              </div>
            </div>
          </fieldset>
        ) : (
          <dl className={styles.details}>
            <div>
              <dt>{t('profile.name')}</dt>
              <dd>{user.first_name || <span className={styles.empty}>{t('profile.notSet')}</span>}</dd>
            </div>
            <div>
              <dt>{t('profile.surname')}</dt>
              <dd>{user.last_name || <span className={styles.empty}>{t('profile.notSet')}</span>}</dd>
            </div>
            <div>
              <dt>{t('profile.username')}</dt>
              <dd>{user.username}</dd>
            </div>
            <div>
              <dt>{t('profile.email')}</dt>
              <dd className={styles.emailValue}>
                <span>{user.email}</span>
                {user.isEmailVerified ? (
                  <span className={`${styles.badge} ${styles.badgeOk}`}>
                    <CheckIcon size={14} /> {t('profile.verified')}
                  </span>
                ) : (
                  <span className={`${styles.badge} ${styles.badgeWarn}`}>
                    <AlertIcon size={14} /> {t('profile.unverified')}
                  </span>
                )}
              </dd>
            </div>
            <div>
              <dt>{t('profile.password')}</dt>
              <dd>
                <span aria-hidden="true">••••••••••</span>
                <span className="visually-hidden">{t('profile.passwordHidden')}</span>
              </dd>
            </div>
          </dl>
        )}

        {editing && (
          <div className={styles.actions}>
            <Button variant="secondary" onClick={cancel} disabled={saving}>
              {t('profile.cancel')}
            </Button>
            <Button type="submit" loading={saving}>
              {saving ? t('profile.saving') : t('profile.save')}
            </Button>
          </div>
        )}
      </form>

      {!user.isEmailVerified && <ResendVerification />}

      <DeleteProfile />

      <Dialog
        open={guard.pending !== null}
        onClose={guard.stay}
        title={t('profile.unsavedTitle')}
        footer={
          <>
            <Button variant="secondary" onClick={guard.stay}>
              {t('profile.stay')}
            </Button>
            <Button variant="danger" onClick={guard.leave}>
              {t('profile.leave')}
            </Button>
          </>
        }
      >
        <p>{t('common:notices.unsavedChanges')}</p>
      </Dialog>
    </div>
  );
}

function pick<T extends object, K extends keyof T>(obj: T, keys: readonly K[]): Pick<T, K> {
  return Object.fromEntries(keys.map((k) => [k, obj[k]])) as Pick<T, K>;
}
