import {
  type BackofficeInvestorDto,
  SOPHISTICATED_REASON_MAX,
  type SophisticatedRequestStatus,
} from '@indiesplit/shared/investing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { ApiError, apiRequest } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { evidenceUrl } from '../investing/api.ts';
import styles from './backoffice.module.css';
import { LoadError } from './load-error.tsx';

// Investors asking to be treated as sophisticated (ECSP, Annex II; ADR 0033): the criteria they
// ticked and the documents they sent; an admin approves (for two years) or refuses with a reason
// the investor is emailed; an approval can be withdrawn later, with a reason too.

const FILTERS = ['requested', 'approved', 'rejected', 'expired', 'all'] as const;
type Filter = (typeof FILTERS)[number];
const key = (filter: Filter) => ['backoffice', 'investors', filter] as const;

const fetchInvestors = (filter: Filter, signal?: AbortSignal) =>
  apiRequest<{ investors: BackofficeInvestorDto[] }>(
    `/backoffice/investors/${filter === 'all' ? '' : `?status=${filter}`}`,
    { signal },
  ).then((r) => r.investors);

export default function InvestorsPage() {
  const { t, i18n } = useTranslation(['backoffice', 'errors', 'invest']);
  usePageTitle(t('investing.title'));
  const [params, setParams] = useSearchParams();
  const raw = params.get('show');
  const filter: Filter = FILTERS.includes(raw as Filter) ? (raw as Filter) : 'requested';
  const client = useQueryClient();
  const investors = useQuery({
    queryKey: key(filter),
    queryFn: ({ signal }) => fetchInvestors(filter, signal),
  });
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const decide = useMutation({
    mutationFn: ({ userId, ...json }: { userId: string; decision: 'approve' | 'reject'; reason?: string }) =>
      apiRequest<BackofficeInvestorDto>(`/backoffice/investors/${encodeURIComponent(userId)}/decision`, {
        json,
      }),
    onSuccess: (row, vars) => {
      setResult({ ok: true, text: t(`investing.done.${vars.decision}`, { username: row.username }) });
      setRefusing(null);
      setRefusal('');
      void client.invalidateQueries({ queryKey: ['backoffice', 'investors'] });
    },
    onError: (err) => {
      const field = err instanceof ApiError ? fieldErrorKey(err, 'reason') : undefined;
      if (field) setRefusalError(field);
      else setResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:loadError' }) });
    },
  });
  // The refusal being written: whose request, the reason, and its error.
  const [refusing, setRefusing] = useState<string | null>(null);
  const [refusal, setRefusal] = useState('');
  const [refusalError, setRefusalError] = useState<string | undefined>();

  const when = (v: string | null) => (v ? new Date(v).toLocaleString(i18n.language) : '—');

  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('investing.title')}</h1>
        <p className={styles.muted}>{t('investing.intro')}</p>
      </header>
      <div className={styles.formActions}>
        {FILTERS.map((f) => (
          <Button
            key={f}
            size="sm"
            variant={f === filter ? 'primary' : 'secondary'}
            aria-pressed={f === filter}
            onClick={() => setParams(f === 'requested' ? {} : { show: f })}
          >
            {t(`investing.filter.${f}`)}
          </Button>
        ))}
      </div>
      {result && (
        <Notice type={result.ok ? 'success' : 'error'} onDismiss={() => setResult(null)}>
          {result.text}
        </Notice>
      )}
      {investors.isPending ? (
        <Spinner label={t('loading')} />
      ) : investors.isError ? (
        <LoadError error={investors.error} onRetry={() => void investors.refetch()} adminOnly />
      ) : investors.data.length === 0 ? (
        <p className={styles.muted}>{t('investing.empty')}</p>
      ) : (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <thead>
              <tr>
                <th scope="col">{t('investing.investor')}</th>
                <th scope="col">{t('investing.criteria')}</th>
                <th scope="col">{t('investing.reason')}</th>
                <th scope="col">{t('investing.status')}</th>
                <th scope="col">{t('investing.requested')}</th>
                <th scope="col">{t('investing.actions')}</th>
              </tr>
            </thead>
            <tbody>
              {investors.data.map((i) => (
                <tr key={i.user_id}>
                  <td>
                    <div className={styles.cellMain}>{i.username}</div>
                    <div className={styles.cellSub}>{i.email}</div>
                  </td>
                  <td>
                    {i.person_type && (
                      <div className={styles.cellMain}>{t(`investing.person.${i.person_type}`)}</div>
                    )}
                    {i.criteria.length > 0 && (
                      <ul className={styles.plainList}>
                        {i.criteria.map((c) => (
                          <li key={c}>{t(`invest:profile.criteria.${c}`)}</li>
                        ))}
                      </ul>
                    )}
                    {i.evidence.length > 0 && (
                      <ul className={styles.plainList}>
                        {i.evidence.map((e) => (
                          <li key={e.id}>
                            <a href={evidenceUrl(e.id)} download={e.file_name}>
                              {e.file_name}
                            </a>
                          </li>
                        ))}
                      </ul>
                    )}
                  </td>
                  <td>{i.reason || '—'}</td>
                  <td>
                    {t(`investing.class.${i.investor_class}`)} ·{' '}
                    {t(`investing.request.${i.sophisticated_request as SophisticatedRequestStatus}`)}
                    {i.valid_until && (
                      <div className={styles.cellSub}>
                        {t('investing.until', { date: formatDate(i.valid_until, i18n.language) })}
                      </div>
                    )}
                    {i.decision_reason && <div className={styles.cellSub}>{i.decision_reason}</div>}
                  </td>
                  <td>{when(i.requested_at)}</td>
                  <td>
                    {i.sophisticated_request === 'requested' && (
                      <Button
                        size="sm"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ userId: i.user_id, decision: 'approve' })}
                      >
                        {t('investing.approve')}
                      </Button>
                    )}{' '}
                    {(i.sophisticated_request === 'requested' || i.sophisticated_request === 'approved') &&
                      refusing !== i.user_id && (
                        <Button
                          size="sm"
                          variant="danger"
                          disabled={decide.isPending}
                          onClick={() => {
                            setRefusing(i.user_id);
                            setRefusal('');
                            setRefusalError(undefined);
                          }}
                        >
                          {i.sophisticated_request === 'approved'
                            ? t('investing.withdraw')
                            : t('investing.reject')}
                        </Button>
                      )}
                    {refusing === i.user_id && (
                      <form
                        noValidate
                        onSubmit={(e) => {
                          e.preventDefault();
                          if (!refusal.trim()) {
                            setRefusalError('sophisticatedRefusalReason');
                            return;
                          }
                          decide.mutate({ userId: i.user_id, decision: 'reject', reason: refusal });
                        }}
                      >
                        <TextAreaField
                          label={t('investing.refusal')}
                          value={refusal}
                          maxLength={SOPHISTICATED_REASON_MAX}
                          error={validationText(t, refusalError)}
                          onChange={(e) => {
                            setRefusal(e.target.value);
                            setRefusalError(undefined);
                          }}
                        />
                        <Button size="sm" variant="danger" type="submit" disabled={decide.isPending}>
                          {t('investing.confirmReject')}
                        </Button>{' '}
                        <Button size="sm" variant="secondary" onClick={() => setRefusing(null)}>
                          {t('investing.cancel')}
                        </Button>
                      </form>
                    )}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </div>
  );
}
