import {
  type BackofficeCampaignDetail,
  CAMPAIGN_STORY_MAX,
  CAMPAIGN_SUMMARY_MAX,
  CAMPAIGN_TEXT_MAX,
  type CampaignEditRequest,
  DEVELOPER_SERVICES,
  GAME_GENRES,
  PUBLIC_CAMPAIGN_STATUSES,
} from '@indiesplit/shared/campaigns';
import { centsToEuroString } from '@indiesplit/shared/money';
import { PITCH_PLATFORMS } from '@indiesplit/shared/pitches';
import { type ChangeEvent, type FormEvent, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field, GroupError, SelectField, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useBackofficeCampaign, useEditCampaign } from '../campaigns/backoffice-api.ts';
import { formatAmount } from '../campaigns/format.ts';
import styles from './backoffice.module.css';
import { CoverPanel, HistoryPanel, ServicesPanel, StatusPanel } from './campaign-editor-panels.tsx';
import { LoadError } from './load-error.tsx';

// The admin's campaign editor: texts in both languages, money terms, dates, platforms and
// services; the status moves, the cover, the services checklist and the history beside them.
// Only the fields that changed are sent, so terms frozen after the opening are never resent.

const TEXT_KEYS = [
  'title',
  'slug',
  'genre',
  'currency',
  'goal',
  'max',
  'min_ticket',
  'revenue_share',
  'starts_at',
  'deadline_at',
  'trailer_url',
  'expected_release_date',
  'summary_en',
  'summary_it',
  'story_en',
  'story_it',
  'risks_en',
  'risks_it',
  'use_of_funds_en',
  'use_of_funds_it',
] as const;
type TextKey = (typeof TEXT_KEYS)[number];
type FormValues = Record<TextKey, string> & { platforms: string[]; services: string[] };

const pad = (n: number) => String(n).padStart(2, '0');

/** An instant -> the value of a datetime-local input, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A datetime-local value (the browser's time zone) -> an ISO instant; '' stays ''. */
export function fromLocalInput(value: string): string {
  if (!value) return '';
  const d = new Date(value);
  return Number.isNaN(d.getTime()) ? value : d.toISOString();
}

/** Basis points -> the percentage as typed: 750 -> "7.5". */
const shareText = (bps: number | null) => (bps === null ? '' : String(bps / 100));

export function formFrom(c: BackofficeCampaignDetail): FormValues {
  return {
    title: c.title,
    slug: c.slug ?? '',
    genre: c.genre ?? '',
    currency: c.currency,
    goal: centsToEuroString(c.goal_cents),
    max: c.max_cents === null ? '' : centsToEuroString(c.max_cents),
    min_ticket: centsToEuroString(c.min_ticket_cents),
    revenue_share: shareText(c.revenue_share_bps),
    starts_at: toLocalInput(c.starts_at),
    deadline_at: toLocalInput(c.deadline_at),
    trailer_url: c.trailer_url ?? '',
    expected_release_date: c.expected_release_date ?? '',
    summary_en: c.summary_en,
    summary_it: c.summary_it,
    story_en: c.story_en,
    story_it: c.story_it,
    risks_en: c.risks_en,
    risks_it: c.risks_it,
    use_of_funds_en: c.use_of_funds_en,
    use_of_funds_it: c.use_of_funds_it,
    platforms: c.platforms,
    services: c.services,
  };
}

const sameList = (a: string[], b: string[]) => [...a].sort().join('\n') === [...b].sort().join('\n');

/** Only what changed, in the API's shape. */
export function changesOf(initial: FormValues, current: FormValues): CampaignEditRequest {
  const body: Record<string, unknown> = {};
  for (const key of TEXT_KEYS) {
    if (current[key] === initial[key]) continue;
    const value = current[key];
    if (key === 'genre') body.genre = value === '' ? null : value;
    else if (key === 'starts_at' || key === 'deadline_at') body[key] = fromLocalInput(value);
    else body[key] = value;
  }
  if (!sameList(initial.platforms, current.platforms)) body.platforms = current.platforms;
  if (!sameList(initial.services, current.services)) body.services = current.services;
  return body as CampaignEditRequest;
}

