import { KYB_REFUSAL_MAX, type KybRecordDto } from '@indiesplit/shared/kyb';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { countryName } from '../../components/country-options.tsx';
import { TextAreaField } from '../../components/field.tsx';
import { ChevronLeftIcon } from '../../components/icons.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { formatDate, formatDateTime, formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { kybDocumentUrl, useDecideKyb, useKybDetail } from '../kyb/api.ts';
import styles from './backoffice.module.css';
import { ConfirmBox } from './confirm-box.tsx';
import { LoadError } from './load-error.tsx';

// One studio's verification (KYB, ADR 0036): everything it sent, its registration proof, its
// earlier submissions; a waiting one is approved or refused (with the reason the studio reads),
// each after a confirmation that names the studio.

const DECLARATIONS = ['no_convictions', 'not_high_risk_jurisdiction', 'accurate'] as const;

export default function KybDetailPage() {
  const { id = '' } = useParams();
  const { t, i18n } = useTranslation(['kyb', 'backoffice', 'errors']);
  usePageTitle(t('backoffice.title'));
  const detail = useKybDetail(id);
  const decide = useDecideKyb(id);
  const [asking, setAsking] = useState<'approve' | 'refuse' | null>(null);
  const [writing, setWriting] = useState(false);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState<string | undefined>();
  const [done, setDone] = useState<'approved' | 'refused' | null>(null);
  const lang = i18n.language;

  if (detail.isPending) return <Spinner label={t('loading')} />;
  if (detail.isError)
    return (
      <div className={styles.page}>
        <LoadError error={detail.error} onRetry={() => void detail.refetch()} adminOnly />
      </div>
    );
  const { record, studio } = detail.data;
  const name = record.legal_name;

  const send = (decision: 'approve' | 'refuse') =>
    decide.mutate(decision === 'approve' ? { decision } : { decision, reason }, {
      onSuccess: () => {
        setDone(decision === 'approve' ? 'approved' : 'refused');
        setAsking(null);
        setWriting(false);
      },
      onError: (err) => {
        setAsking(null);
        const field = err instanceof ApiError ? fieldErrorKey(err, 'reason') : undefined;
        if (field) setReasonError(field);
      },
    });

  return (
    <div className={styles.page}>
      <p>
        <Link to={paths.backofficeKybList} className={styles.backLink}>
          <ChevronLeftIcon size={16} /> {t('backoffice.back')}
        </Link>
      </p>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{name}</h1>
        <p className={styles.muted}>
          {studio.username} · {studio.email}
        </p>
      </header>
      {done && <Notice type="success">{t(`backoffice.${done}`, { name })}</Notice>}
      {decide.isError && !reasonError && (
        <Notice type="error">
          {errorText(t, decide.error, { fallback: 'kyb:backoffice.decisionFailed' })}
        </Notice>
      )}
      <RecordView record={record} />
      {detail.data.decided_by && record.decided_at && (
        <p>
          {t('backoffice.decidedBy', {
            name: detail.data.decided_by,
            date: formatDateTime(record.decided_at, lang),
          })}
        </p>
      )}
      {record.decision === 'submitted' && (
        <section className={styles.panel} aria-labelledby="kyb-decision">
          <h2 id="kyb-decision" className={styles.panelTitle}>
            {t('backoffice.decision')}: {t('decision.submitted')}
          </h2>
          {asking === 'approve' ? (
            <ConfirmBox
              confirmLabel={t('backoffice.confirm')}
              pending={decide.isPending}
              onConfirm={() => send('approve')}
              onCancel={() => setAsking(null)}
            >
              {t('backoffice.confirmApprove', { name })}
            </ConfirmBox>
          ) : writing ? (
            <form
              noValidate
              className={styles.stack}
              onSubmit={(e) => {
                e.preventDefault();
                if (!reason.trim()) {
                  setReasonError('kybRefusalReason');
                  return;
                }
                setAsking('refuse');
              }}
            >
              <TextAreaField
                label={t('backoffice.reason')}
                value={reason}
                maxLength={KYB_REFUSAL_MAX}
                required
                error={validationText(t, reasonError)}
                onChange={(e) => {
                  setReason(e.target.value);
                  setReasonError(undefined);
                }}
              />
              {asking === 'refuse' ? (
                <ConfirmBox
                  variant="danger"
                  confirmLabel={t('backoffice.confirmRefusal')}
                  pending={decide.isPending}
                  onConfirm={() => send('refuse')}
                  onCancel={() => setAsking(null)}
                >
                  {t('backoffice.confirmRefuse', { name })}
                </ConfirmBox>
              ) : (
                <div className={styles.formActions}>
                  <Button variant="secondary" onClick={() => setWriting(false)}>
                    {t('backoffice:confirmAction.cancel')}
                  </Button>
                  <Button type="submit" variant="danger">
                    {t('backoffice.refuse')}
                  </Button>
                </div>
              )}
            </form>
          ) : (
            <div className={styles.formActions}>
              <Button onClick={() => setAsking('approve')}>{t('backoffice.approve')}</Button>
              <Button
                variant="danger"
                onClick={() => {
                  setWriting(true);
                  setReasonError(undefined);
                }}
              >
                {t('backoffice.refuse')}
              </Button>
            </div>
          )}
        </section>
      )}
      {detail.data.history.length > 0 && (
        <section className={styles.panel} aria-labelledby="kyb-history">
          <h2 id="kyb-history" className={styles.panelTitle}>
            {t('backoffice.history')}
          </h2>
          <ul className={styles.plainList}>
            {detail.data.history.map((h) => (
              <li key={h.id}>
                <Link to={paths.backofficeKyb(h.id)}>
                  {formatDate(h.submitted_at, lang)} · {h.legal_name}
                </Link>{' '}
                — {t(`decision.${h.decision}`)}
                {h.refusal_reason && <span className={styles.cellSub}> ({h.refusal_reason})</span>}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}

function RecordView({ record }: { record: KybRecordDto }) {
  const { t, i18n } = useTranslation(['kyb']);
  const lang = i18n.language;
  return (
    <>
      <section className={styles.panel} aria-labelledby="kyb-entity">
        <h2 id="kyb-entity" className={styles.panelTitle}>
          {t('backoffice.entity')}
        </h2>
        <dl className={styles.detailGrid}>
          <dt>{t('backoffice.decision')}</dt>
          <dd>
            {t(`decision.${record.decision}`)}
            {record.valid_until &&
              ` · ${t(
                new Date(record.valid_until) > new Date() ? 'backoffice.validUntil' : 'backoffice.expired',
                {
                  date: formatDate(record.valid_until, lang),
                },
              )}`}
          </dd>
          <dt>{t('backoffice.legalName')}</dt>
          <dd>{record.legal_name}</dd>
          <dt>{t('backoffice.registrationNumber')}</dt>
          <dd>{record.registration_number}</dd>
          <dt>{t('backoffice.country')}</dt>
          <dd>{countryName(record.country, lang)}</dd>
          <dt>{t('backoffice.registeredAddress')}</dt>
          <dd>{record.registered_address}</dd>
          <dt>{t('backoffice.representative')}</dt>
          <dd>
            {record.representative_first_name} {record.representative_last_name} ·{' '}
            {t('backoffice.born', { date: formatDay(record.representative_birth_date, lang) })} ·{' '}
            {countryName(record.representative_nationality, lang)} · {record.representative_email}
          </dd>
          <dt>{t('backoffice.proof')}</dt>
          <dd>
            <a href={kybDocumentUrl(record.id)} download={record.document.file_name}>
              {record.document.file_name}
            </a>
          </dd>
          <dt>{t('backoffice.sentOn')}</dt>
          <dd>{formatDateTime(record.submitted_at, lang)}</dd>
          {record.refusal_reason && (
            <>
              <dt>{t('backoffice.refusalReason')}</dt>
              <dd className={styles.preWrap}>{record.refusal_reason}</dd>
            </>
          )}
        </dl>
      </section>
      <section className={styles.panel} aria-labelledby="kyb-ubos">
        <h2 id="kyb-ubos" className={styles.panelTitle}>
          {t('backoffice.ubos')}
        </h2>
        <ul className={styles.plainList}>
          {record.ubos.map((u) => (
            <li key={`${u.first_name} ${u.last_name} ${u.birth_date}`}>
              <strong>
                {u.first_name} {u.last_name}
              </strong>{' '}
              — {t('backoffice.ownership', { percent: u.ownership_percent.toLocaleString(lang) })} ·{' '}
              {t('backoffice.born', { date: formatDay(u.birth_date, lang) })} ·{' '}
              {countryName(u.nationality, lang)} · {u.address}
            </li>
          ))}
        </ul>
      </section>
      <section className={styles.panel} aria-labelledby="kyb-declarations">
        <h2 id="kyb-declarations" className={styles.panelTitle}>
          {t('backoffice.declarations')}
        </h2>
        <ul className={styles.plainList}>
          {DECLARATIONS.map((d) => (
            <li key={d}>✓ {t(`form.declaration.${d}`)}</li>
          ))}
        </ul>
        <p className={styles.muted}>{t('backoffice.declared')}</p>
      </section>
    </>
  );
}
