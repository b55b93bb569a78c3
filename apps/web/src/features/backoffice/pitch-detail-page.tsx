import { formatMoney } from '@indiesplit/shared/money';
import type { BackofficePitchDetail, PitchEventDto } from '@indiesplit/shared/pitches';
import { platformLabel } from '@indiesplit/shared/pitches';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { ChevronLeftIcon, ExternalIcon } from '../../components/icons.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { formatDateTime, formatDay, formatScore } from '../pitches/pitch-format.ts';
import { serviceChoiceKey } from '../pitches/pitch-logic.ts';
import { PitchStatusBadge } from '../pitches/pitch-status-badge.tsx';
import { pitchPdfUrl, usePitchDetail } from './api.ts';
import { AssignmentsPanel } from './assignments-panel.tsx';
import styles from './backoffice.module.css';
import { useBackofficeUser } from './backoffice-user.ts';
import { DecisionPanel } from './decision-panel.tsx';
import { Forbidden } from './forbidden.tsx';
import { isForbidden, LoadError } from './load-error.tsx';
import { ReviewForm } from './review-form.tsx';
import { ReviewsList } from './reviews-list.tsx';

/** One pitch for the review team: every field, its history, and what the viewer's role may do. */
export default function PitchDetailPage() {
  const { t } = useTranslation('backoffice');
  const { id = '' } = useParams();
  const pitch = usePitchDetail(id);
  usePageTitle(pitch.data ? pitch.data.project_name : t('detail.title'));

  if (isForbidden(pitch.error)) return <Forbidden />;
  return (
    <div className={styles.page}>
      <Link to={paths.backoffice} className={styles.backLink}>
        <ChevronLeftIcon size={16} />
        {t('detail.back')}
      </Link>
      {pitch.isPending ? (
        <PageSpinner label={t('loading')} />
      ) : pitch.isError ? (
        <>
          <h1 className={styles.title}>{t('detail.title')}</h1>
          <LoadError error={pitch.error} onRetry={() => void pitch.refetch()} />
        </>
      ) : (
        <PitchDetail pitch={pitch.data} />
      )}
    </div>
  );
}

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className={styles.panel} aria-labelledby={id}>
      <h2 id={id} className={styles.panelTitle}>
        {title}
      </h2>
      {children}
    </section>
  );
}

function PitchDetail({ pitch }: { pitch: BackofficePitchDetail }) {
  const { t, i18n } = useTranslation(['backoffice', 'pitch']);
  const lang = i18n.language;
  const user = useBackofficeUser();
  const isAdmin = user.role === 'admin';
  const isAssigned = pitch.assignments.some((a) => a.id === user.id);
  const closed = pitch.status === 'approved' || pitch.status === 'rejected';
  const ownReview = pitch.reviews.find((r) => r.reviewer.id === user.id && r.revision === pitch.revision);
  const service = serviceChoiceKey(pitch.i_am_looking_for);
  const yesNo = (v: boolean) => (v ? t('detail.yes') : t('detail.no'));

  return (
    <>
      <header className={styles.detailHead}>
        <div>
          <h1 className={styles.title}>{pitch.project_name}</h1>
          <p className={styles.muted}>
            {t('detail.byline', {
              name: pitch.name,
              date: formatDateTime(pitch.submitted_at, lang),
              revision: pitch.revision,
            })}
          </p>
        </div>
        <div className={styles.headSide}>
          <PitchStatusBadge status={pitch.status} />
          {pitch.average_score !== null && (
            <span className={styles.average}>
              {t('detail.average', { average: formatScore(pitch.average_score, lang) })}
            </span>
          )}
        </div>
      </header>
      {pitch.campaign_id && (
        <p className={styles.campaign} role="note">
          {t('detail.campaign')}{' '}
          <Link to={paths.backofficeCampaign(pitch.campaign_id)}>{t('decision.openDraft')}</Link>
        </p>
      )}

      <div className={styles.detailGrid}>
        <div className={styles.stack}>
          <Section id="pitch-fields" title={t('detail.fields')}>
            <dl className={styles.fields}>
              <Row label={t('pitch:contact.name')}>{pitch.name}</Row>
              <Row label={t('pitch:contact.email')}>
                <a href={`mailto:${pitch.email}`}>{pitch.email}</a>
              </Row>
              <Row label={t('pitch:details.projectName')}>{pitch.project_name}</Row>
              <Row label={t('pitch:details.budget')}>
                {formatMoney(pitch.expected_production_budget_cents, 'EUR', lang, { trimWhole: true })}
              </Row>
              <Row label={t('pitch:details.funding')}>
                {formatMoney(pitch.required_funding_size_cents, 'EUR', lang, { trimWhole: true })}
              </Row>
              <Row label={t('pitch:details.releaseDate')}>{formatDay(pitch.expected_release_date, lang)}</Row>
              <Row label={t('pitch:details.platforms')}>
                {pitch.distribution_platforms.length > 0
                  ? pitch.distribution_platforms.map(platformLabel).join(', ')
                  : t('detail.none')}
              </Row>
              <Row label={t('pitch:details.service')}>
                {service ? t(`pitch:services.${service}`) : pitch.i_am_looking_for.join(', ')}
              </Row>
              <Row label={t('pitch:details.debut')}>{yesNo(pitch.is_debut_title)}</Row>
              <Row label={t('pitch:details.publisher')}>{yesNo(pitch.plan_to_choose_publisher)}</Row>
              <Row label={t('pitch:details.trailer')}>
                <ExternalLink href={pitch.trailer_link} />
              </Row>
              <Row label={t('pitch:details.demo')}>
                <ExternalLink href={pitch.demo_link} />
              </Row>
              <Row label={t('pitch:details.pitchPassword')}>
                <SecretValue value={pitch.pitch_password} />
              </Row>
              <Row label={t('pitch:details.pitchFile')}>
                <a href={pitchPdfUrl(pitch.id)} download className="btn btn-secondary btn-sm">
                  {t('detail.downloadPdf', { size: formatSize(pitch.pdf_bytes, lang) })}
                </a>
              </Row>
              <Row label={t('pitch:details.notes')} wide>
                {pitch.notes ? <span className={styles.preWrap}>{pitch.notes}</span> : t('detail.none')}
              </Row>
            </dl>
          </Section>

          {isAssigned && pitch.status === 'in_review' && (
            <Section id="own-review" title={ownReview ? t('review.titleUpdate') : t('review.title')}>
              <ReviewForm key={`${pitch.id}-${pitch.revision}`} pitchId={pitch.id} review={ownReview} />
            </Section>
          )}

          <Section id="pitch-reviews" title={isAdmin ? t('reviews.title') : t('reviews.ownTitle')}>
            <ReviewsList reviews={pitch.reviews} currentRevision={pitch.revision} />
          </Section>
        </div>

        <div className={styles.stack}>
          {isAdmin && (
            <Section id="pitch-decision" title={t('decision.title')}>
              <DecisionPanel pitchId={pitch.id} projectName={pitch.project_name} status={pitch.status} />
            </Section>
          )}
          {isAdmin && (
            <Section id="pitch-reviewers" title={t('assign.title')}>
              <AssignmentsPanel pitchId={pitch.id} assigned={pitch.assignments} closed={closed} />
            </Section>
          )}
          {!isAdmin && (
            <Section id="pitch-reviewers" title={t('assign.title')}>
              <p>{pitch.assignments.map((a) => a.username).join(', ') || t('assign.none')}</p>
            </Section>
          )}
          <Section id="pitch-history" title={t('history.title')}>
            <History events={pitch.events} />
          </Section>
        </div>
      </div>
    </>
  );
}

