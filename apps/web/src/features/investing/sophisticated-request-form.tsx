import { zodResolver } from '@hookform/resolvers/zod';
import {
  type InvestorProfileDto,
  SOPHISTICATED_REASON_MAX,
  SophisticatedRequest,
} from '@indiesplit/shared/investing';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { useRequestSophisticated } from './api.ts';
import styles from './investing.module.css';

// The investor's class, and the request to be treated as a sophisticated investor with its reason
// (the shared SophisticatedRequest).

const resolver = zodResolver(SophisticatedRequest);

export function SophisticatedRequestForm({ profile }: { profile: InvestorProfileDto }) {
  const { t } = useTranslation(['invest', 'errors']);
  const request = useRequestSophisticated();
  const {
    register,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm({ resolver, defaultValues: { reason: '' } });
  const s = profile.sophisticated_request;
  const canAsk = profile.investor_class !== 'sophisticated' && s.status !== 'requested';

  const submit = handleSubmit(({ reason }) =>
    request.mutate(reason, {
      onError: (err) => {
        const key = err instanceof ApiError ? fieldErrorKey(err, 'reason') : undefined;
        if (key) setError('reason', { type: 'server', message: key });
      },
    }),
  );

  return (
    <section className={styles.card} aria-labelledby="sophisticated">
      <h2 id="sophisticated" className={styles.cardTitle}>
        {t('profile.classTitle')}
      </h2>
      <p>
        <span className={styles.status}>{t(`profile.class.${profile.investor_class}`)}</span>{' '}
        {s.status !== 'none' && t(`profile.request.${s.status}`)}
      </p>
      <p className={styles.muted}>{t('profile.classIntro')}</p>
      {canAsk && (
        <form className={styles.form} onSubmit={submit} noValidate>
          {request.isError && (
            <Notice type="error">
              {errorText(t, request.error, { fallback: 'invest:profile.saveFailed' })}
            </Notice>
          )}
          <TextAreaField
            label={t('profile.reason')}
            error={validationText(t, errors.reason?.message)}
            maxLength={SOPHISTICATED_REASON_MAX}
            {...register('reason')}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" disabled={request.isPending}>
              {t('profile.requestSubmit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
