import type { MyPitchDto } from '@indiesplit/shared/pitches';
import { type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, Navigate } from 'react-router';
import type { NavigationState } from '../../app/navigation-state.ts';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { focusSoon } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { useAuth } from '../auth/auth-context.tsx';
import { useMyPitches, useResubmitPitch } from './api.ts';
import styles from './my-pitches.module.css';
import { formatDate, formatDateTime } from './pitch-format.ts';
import { valuesFromPitch } from './pitch-logic.ts';
import { PitchStatusBadge } from './pitch-status-badge.tsx';
import { ProjectForm } from './project-form.tsx';

/** The session ended under us: forget it locally and ask to log in again. */
function SessionGone() {
  const { clear, isAuthenticated } = useAuth();
  useEffect(() => {
    if (isAuthenticated) clear();
  }, [clear, isAuthenticated]);
  const state: NavigationState = { notice: 'sessionExpired' };
  return <Navigate to={paths.login} replace state={state} />;
}

/** "My pitches": every pitch of the member, its status and the reviewers' word. */
export default function MyPitchesPage() {
  const { t } = useTranslation(['pitch', 'common']);
  const pitches = useMyPitches();
  usePageTitle(t('mine.title'));

  if (pitches.error instanceof ApiError && pitches.error.status === 401) return <SessionGone />;

  let body: ReactNode;
  if (pitches.isPending) body = <PageSpinner label={t('mine.loading')} />;
  else if (pitches.isError) {
    body = (
      <Notice type="error">
        <p>{t('mine.loadError')}</p>
        <Button variant="secondary" size="sm" onClick={() => void pitches.refetch()}>
          {t('mine.retry')}
        </Button>
      </Notice>
    );
  } else if (pitches.data.length === 0) {
    body = (
      <div className={styles.empty}>
        <p>{t('mine.empty')}</p>
        <ButtonLink to={paths.pitch}>{t('mine.pitchNow')}</ButtonLink>
      </div>
    );
  } else {
    body = (
      <ul className={styles.list}>
        {pitches.data.map((pitch) => (
          <li key={pitch.id}>
            <PitchCard pitch={pitch} />
          </li>
        ))}
      </ul>
    );
  }

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('mine.title')}</h1>
          <p className={styles.intro}>{t('mine.intro')}</p>
        </header>
        {body}
      </div>
    </main>
  );
}

function PitchCard({ pitch }: { pitch: MyPitchDto }) {
  const { t, i18n } = useTranslation('pitch');
  const [editing, setEditing] = useState(false);
  const [done, setDone] = useState(false);
  const resubmit = useResubmitPitch(pitch.id);
  const headingId = `pitch-${pitch.id}`;
  const formRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  const lang = i18n.language;

  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHead}>
        <h2 id={headingId} className={styles.cardTitle}>
          {pitch.project_name}
        </h2>
        <PitchStatusBadge status={pitch.status} />
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t('mine.submitted')}</dt>
          <dd>{formatDate(pitch.submitted_at, lang)}</dd>
        </div>
        {pitch.revision > 1 && (
          <div>
            <dt>{t('mine.revision')}</dt>
            <dd>{pitch.revision}</dd>
          </div>
        )}
        {pitch.decided_at && (
          <div>
            <dt>{t('mine.decided')}</dt>
            <dd>{formatDateTime(pitch.decided_at, lang)}</dd>
          </div>
        )}
      </dl>
      <p className={styles.statusText}>{t(`statusText.${pitch.status}`)}</p>
      <CampaignLink campaign={pitch.campaign} title={pitch.project_name} />
      {pitch.decision_message && (
        <figure className={styles.message}>
          <figcaption>{t('mine.decisionMessage')}</figcaption>
          <blockquote>{pitch.decision_message}</blockquote>
        </figure>
      )}
      {done && !editing && (
        <Notice type="success" duration={null} onDismiss={() => setDone(false)}>
          {t('mine.resubmitted')}
        </Notice>
      )}
      {pitch.can_resubmit && !editing && (
        <div className={styles.cardActions}>
          <Button
            ref={openerRef}
            onClick={() => {
              setEditing(true);
              setDone(false);
              focusSoon(() => formRef.current);
            }}
          >
            {t('mine.edit')}
          </Button>
        </div>
      )}
      {pitch.can_resubmit && editing && (
        <section ref={formRef} tabIndex={-1} className={styles.editor} aria-labelledby={`${headingId}-edit`}>
          <h3 id={`${headingId}-edit`} className={styles.editorTitle}>
            {t('mine.editTitle')}
          </h3>
          <p className={styles.muted}>{t('mine.editIntro')}</p>
          <ProjectForm
            mode="resubmit"
            hasPassword={pitch.has_pitch_password}
            defaultValues={valuesFromPitch(pitch)}
            submitLabel={t('mine.resubmit')}
            busyLabel={t('mine.resubmitting')}
            send={async (data) => {
              await resubmit.mutateAsync(data);
              setEditing(false);
              setDone(true);
            }}
            secondaryAction={
              <Button
                variant="secondary"
                onClick={() => {
                  setEditing(false);
                  focusSoon(() => openerRef.current);
                }}
              >
                {t('mine.cancel')}
              </Button>
            }
          />
        </section>
      )}
    </article>
  );
}

/**
 * Where an approved pitch went: its campaign page once the campaign is announced, before that a
 * word that the team is preparing it (a draft has no public page). A cancelled one says nothing.
 */
function CampaignLink({ campaign, title }: { campaign: MyPitchDto['campaign']; title: string }) {
  const { t } = useTranslation('pitch');
  if (!campaign || campaign.status === 'cancelled') return null;
  if (campaign.status === 'draft' || !campaign.slug)
    return (
      <p className={styles.statusText}>
        {t('mine.campaignPreparing')} <Link to={paths.myCampaigns}>{t('mine.myCampaigns')}</Link>
      </p>
    );
  return (
    <div className={styles.cardActions}>
      <ButtonLink
        to={paths.campaign(campaign.slug)}
        variant="secondary"
        aria-label={t('mine.campaignLabel', { title })}
      >
        {t('mine.campaign')}
      </ButtonLink>
    </div>
  );
}
