import {
  CAMPAIGN_STORY_MAX,
  CAMPAIGN_SUMMARY_MAX,
  CAMPAIGN_TEXT_MAX,
  DEVELOPER_SERVICES,
  GAME_GENRES,
} from '@indiesplit/shared/campaigns';
import {
  type BackofficeCampaignDetail,
  STUDIO_ADDRESS_MAX,
  STUDIO_TEXT_MAX,
} from '@indiesplit/shared/campaigns-backoffice';
import { PITCH_PLATFORMS } from '@indiesplit/shared/pitches';
import type { InputHTMLAttributes } from 'react';
import { useFormContext } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field, GroupError, SelectField, TextAreaField } from '../../components/field.tsx';
import { validationText } from '../../lib/error-text.ts';
import styles from './backoffice.module.css';
import type { CampaignEditorValues, TextKey } from './campaign-editor-values.ts';

// The editor's sections: each a panel of fields bound to the editor's form.

function useEditorField() {
  const { t } = useTranslation(['backoffice', 'campaigns', 'errors']);
  const {
    register,
    trigger,
    formState: { errors },
  } = useFormContext<CampaignEditorValues>();
  const err = (key: TextKey | 'platforms' | 'services' | 'studio_statement_signed') =>
    validationText(t, errors[key]?.message);
  return { t, register, trigger, err };
}

export function BasicsSection({ frozen }: { frozen: boolean }) {
  const { t, register, err } = useEditorField();
  return (
    <section className={styles.panel} aria-labelledby="campaign-basics">
      <h2 id="campaign-basics" className={styles.panelTitle}>
        {t('campaigns.basics')}
      </h2>
      <Field
        label={t('campaigns.field.title')}
        error={err('title')}
        maxLength={200}
        required
        {...register('title')}
      />
      <Field
        label={t('campaigns.field.slug')}
        error={err('slug')}
        disabled={frozen}
        hint={frozen ? t('campaigns.frozenHint') : t('campaigns.slugHint')}
        {...register('slug')}
      />
      <SelectField label={t('campaigns.field.genre')} {...register('genre')}>
        <option value="">{t('campaigns.noGenre')}</option>
        {GAME_GENRES.map((g) => (
          <option key={g} value={g}>
            {t(`campaigns:genre.${g}`)}
          </option>
        ))}
      </SelectField>
      <fieldset aria-describedby={err('platforms') ? 'campaign-platforms-error' : undefined}>
        <legend>{t('campaigns.field.platforms')}</legend>
        {PITCH_PLATFORMS.map((p) => (
          <Checkbox key={p} label={p} value={p} {...register('platforms')} />
        ))}
        {err('platforms') && <GroupError id="campaign-platforms-error">{err('platforms')}</GroupError>}
      </fieldset>
      <Field
        label={t('campaigns.field.trailer_url')}
        type="url"
        error={err('trailer_url')}
        {...register('trailer_url')}
      />
      <Field
        label={t('campaigns.field.expected_release_date')}
        type="date"
        error={err('expected_release_date')}
        {...register('expected_release_date')}
      />
    </section>
  );
}

export function TermsSection({ campaign }: { campaign: BackofficeCampaignDetail }) {
  const { t, register, err } = useEditorField();
  const frozen = campaign.terms_frozen;
  const term = (key: TextKey, props: InputHTMLAttributes<HTMLInputElement> = {}) => (
    <Field
      label={t(`campaigns.field.${key}`)}
      error={err(key)}
      disabled={frozen}
      hint={frozen ? t('campaigns.frozenHint') : undefined}
      {...props}
      {...register(key)}
    />
  );
  return (
    <section className={styles.panel} aria-labelledby="campaign-terms">
      <h2 id="campaign-terms" className={styles.panelTitle}>
        {t('campaigns.terms')}
      </h2>
      <SelectField
        label={t('campaigns.field.currency')}
        error={err('currency')}
        disabled={campaign.status !== 'draft'}
        hint={t('campaigns.currencyHint')}
        {...register('currency')}
      >
        <option value="EUR">{t('campaigns.currencyEur')}</option>
        <option value="DEMO">{t('campaigns.currencyDemo')}</option>
      </SelectField>
      {term('goal', { inputMode: 'decimal', required: true })}
      {term('max', { inputMode: 'decimal' })}
      {term('min_ticket', { inputMode: 'decimal' })}
      {term('revenue_share', { inputMode: 'decimal' })}
      {term('starts_at', { type: 'datetime-local' })}
      {term('deadline_at', { type: 'datetime-local' })}
      <p className={styles.muted}>{t('campaigns.termNote', { months: campaign.term_months })}</p>
    </section>
  );
}