export default function CampaignEditorPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['backoffice', 'campaigns', 'errors']);
  const campaign = useBackofficeCampaign(id);
  usePageTitle(campaign.data?.title ?? t('campaigns.listTitle'));
  if (campaign.isPending) return <PageSpinner label={t('campaigns.loading')} />;
  if (campaign.isError) {
    return (
      <div className={styles.page}>
        <LoadError error={campaign.error} onRetry={() => void campaign.refetch()} adminOnly />
      </div>
    );
  }
  return <CampaignEditor campaign={campaign.data} />;
}

export function CampaignEditor({ campaign }: { campaign: BackofficeCampaignDetail }) {
  const { t, i18n } = useTranslation(['backoffice', 'campaigns', 'errors']);
  const save = useEditCampaign(campaign.id);
  const [initial, setInitial] = useState(() => formFrom(campaign));
  const [form, setForm] = useState(initial);
  const [serverError, setServerError] = useState<ApiError | null>(null);
  const [saved, setSaved] = useState(false);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  // The campaign changed on the server (a move, a save): unchanged fields follow it, edits stay.
  useEffect(() => {
    const next = formFrom(campaign);
    setInitial((before) => {
      setForm((f) => {
        const merged = { ...f };
        for (const key of TEXT_KEYS) if (f[key] === before[key]) merged[key] = next[key];
        if (sameList(f.platforms, before.platforms)) merged.platforms = next.platforms;
        if (sameList(f.services, before.services)) merged.services = next.services;
        return merged;
      });
      return next;
    });
  }, [campaign]);

  const frozen = campaign.terms_frozen;
  const set =
    (key: TextKey) => (e: ChangeEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
      setSaved(false);
      setForm((f) => ({ ...f, [key]: e.target.value }));
    };
  const toggle = (key: 'platforms' | 'services', value: string) => (e: ChangeEvent<HTMLInputElement>) => {
    setSaved(false);
    setForm((f) => ({
      ...f,
      [key]: e.target.checked ? [...f[key], value] : f[key].filter((v) => v !== value),
    }));
  };
  const err = (key: string) => (serverError ? fieldErrorText(t, serverError, key) : undefined);
  const changes = changesOf(initial, form);
  const dirty = Object.keys(changes).length > 0;

  const onSubmit = async (e: FormEvent) => {
    e.preventDefault();
    setSaved(false);
    try {
      await save.mutateAsync(changes);
      setServerError(null);
      setSaved(true);
      focusSoon(() => noticeRef.current);
    } catch (error) {
      const apiError = error instanceof ApiError ? error : null;
      setServerError(apiError);
      const first = apiError ? Object.keys(apiError.fieldCodes)[0] : undefined;
      focusSoon(() =>
        first
          ? (formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`) ?? noticeRef.current)
          : noticeRef.current,
      );
      if (!apiError) setServerError(new ApiError({ status: 0, code: 'networkError' }));
    }
  };

  const showFieldErrors = (error: ApiError | null) => {
    setServerError(error);
    const first = error ? Object.keys(error.fieldCodes)[0] : undefined;
    if (first) focusSoon(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`));
  };

  const text = (key: TextKey, max: number, rows = 4) => (
    <TextAreaField
      label={t(`campaigns.field.${key}`)}
      name={key}
      value={form[key]}
      onChange={set(key)}
      error={err(key)}
      rows={rows}
      maxLength={max}
    />
  );
  const term = (key: TextKey, props: Record<string, unknown> = {}) => (
    <Field
      label={t(`campaigns.field.${key}`)}
      name={key}
      value={form[key]}
      onChange={set(key)}
      error={err(key)}
      disabled={frozen}
      hint={frozen ? t('campaigns.frozenHint') : undefined}
      {...props}
    />
  );
  const isPublic = PUBLIC_CAMPAIGN_STATUSES.includes(campaign.status) && campaign.slug;

  return (
    <div className={styles.page}>
      <p>
        <Link to={paths.backofficeCampaigns}>{t('campaigns.backToList')}</Link>
      </p>
      <header className={styles.detailHead}>
        <div>
          <h1 className={styles.title}>{campaign.title}</h1>
          <p className={styles.muted}>
            {t(`campaigns:status.${campaign.status}`)}
            {campaign.currency === 'DEMO' && ` · ${t('campaigns:demo.badge')}`}
            {campaign.developer &&
              ` · ${t('campaigns.developer', { username: campaign.developer.username })}`}
          </p>
        </div>
        <div className={styles.headSide}>
          <p className={styles.muted}>
            {t('campaigns.raised', {
              raised: formatAmount(t, campaign.committed_cents, campaign.currency, i18n.language),
              count: campaign.investor_count,
            })}
          </p>
          {isPublic && campaign.slug && (
            <Link to={paths.campaign(campaign.slug)}>{t('campaigns.publicPage')}</Link>
          )}
          {campaign.pitch_id && (
            <Link to={paths.backofficePitch(campaign.pitch_id)}>{t('campaigns.pitch')}</Link>
          )}
        </div>
      </header>

      <div className={styles.detailGrid}>
        <form ref={formRef} className={styles.stack} onSubmit={onSubmit} noValidate>
          {serverError && (
            <Notice type="error" ref={noticeRef}>
              {errorText(t, serverError, { fallback: 'backoffice:campaigns.saveFailed' })}
            </Notice>
          )}
          {saved && (
            <Notice type="success" ref={noticeRef}>
              {t('campaigns.saved')}
            </Notice>
          )}
          <section className={styles.panel} aria-labelledby="campaign-basics">
            <h2 id="campaign-basics" className={styles.panelTitle}>
              {t('campaigns.basics')}
            </h2>
            <Field
              label={t('campaigns.field.title')}
              name="title"
              value={form.title}
              onChange={set('title')}
              error={err('title')}
              maxLength={200}
              required
            />
            {term('slug', { hint: frozen ? t('campaigns.frozenHint') : t('campaigns.slugHint') })}
            <SelectField
              label={t('campaigns.field.genre')}
              name="genre"
              value={form.genre}
              onChange={set('genre')}
            >
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
                <Checkbox
                  key={p}
                  name="platforms"
                  label={p}
                  checked={form.platforms.includes(p)}
                  onChange={toggle('platforms', p)}
                />
              ))}
              {err('platforms') && <GroupError id="campaign-platforms-error">{err('platforms')}</GroupError>}
            </fieldset>
            <Field
              label={t('campaigns.field.trailer_url')}
              name="trailer_url"
              type="url"
              value={form.trailer_url}
              onChange={set('trailer_url')}
              error={err('trailer_url')}
            />
            <Field
              label={t('campaigns.field.expected_release_date')}
              name="expected_release_date"
              type="date"
              value={form.expected_release_date}
              onChange={set('expected_release_date')}
              error={err('expected_release_date')}
            />
          </section>

          <section className={styles.panel} aria-labelledby="campaign-terms">
            <h2 id="campaign-terms" className={styles.panelTitle}>
              {t('campaigns.terms')}
            </h2>
            <SelectField
              label={t('campaigns.field.currency')}
              name="currency"
              value={form.currency}
              onChange={set('currency')}
              error={err('currency')}
              disabled={campaign.status !== 'draft'}
              hint={t('campaigns.currencyHint')}
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

          <section className={styles.panel} aria-labelledby="campaign-services-chosen">
            <h2 id="campaign-services-chosen" className={styles.panelTitle}>
              {t('campaigns.servicesChosen')}
            </h2>
            {DEVELOPER_SERVICES.map((s) => (
              <Checkbox
                key={s}
                name="services"
                label={t(`campaigns:service.${s}`)}
                checked={form.services.includes(s)}
                onChange={toggle('services', s)}
              />
            ))}
          </section>

          <div className={styles.formActions}>
            <Button
              variant="ghost"
              disabled={!dirty || save.isPending}
              onClick={() => {
                setForm(initial);
                setServerError(null);
              }}
            >
              {t('campaigns.discard')}
            </Button>
            <Button type="submit" disabled={!dirty || save.isPending}>
              {save.isPending ? t('campaigns.saving') : t('campaigns.save')}
            </Button>
          </div>
        </form>

        <div className={styles.stack}>
          <StatusPanel campaign={campaign} onFieldErrors={showFieldErrors} />
          <CoverPanel campaign={campaign} />
          <ServicesPanel campaign={campaign} />
          <HistoryPanel campaign={campaign} />
        </div>
      </div>
    </div>
  );
}
