import {
  type CampaignStatus,
  DEVELOPER_SERVICES,
  type DeveloperService,
  SERVICE_STATUSES,
  type ServiceStatus,
} from '@indiesplit/shared/campaigns';
import type {
  BackofficeCampaignDetail,
  CampaignStatusRequest,
} from '@indiesplit/shared/campaigns-backoffice';
import { type ChangeEvent, type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field, GroupError, SelectField, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError, apiUrl } from '../../lib/api.ts';
import { errorText, fieldErrorText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useMoveCampaign, useSetServiceStatus, useUploadCover } from '../campaigns/backoffice-api.ts';
import { formatDateTime } from '../campaigns/format.ts';
import styles from './backoffice.module.css';

// The side panels of the back office's campaign editor: status moves (each confirmed, with a
// reason), the cover image, the services checklist and the history of every move.

const today = () => new Date().toISOString().slice(0, 10);

/**
 * The moves an admin may make from the campaign's status. Nothing is sent before a confirmation;
 * cancelling needs a reason, starting the services a choice of services, the launch its date.
 * Errors that belong to the campaign's own fields (publishing an incomplete campaign) go to the
 * editor through `onFieldErrors`, which shows them beside the fields.
 */
export function StatusPanel({
  campaign,
  onFieldErrors,
}: {
  campaign: BackofficeCampaignDetail;
  onFieldErrors: (err: ApiError | null) => void;
}) {
  const { t } = useTranslation(['backoffice', 'campaigns', 'errors']);
  const move = useMoveCampaign(campaign.id);
  const [target, setTarget] = useState<CampaignStatus | null>(null);
  const [reason, setReason] = useState('');
  const [services, setServices] = useState<DeveloperService[]>(campaign.services);
  const [launchedOn, setLaunchedOn] = useState(today);
  const [error, setError] = useState<unknown>(null);
  const [done, setDone] = useState<CampaignStatus | null>(null);
  const boxRef = useRef<HTMLDivElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const open = (to: CampaignStatus) => {
    setTarget(to);
    setReason('');
    setServices(campaign.services);
    setLaunchedOn(today());
    setError(null);
    setDone(null);
    focusSoon(() => boxRef.current?.querySelector<HTMLElement>('textarea, input'));
  };

  const confirm = async (e: FormEvent) => {
    e.preventDefault();
    if (!target) return;
    const body: CampaignStatusRequest = { to: target, reason: reason.trim() };
    if (target === 'services_active') body.services = services;
    if (target === 'launched') body.launched_on = launchedOn;
    try {
      await move.mutateAsync(body);
      setDone(target);
      setTarget(null);
      onFieldErrors(null);
      focusSoon(() => noticeRef.current);
    } catch (err) {
      setError(err);
      // An incomplete campaign or key information sheet: the errors go beside the fields.
      const incomplete =
        err instanceof ApiError &&
        (err.code === 'campaignIncomplete' ||
          Object.keys(err.fieldCodes).some((f) => f.startsWith('studio_')));
      if (incomplete) {
        onFieldErrors(err);
        setTarget(null);
        focusSoon(() => noticeRef.current);
      }
    }
  };

  const fieldError = (name: string) =>
    error instanceof ApiError ? fieldErrorText(t, error, name) : undefined;
  const boxErrors = ['reason', 'services', 'launched_on'].some((f) => fieldError(f));

  return (
    <section className={styles.panel} aria-labelledby="campaign-status">
      <h2 id="campaign-status" className={styles.panelTitle}>
        {t('campaigns.statusTitle')}
      </h2>
      <p>
        {t('campaigns.currentStatus')} <strong>{t(`campaigns:status.${campaign.status}`)}</strong>
      </p>
      {done && (
        <Notice type="success" ref={noticeRef}>
          {t('campaigns.moved', { status: t(`campaigns:status.${done}`) })}
        </Notice>
      )}
      {error !== null && !target && (
        <Notice type="error" ref={noticeRef}>
          <p>{errorText(t, error, { fallback: 'backoffice:campaigns.moveFailed' })}</p>
          {/* Opening needs the studio's verification (ADR 0036): one of the missing items. */}
          {error instanceof ApiError && error.fieldCodes.studio_kyb && (
            <ul className={styles.badFields}>
              <li>
                {t('campaigns.kybMissing')}{' '}
                <Link to={paths.backofficeKybList}>{t('campaigns.kybReview')}</Link>
              </li>
            </ul>
          )}
        </Notice>
      )}
      {campaign.allowed_moves.length === 0 ? (
        <p className={styles.muted}>
          {t(campaign.status === 'launched' ? 'campaigns.completesByItself' : 'campaigns.noMoves')}
        </p>
      ) : !target ? (
        <div className={styles.formActions}>
          {campaign.allowed_moves.map((to) => (
            <Button
              key={to}
              variant={to === 'cancelled' ? 'danger' : 'secondary'}
              size="sm"
              onClick={() => open(to)}
            >
              {t(`campaigns.move.${to}`)}
            </Button>
          ))}
        </div>
      ) : (
        <form onSubmit={confirm} noValidate>
          <div ref={boxRef} className={styles.confirmBox}>
            <p className={styles.confirmText}>
              {t(`campaigns.confirm.${target}`, { title: campaign.title })}
            </p>
            {target === 'services_active' && (
              <fieldset aria-describedby={fieldError('services') ? 'move-services-error' : undefined}>
                <legend>{t('campaigns.servicesToStart')}</legend>
                {DEVELOPER_SERVICES.map((s) => (
                  <Checkbox
                    key={s}
                    label={t(`campaigns:service.${s}`)}
                    checked={services.includes(s)}
                    onChange={(e: ChangeEvent<HTMLInputElement>) =>
                      setServices((list) => (e.target.checked ? [...list, s] : list.filter((x) => x !== s)))
                    }
                  />
                ))}
                {fieldError('services') && (
                  <GroupError id="move-services-error">{fieldError('services')}</GroupError>
                )}
              </fieldset>
            )}
            {target === 'launched' && (
              <Field
                label={t('campaigns.launchedOn')}
                type="date"
                max={today()}
                value={launchedOn}
                onChange={(e) => setLaunchedOn(e.target.value)}
                error={fieldError('launched_on')}
                required
              />
            )}
            <TextAreaField
              label={target === 'cancelled' ? t('campaigns.reasonRequired') : t('campaigns.reasonOptional')}
              hint={target === 'cancelled' ? t('campaigns.cancelHint') : undefined}
              value={reason}
              onChange={(e) => setReason(e.target.value)}
              error={fieldError('reason')}
              required={target === 'cancelled'}
              rows={3}
              maxLength={1000}
            />
            {error !== null && !boxErrors && (
              <Notice type="error">
                {errorText(t, error, { fallback: 'backoffice:campaigns.moveFailed' })}
              </Notice>
            )}
            <div className={styles.formActions}>
              <Button variant="ghost" onClick={() => setTarget(null)} disabled={move.isPending}>
                {t('campaigns.back')}
              </Button>
              <Button
                type="submit"
                variant={target === 'cancelled' ? 'danger' : 'primary'}
                disabled={move.isPending}
              >
                {move.isPending ? t('campaigns.moving') : t(`campaigns.move.${target}`)}
              </Button>
            </div>
          </div>
        </form>
      )}
    </section>
  );
}

