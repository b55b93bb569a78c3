import { zodResolver } from '@hookform/resolvers/zod';
import { type InvestorProfileDto, LossSimulationRequest } from '@indiesplit/shared/investing';
import { formatMoney } from '@indiesplit/shared/money';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Field } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { useSaveLossSimulation } from './api.ts';
import { type LossSimulationValues, previewLossSimulation } from './invest-logic.ts';
import styles from './investing.module.css';

// The loss simulation ECSP asks for: three euro amounts (the shared LossSimulationRequest), with
// the net worth and the loss the investor could bear shown as they are typed.

const FIELDS = ['annual_income', 'liquid_assets', 'annual_commitments'] as const;
const resolver = zodResolver(LossSimulationRequest, undefined, { raw: true });

const centsToInput = (cents: number | undefined) => (cents === undefined ? '' : (cents / 100).toFixed(2));

export function LossSimulationForm({ profile }: { profile: InvestorProfileDto }) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const save = useSaveLossSimulation();
  const sim = profile.loss_simulation;
  const {
    register,
    control,
    handleSubmit,
    setError,
    formState: { errors },
  } = useForm<LossSimulationValues>({
    resolver,
    defaultValues: {
      annual_income: centsToInput(sim?.annual_income_cents),
      liquid_assets: centsToInput(sim?.liquid_assets_cents),
      annual_commitments: centsToInput(sim?.annual_commitments_cents),
    },
  });
  const preview = previewLossSimulation(useWatch({ control }) as LossSimulationValues);

  const submit = handleSubmit((values) =>
    save.mutate(values, {
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        for (const name of FIELDS) {
          const key = fieldErrorKey(err, name);
          if (key) setError(name, { type: 'server', message: key });
        }
      },
    }),
  );
  const field = (name: keyof LossSimulationValues) => ({
    error: validationText(t, errors[name]?.message),
    inputMode: 'decimal' as const,
    required: true,
    ...register(name),
  });

  return (
    <section className={styles.card} aria-labelledby="loss-simulation">
      <h2 id="loss-simulation" className={styles.cardTitle}>
        {t('profile.simTitle')}
      </h2>
      <p className={styles.muted}>{t('profile.simIntro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {save.isError && (
          <Notice type="error">{errorText(t, save.error, { fallback: 'invest:profile.saveFailed' })}</Notice>
        )}
        <Field label={t('profile.income')} {...field('annual_income')} />
        <Field label={t('profile.liquid')} {...field('liquid_assets')} />
        <Field label={t('profile.commitments')} {...field('annual_commitments')} />
        {preview && (
          <p aria-live="polite">
            {t('profile.simResult', {
              netWorth: formatMoney(preview.netWorthCents, 'EUR', i18n.language),
              loss: formatMoney(preview.lossCapacityCents, 'EUR', i18n.language),
            })}
          </p>
        )}
        {sim && save.isSuccess && <Notice type="success">{t('profile.simSaved')}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {t('profile.simSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}
