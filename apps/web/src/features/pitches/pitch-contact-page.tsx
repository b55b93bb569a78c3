import { zodResolver } from '@hookform/resolvers/zod';
import { emailSchema, personNameSchema } from '@indiesplit/shared/validation';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { z } from 'zod';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { CheckIcon } from '../../components/icons.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { validationText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { userQuery } from '../settings/api.ts';
import { addContact } from './api.ts';
import styles from './pitch.module.css';
import { PitchShell } from './pitch-shell.tsx';

export interface ContactForm {
  name: string;
  email: string;
}

// The same name and email rules as the project form of step 2, where the pair is sent.
const contactSchema = z.object({
  name: z.string().trim().min(1, 'fillMandatory').pipe(personNameSchema),
  email: emailSchema,
});
export const contactResolver = zodResolver(contactSchema, undefined, { raw: true });

type CallState = 'idle' | 'sending' | 'requested' | 'failed';

/** Pitch step 1 (spec §2): who you are, then continue to the details or ask us to call. */
export default function PitchContactPage() {
  const { t } = useTranslation(['pitch', 'errors']);
  const navigate = useNavigate();
  const [call, setCall] = useState<CallState>('idle');
  const [callError, setCallError] = useState<string | null>(null);
  const errorRef = useRef<HTMLDivElement>(null);
  usePageTitle(t('contact.title'));

  const auth = useAuth();
  const {
    register,
    handleSubmit,
    getValues,
    setValue,
    formState: { errors },
  } = useForm<ContactForm>({ resolver: contactResolver, defaultValues: { name: '', email: '' } });

  // A logged-in member starts with their own name and address; what they already typed stays.
  const account = useQuery({ ...userQuery(), enabled: auth.isAuthenticated });
  const email = account.data?.email ?? auth.email;
  const fullName = account.data ? `${account.data.first_name} ${account.data.last_name}`.trim() : '';
  useEffect(() => {
    if (email && !getValues('email')) setValue('email', email);
    if (fullName && !getValues('name')) setValue('name', fullName);
  }, [email, fullName, getValues, setValue]);

  const onContinue = handleSubmit((values) => {
    navigate(paths.projectDetails, { state: { name: values.name.trim(), email: values.email.trim() } });
  });

  const onRequestCall = handleSubmit(async (values) => {
    setCall('sending');
    setCallError(null);
    try {
      await addContact({ name: values.name.trim(), email: values.email.trim(), asked_for_contact: true });
      setCall('requested');
    } catch (err) {
      setCall('failed');
      setCallError(
        err instanceof ApiError && err.status === 0
          ? t('errors:networkError')
          : t('pitch:errors.contactFailed'),
      );
      focusSoon(() => errorRef.current);
    }
  });

  return (
    <PitchShell
      step={1}
      title={t('contact.title')}
      intro={t('contact.intro')}
      aside={
        <ul className={styles.points}>
          <li>{t('contact.point1')}</li>
          <li>{t('contact.point2')}</li>
          <li>{t('contact.point3')}</li>
        </ul>
      }
    >
      <form className={styles.form} onSubmit={onContinue} noValidate>
        {callError && (
          <Notice type="error" ref={errorRef}>
            {callError}
          </Notice>
        )}
        {call === 'requested' && <Notice type="success">{t('contact.requestedText')}</Notice>}
        <Field
          label={t('contact.name')}
          autoComplete="organization"
          required
          error={validationText(t, errors.name?.message)}
          {...register('name')}
        />
        <Field
          label={t('contact.email')}
          type="email"
          autoComplete="email"
          required
          error={validationText(t, errors.email?.message)}
          {...register('email')}
        />
        <div className={styles.actions}>
          <Button
            variant="secondary"
            onClick={() => void onRequestCall()}
            loading={call === 'sending'}
            disabled={call === 'requested'}
            icon={call === 'requested' ? <CheckIcon size={18} /> : undefined}
          >
            {call === 'requested'
              ? t('contact.requested')
              : call === 'sending'
                ? t('contact.requesting')
                : t('contact.requestCall')}
          </Button>
          <Button type="submit">{t('contact.continue')}</Button>
        </div>
      </form>
    </PitchShell>
  );
}