export function CoverPanel({ campaign }: { campaign: BackofficeCampaignDetail }) {
  const { t } = useTranslation(['backoffice', 'errors']);
  const upload = useUploadCover(campaign.id);
  const cover = apiUrl(campaign.cover_url);
  const onChange = (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (file) upload.mutate(file);
  };
  return (
    <section className={styles.panel} aria-labelledby="campaign-cover">
      <h2 id="campaign-cover" className={styles.panelTitle}>
        {t('campaigns.cover')}
      </h2>
      {cover ? (
        <img src={cover} alt={t('campaigns.coverAlt')} style={{ width: '100%', borderRadius: 8 }} />
      ) : (
        <p className={styles.muted}>{t('campaigns.noCover')}</p>
      )}
      <Field
        label={t('campaigns.chooseCover')}
        hint={t('campaigns.coverHint')}
        type="file"
        accept="image/jpeg,image/png,image/webp"
        onChange={onChange}
        disabled={upload.isPending}
      />
      {upload.isError && (
        <Notice type="error">
          {errorText(t, upload.error, { fallback: 'backoffice:campaigns.coverFailed' })}
        </Notice>
      )}
      {upload.isSuccess && <Notice type="success">{t('campaigns.coverSaved')}</Notice>}
    </section>
  );
}

export function ServicesPanel({ campaign }: { campaign: BackofficeCampaignDetail }) {
  const { t, i18n } = useTranslation(['backoffice', 'campaigns', 'errors']);
  const update = useSetServiceStatus(campaign.id);
  if (campaign.service_checklist.length === 0) return null;
  const editable = campaign.status === 'services_active' || campaign.status === 'launched';
  return (
    <section className={styles.panel} aria-labelledby="campaign-services">
      <h2 id="campaign-services" className={styles.panelTitle}>
        {t('campaigns.checklist')}
      </h2>
      {update.isError && (
        <Notice type="error">
          {errorText(t, update.error, { fallback: 'backoffice:campaigns.serviceFailed' })}
        </Notice>
      )}
      <ul className={styles.timeline}>
        {campaign.service_checklist.map((s) => (
          <li key={s.service}>
            <SelectField
              label={t(`campaigns:service.${s.service}`)}
              value={s.status}
              disabled={!editable || update.isPending}
              onChange={(e) => update.mutate({ service: s.service, status: e.target.value as ServiceStatus })}
              hint={
                s.updated_by
                  ? t('campaigns.serviceUpdated', {
                      username: s.updated_by.username,
                      when: formatDateTime(s.updated_at, i18n.language),
                    })
                  : undefined
              }
            >
              {SERVICE_STATUSES.map((status) => (
                <option key={status} value={status}>
                  {t(`campaigns:serviceStatus.${status}`)}
                </option>
              ))}
            </SelectField>
          </li>
        ))}
      </ul>
    </section>
  );
}

export function HistoryPanel({ campaign }: { campaign: BackofficeCampaignDetail }) {
  const { t, i18n } = useTranslation(['backoffice', 'campaigns']);
  const events = [...campaign.events].reverse();
  return (
    <section className={styles.panel} aria-labelledby="campaign-history">
      <h2 id="campaign-history" className={styles.panelTitle}>
        {t('campaigns.history')}
      </h2>
      {events.length === 0 ? (
        <p className={styles.muted}>{t('campaigns.noHistory')}</p>
      ) : (
        <ol className={styles.timeline}>
          {events.map((e) => (
            <li key={e.id}>
              <p className={styles.timelineHead}>
                <strong>
                  {e.from_status ? `${t(`campaigns:status.${e.from_status}`)} → ` : ''}
                  {t(`campaigns:status.${e.to_status}`)}
                </strong>
                <span className={styles.muted}>
                  {t('campaigns.by', {
                    who: e.actor ? e.actor.username : t('campaigns.platform'),
                    when: formatDateTime(e.created_at, i18n.language),
                  })}
                </span>
              </p>
              {e.reason && <p className={styles.timelineText}>{e.reason}</p>}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