export function TextsSection() {
  const { t, register, err } = useEditorField();
  const text = (key: TextKey, max: number, rows = 4) => (
    <TextAreaField
      label={t(`campaigns.field.${key}`)}
      error={err(key)}
      rows={rows}
      maxLength={max}
      {...register(key)}
    />
  );
  return (
    <section className={styles.panel} aria-labelledby="campaign-texts">
      <h2 id="campaign-texts" className={styles.panelTitle}>
        {t('campaigns.texts')}
      </h2>
      {text('summary_en', CAMPAIGN_SUMMARY_MAX, 2)}
      {text('summary_it', CAMPAIGN_SUMMARY_MAX, 2)}
      {text('story_en', CAMPAIGN_STORY_MAX, 8)}
      {text('story_it', CAMPAIGN_STORY_MAX, 8)}
      {text('risks_en', CAMPAIGN_TEXT_MAX)}
      {text('risks_it', CAMPAIGN_TEXT_MAX)}
      {text('use_of_funds_en', CAMPAIGN_TEXT_MAX)}
      {text('use_of_funds_it', CAMPAIGN_TEXT_MAX)}
    </section>
  );
}

/** The studio's identity, as the key investment information sheet names it (ADR 0028). */
export function StudioSection() {
  const { t, register, trigger, err } = useEditorField();
  const field = (key: TextKey, props: InputHTMLAttributes<HTMLInputElement> = {}, hint?: string) => (
    <Field
      label={t(`campaigns.field.${key}`)}
      error={err(key)}
      maxLength={STUDIO_TEXT_MAX}
      hint={hint}
      {...props}
      {...register(key)}
    />
  );
  return (
    <section className={styles.panel} aria-labelledby="campaign-studio">
      <h2 id="campaign-studio" className={styles.panelTitle}>
        {t('campaigns.studio')}
      </h2>
      <p className={styles.muted}>{t('campaigns.studioIntro')}</p>
      {field('studio_legal_name')}
      {field('studio_legal_form')}
      {field('studio_registration_number')}
      {field('studio_country', { maxLength: 2, autoComplete: 'off' }, t('campaigns.studioCountryHint'))}
      <TextAreaField
        label={t('campaigns.field.studio_address')}
        error={err('studio_address')}
        rows={2}
        maxLength={STUDIO_ADDRESS_MAX}
        {...register('studio_address')}
      />
      {field('studio_email', { type: 'email' })}
      <TextAreaField
        label={t('campaigns.field.studio_people')}
        hint={t('campaigns.studioPeopleHint')}
        error={err('studio_people')}
        rows={3}
        {...register('studio_people')}
      />
      <Checkbox
        label={t('campaigns.field.studio_statement_signed')}
        error={err('studio_statement_signed')}
        // A "please confirm" may come from a status move, before any save: the form then has not
        // been submitted and would not check the box again until the next save. Ticking it must
        // clear the error at once.
        {...register('studio_statement_signed', { onChange: () => void trigger('studio_statement_signed') })}
      />
      {field(
        'studio_raised_elsewhere',
        { inputMode: 'decimal', maxLength: 30, autoComplete: 'off' },
        t('campaigns.raisedElsewhereHint'),
      )}
    </section>
  );
}

export function ChosenServicesSection() {
  const { t, register } = useEditorField();
  return (
    <section className={styles.panel} aria-labelledby="campaign-services-chosen">
      <h2 id="campaign-services-chosen" className={styles.panelTitle}>
        {t('campaigns.servicesChosen')}
      </h2>
      {DEVELOPER_SERVICES.map((s) => (
        <Checkbox key={s} label={t(`campaigns:service.${s}`)} value={s} {...register('services')} />
      ))}
    </section>
  );
}
