import type { RevenueReportDto } from '@indiesplit/shared/revenue';
import { type ReactNode, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { Money } from '../../components/money.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { RevenuePoolPanel } from '../payments/revenue-pool-panel.tsx';
import { statementUrl, useCampaignReports } from './api.ts';
import { CampaignFacts, ReportDueNotice } from './my-campaigns-page.tsx';
import { ReportForm, type ReportFormMode } from './report-form/report-form.tsx';
import { DistributionSummary, ReportFigures, ReportStatusBadge, useReportTitle } from './report-parts.tsx';
import styles from './revenue.module.css';
import { SessionGone } from './session-gone.tsx';

type Outcome = { type: 'success' | 'warning'; text: string } | null;

/** One campaign's revenue reports: the list, and the form to file, correct or adjust one. */
export default function ReportsPage() {
  const { id = '' } = useParams();
  const { t } = useTranslation(['revenue', 'errors']);
  const data = useCampaignReports(id);
  const [mode, setMode] = useState<ReportFormMode | null>(null);
  const [outcome, setOutcome] = useState<Outcome>(null);
  // A new report is the moment to tell the backers how the month went: the page then asks for a
  // short update, and stays asking until the studio leaves or files another.
  const [askForNote, setAskForNote] = useState(false);
  const formRef = useRef<HTMLElement>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const opener = useRef<HTMLElement | null>(null);
  usePageTitle(data.data ? t('reports.title', { title: data.data.campaign.title }) : t('reports.titleShort'));

  if (data.error instanceof ApiError && data.error.status === 401) return <SessionGone />;

  const open = (next: ReportFormMode) => {
    opener.current = document.activeElement as HTMLElement | null;
    setOutcome(null);
    setAskForNote(false);
    setMode(next);
    focusSoon(() => formRef.current);
  };
  const close = () => {
    setMode(null);
    focusSoon(() => (opener.current?.isConnected ? opener.current : null));
  };

  let content: ReactNode;
  if (data.isPending) content = <PageSpinner label={t('loading')} />;
  else if (data.isError) {
    const missing =
      data.error instanceof ApiError && (data.error.status === 404 || data.error.status === 403);
    content = (
      <Notice type="error">
        <p>{missing ? t('reports.notFound') : errorText(t, data.error, { fallback: 'revenue:loadError' })}</p>
        {!missing && (
          <Button variant="secondary" size="sm" onClick={() => void data.refetch()}>
            {t('retry')}
          </Button>
        )}
      </Notice>
    );
  } else {
    const { campaign, reports } = data.data;
    content = (
      <>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('reports.title', { title: campaign.title })}</h1>
          <CampaignFacts campaign={campaign} />
          <ReportDueNotice campaign={campaign} />
        </header>
        {/* Where a payment provider holds the money: the IBAN the pools are paid to (ADR 0039). */}
        <RevenuePoolPanel campaignId={id} />
        {outcome && (
          <Notice
            ref={outcomeRef}
            type={outcome.type}
            onDismiss={() => setOutcome(null)}
            duration={outcome.type === 'success' ? 8000 : null}
          >
            {outcome.text}
          </Notice>
        )}
        {askForNote && campaign.slug && !mode && (
          <section className={styles.card} aria-labelledby="monthly-note-heading">
            <h2 id="monthly-note-heading" className={styles.cardTitle}>
              {t('reports.note.title')}
            </h2>
            <p>{t('reports.note.body')}</p>
            <Link to={paths.myCampaignUpdates(campaign.slug)}>{t('reports.note.action')}</Link>
          </section>
        )}
        {mode ? (
          <section ref={formRef} tabIndex={-1} className={styles.editor} aria-label={t('reports.formRegion')}>
            <ReportForm
              key={mode.type === 'new' ? 'new' : `${mode.type}-${mode.report.id}`}
              campaign={campaign}
              mode={mode}
              onCancel={close}
              onSaved={(_report, statementError) => {
                setAskForNote(mode.type === 'new');
                setMode(null);
                setOutcome(
                  statementError
                    ? {
                        type: 'warning',
                        text: t('reports.savedNoStatement', {
                          reason: errorText(t, statementError, { fallback: 'revenue:form.statement.failed' }),
                        }),
                      }
                    : { type: 'success', text: t('reports.saved') },
                );
                focusSoon(() => outcomeRef.current);
              }}
            />
          </section>
        ) : campaign.can_report ? (
          <div>
            <Button onClick={() => open({ type: 'new' })}>{t('reports.file')}</Button>
          </div>
        ) : (
          <p className={styles.muted}>{t('reports.cannotReport')}</p>
        )}
        <section className={styles.stack} aria-labelledby="reports-heading">
          <h2 id="reports-heading" className={styles.sectionTitle}>
            {t('reports.listTitle')}
          </h2>
          {reports.length === 0 ? (
            <p className={styles.muted}>{t('reports.empty')}</p>
          ) : (
            <ul className={styles.list}>
              {reports.map((r) => (
                <li key={r.id}>
                  <ReportCard
                    report={r}
                    busy={mode !== null}
                    onEdit={() => open({ type: 'edit', report: r })}
                    onAdjust={() => open({ type: 'adjust', report: r })}
                  />
                </li>
              ))}
            </ul>
          )}
        </section>
      </>
    );
  }

  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <Link to={paths.myCampaigns} className={styles.backLink}>
          <ChevronLeftIcon size={16} />
          {t('reports.back')}
        </Link>
        {content}
      </div>
    </main>
  );
}