function Row({ label, children, wide = false }: { label: string; children: ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? styles.fieldWide : undefined}>
      <dt>{label}</dt>
      <dd>{children}</dd>
    </div>
  );
}

function ExternalLink({ href }: { href: string | null }) {
  const { t } = useTranslation(['backoffice', 'common']);
  if (!href) return <>{t('detail.none')}</>;
  // Only web links become links: anything else is shown as text, never as a javascript: URL.
  if (!/^https?:\/\//i.test(href)) return <span className={styles.breakAll}>{href}</span>;
  return (
    <a href={href} target="_blank" rel="noopener noreferrer" className={styles.breakAll}>
      {href}
      <ExternalIcon size={14} aria-hidden="true" />
      <span className="visually-hidden"> {t('common:opensInNewTab')}</span>
    </a>
  );
}

/** The deck's password stays hidden until asked for, so it is not read over anyone's shoulder. */
function SecretValue({ value }: { value: string | null }) {
  const { t } = useTranslation('backoffice');
  const [shown, setShown] = useState(false);
  if (!value) return <>{t('detail.none')}</>;
  return (
    <span className={styles.secret}>
      {shown ? <code>{value}</code> : <span aria-hidden="true">••••••••</span>}
      <Button variant="ghost" size="sm" aria-pressed={shown} onClick={() => setShown((v) => !v)}>
        {shown ? t('detail.hidePassword') : t('detail.showPassword')}
      </Button>
    </span>
  );
}

function formatSize(bytes: number, lang: string): string {
  const mb = bytes / (1024 * 1024);
  if (mb >= 1) return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 1 }).format(mb)} MB`;
  return `${new Intl.NumberFormat(lang, { maximumFractionDigits: 0 }).format(Math.max(1, bytes / 1024))} kB`;
}

function History({ events }: { events: PitchEventDto[] }) {
  const { t, i18n } = useTranslation(['backoffice', 'pitch']);
  if (events.length === 0) return <p className={styles.muted}>{t('history.none')}</p>;
  const sorted = [...events].sort((a, b) => b.created_at.localeCompare(a.created_at) || b.id - a.id);
  return (
    <ol className={styles.timeline}>
      {sorted.map((event) => (
        <li key={event.id}>
          <p className={styles.timelineHead}>
            <PitchStatusBadge status={event.to_status} />
            <span className={styles.cellSub}>
              {formatDateTime(event.created_at, i18n.language)}
              {' · '}
              {event.actor ? event.actor.username : t('history.developerOrSystem')}
            </span>
          </p>
          <p className={styles.timelineText}>
            {event.from_status
              ? t('history.moved', {
                  from: t(`pitch:status.${event.from_status}`),
                  to: t(`pitch:status.${event.to_status}`),
                })
              : t('history.created')}
          </p>
          {event.message && <p className={styles.comment}>{event.message}</p>}
        </li>
      ))}
    </ol>
  );
}
