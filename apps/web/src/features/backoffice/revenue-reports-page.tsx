import { formatMoney } from '@indiesplit/shared/money';
import { REPORT_STATUSES, type ReportStatus, type RevenueReportDto } from '@indiesplit/shared/revenue';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Checkbox } from '../../components/checkbox.tsx';
import { SelectField, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { formatDateTime } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { statementUrl, useBackofficeReports, useReturnReport, useVerifyReport } from '../revenue/api.ts';
import {
  DistributionSummary,
  ReportFigures,
  ReportStatusBadge,
  useReportTitle,
} from '../revenue/report-parts.tsx';
import styles from './backoffice.module.css';
import { ConfirmBox } from './confirm-box.tsx';
import { Forbidden } from './forbidden.tsx';
import { isForbidden, LoadError } from './load-error.tsx';

// Revenue reports (admins): the reports developers filed, with their per-store figures and
// statement; an admin verifies one (which creates its distribution) or sends it back with a comment.

type Outcome =
  | { ok: true; kind: 'verified' | 'returned'; report: RevenueReportDto }
  | { ok: false; text: string }
  | null;

export default function RevenueReportsPage() {
  const { t } = useTranslation(['revenue', 'backoffice', 'errors']);
  usePageTitle(t('review.title'));
  const [status, setStatus] = useState<ReportStatus | ''>('submitted');
  // Demo rounds (virtual money) are hidden unless asked for: they would bury the real reports.
  const [showDemo, setShowDemo] = useState(false);
  const list = useBackofficeReports(status || null, showDemo);
  const [outcome, setOutcome] = useState<Outcome>(null);
  const outcomeRef = useRef<HTMLDivElement>(null);
  const titleOf = useReportTitle();

  if (isForbidden(list.error)) return <Forbidden adminOnly />;

  const report = (next: Outcome) => {
    setOutcome(next);
    focusSoon(() => outcomeRef.current);
  };

  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('review.title')}</h1>
        <p className={styles.muted}>{t('review.intro')}</p>
      </header>
      {outcome && (
        <Notice
          ref={outcomeRef}
          type={outcome.ok ? 'success' : 'error'}
          onDismiss={() => setOutcome(null)}
          title={
            outcome.ok
              ? t(outcome.kind === 'verified' ? 'review.verifiedDone' : 'review.returnedDone', {
                  campaign: outcome.report.campaign.title,
                  period: titleOf(outcome.report),
                })
              : undefined
          }
        >
          {outcome.ok ? (
            outcome.report.distribution ? (
              <DistributionSummary distribution={outcome.report.distribution} />
            ) : (
              <p>{outcome.kind === 'verified' ? t('review.noDistribution') : t('review.returnedText')}</p>
            )
          ) : (
            outcome.text
          )}
        </Notice>
      )}
      <div className={styles.filterGrid}>
        <SelectField
          label={t('review.filter')}
          value={status}
          onChange={(e) => setStatus(e.currentTarget.value as ReportStatus | '')}
        >
          {REPORT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`reportStatus.${s}`)}
            </option>
          ))}
          <option value="">{t('review.all')}</option>
        </SelectField>
        <Checkbox
          label={t('backoffice:demoFilter.show')}
          description={t('backoffice:demoFilter.hint')}
          checked={showDemo}
          onChange={(e) => setShowDemo(e.currentTarget.checked)}
        />
      </div>
      {list.isPending ? (
        <Spinner label={t('loading')} />
      ) : list.isError ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} adminOnly />
      ) : list.data.length === 0 ? (
        <Notice type="info" live={false}>
          {t('review.empty')}
        </Notice>
      ) : (
        <ul className={styles.cardList} aria-busy={list.isPlaceholderData || undefined}>
          {list.data.map((r) => (
            <li key={r.id}>
              <ReviewCard report={r} onOutcome={report} />
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}

function ReviewCard({ report, onOutcome }: { report: RevenueReportDto; onOutcome: (o: Outcome) => void }) {
  const { t, i18n } = useTranslation(['revenue', 'backoffice', 'errors']);
  const titleOf = useReportTitle();
  const period = titleOf(report);
  const verify = useVerifyReport();
  const sendBack = useReturnReport();
  const [returning, setReturning] = useState(false);
  // Verifying creates the investors' distribution and cannot be undone: it is confirmed first.
  const [confirmingVerify, setConfirmingVerify] = useState(false);
  const verifyButton = useRef<HTMLButtonElement>(null);
  const [comment, setComment] = useState('');
  const [commentError, setCommentError] = useState<string | undefined>(undefined);
  const commentRef = useRef<HTMLTextAreaElement>(null);
  const returnButton = useRef<HTMLButtonElement>(null);
  const ids = useId();
  const headingId = `${ids}-title`;
  const busy = verify.isPending || sendBack.isPending;
  const label = `${report.campaign.title} · ${period}`;

  const doVerify = async () => {
    try {
      const verified = await verify.mutateAsync({ reportId: report.id, updatedAt: report.updated_at });
      setConfirmingVerify(false);
      onOutcome({ ok: true, kind: 'verified', report: verified });
    } catch (err) {
      setConfirmingVerify(false);
      onOutcome({ ok: false, text: errorText(t, err, { fallback: 'revenue:review.failed' }) });
    }
  };

  const doReturn = async () => {
    setCommentError(undefined);
    if (comment.trim() === '') {
      setCommentError(t('errors:reviewCommentRequired'));
      commentRef.current?.focus();
      return;
    }
    try {
      const returned = await sendBack.mutateAsync({
        reportId: report.id,
        comment: comment.trim(),
        updatedAt: report.updated_at,
      });
      onOutcome({ ok: true, kind: 'returned', report: returned });
    } catch (err) {
      const key = err instanceof ApiError ? fieldErrorKey(err, 'comment') : undefined;
      if (key) {
        setCommentError(validationText(t, key));
        commentRef.current?.focus();
      } else onOutcome({ ok: false, text: errorText(t, err, { fallback: 'revenue:review.failed' }) });
    }
  };

  return (
    <article className={styles.panel} aria-labelledby={headingId}>
      <div className={styles.detailHead}>
        <div>
          <h2 id={headingId} className={styles.panelTitle}>
            {report.campaign.title} · {period}
          </h2>
          <p className={styles.muted}>
            {t('review.submittedAt', { date: formatDateTime(report.submitted_at, i18n.language) })}
            {report.generated ? ` · ${t('review.generated')}` : ''}
          </p>
        </div>
        <ReportStatusBadge status={report.status} />
      </div>
      <ReportFigures report={report} caption={t('report.figuresCaption', { period: label })} />
      <p>
        {report.statement_name ? (
          <a href={statementUrl(report.id)} download>
            {t('review.statement', { name: report.statement_name })}
          </a>
        ) : (
          <span className={styles.muted}>{t('review.noStatement')}</span>
        )}
      </p>
      {report.review_comment && (
        <p className={styles.muted}>{t('review.previousComment', { comment: report.review_comment })}</p>
      )}
      {report.distribution && <DistributionSummary distribution={report.distribution} />}
      {report.status === 'submitted' &&
        (returning ? (
          <form
            className={styles.inlineForm}
            noValidate
            onSubmit={(e) => {
              e.preventDefault();
              void doReturn();
            }}
          >
            <TextAreaField
              ref={commentRef}
              label={t('review.comment')}
              hint={t('review.commentHint')}
              required
              rows={3}
              maxLength={2000}
              value={comment}
              error={commentError}
              onChange={(e) => setComment(e.currentTarget.value)}
            />
            <div className={styles.formActions}>
              <Button
                size="sm"
                variant="ghost"
                disabled={busy}
                onClick={() => {
                  setReturning(false);
                  focusSoon(() => returnButton.current);
                }}
              >
                {t('review.cancel')}
              </Button>
              <Button size="sm" type="submit" variant="danger" loading={sendBack.isPending}>
                {t('review.confirmReturn')}
              </Button>
            </div>
          </form>
        ) : confirmingVerify ? (
          <ConfirmBox
            size="sm"
            confirmLabel={t('review.confirmVerify')}
            pendingLabel={t('review.verifying')}
            pending={verify.isPending}
            onConfirm={() => void doVerify()}
            onCancel={() => {
              setConfirmingVerify(false);
              focusSoon(() => verifyButton.current);
            }}
          >
            {t('review.verifyQuestion', {
              campaign: report.campaign.title,
              period,
              net: formatMoney(report.net_cents, report.currency, i18n.language),
            })}
          </ConfirmBox>
        ) : (
          <div className={styles.formActions}>
            <Button
              ref={verifyButton}
              size="sm"
              disabled={busy}
              onClick={() => setConfirmingVerify(true)}
              aria-label={t('review.verifyLabel', { report: label })}
            >
              {t('review.verify')}
            </Button>
            <Button
              ref={returnButton}
              size="sm"
              variant="secondary"
              disabled={busy}
              onClick={() => {
                setReturning(true);
                focusSoon(() => commentRef.current);
              }}
              aria-label={t('review.returnLabel', { report: label })}
            >
              {t('review.return')}
            </Button>
          </div>
        ))}
    </article>
  );
}