function ReportCard({
  report,
  busy,
  onEdit,
  onAdjust,
}: {
  report: RevenueReportDto;
  busy: boolean;
  onEdit: () => void;
  onAdjust: () => void;
}) {
  const { t, i18n } = useTranslation('revenue');
  const titleOf = useReportTitle();
  const title = titleOf(report);
  const headingId = `report-${report.id}`;
  const editable = report.status === 'submitted' || report.status === 'returned';
  return (
    <article className={styles.card} aria-labelledby={headingId}>
      <header className={styles.cardHead}>
        <h3 id={headingId} className={styles.cardTitle}>
          {title}
        </h3>
        <ReportStatusBadge status={report.status} />
      </header>
      <dl className={styles.facts}>
        <div>
          <dt>{t('report.kind')}</dt>
          <dd>{t(`reportKind.${report.kind}`)}</dd>
        </div>
        <div>
          <dt>{t('report.net')}</dt>
          <dd>
            <Money cents={report.net_cents} currency={report.currency} />
          </dd>
        </div>
        <div>
          <dt>{t('report.submittedAt')}</dt>
          <dd>{formatDateTime(report.submitted_at, i18n.language)}</dd>
        </div>
        {report.statement_name && (
          <div>
            <dt>{t('report.statement')}</dt>
            <dd>
              <a href={statementUrl(report.id)} download>
                {report.statement_name}
              </a>
            </dd>
          </div>
        )}
      </dl>
      {report.status === 'returned' && report.review_comment && (
        <figure className={styles.message}>
          <figcaption>{t('report.returnedComment')}</figcaption>
          <blockquote>{report.review_comment}</blockquote>
        </figure>
      )}
      <details className={styles.details}>
        <summary>{t('report.figures')}</summary>
        <ReportFigures report={report} caption={t('report.figuresCaption', { period: title })} />
      </details>
      {report.distribution && <DistributionSummary distribution={report.distribution} />}
      {(editable || (report.status === 'verified' && report.kind === 'regular')) && (
        <div className={styles.cardActions}>
          {editable ? (
            <Button size="sm" variant="secondary" disabled={busy} onClick={onEdit}>
              {report.status === 'returned' ? t('report.fix') : t('report.edit')}
            </Button>
          ) : (
            <Button size="sm" variant="secondary" disabled={busy} onClick={onAdjust}>
              {t('report.adjust')}
            </Button>
          )}
        </div>
      )}
    </article>
  );
}
