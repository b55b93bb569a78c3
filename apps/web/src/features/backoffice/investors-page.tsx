import type { BackofficeInvestorDto, SophisticatedRequestStatus } from '@indiesplit/shared/investing';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { apiRequest } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import styles from './backoffice.module.css';
import { LoadError } from './load-error.tsx';

// Investors asking to be treated as sophisticated (ECSP): an admin approves or rejects; an
// approval can be withdrawn later.

const FILTERS = ['requested', 'approved', 'rejected', 'all'] as const;
type Filter = (typeof FILTERS)[number];
const key = (filter: Filter) => ['backoffice', 'investors', filter] as const;

const fetchInvestors = (filter: Filter, signal?: AbortSignal) =>
  apiRequest<{ investors: BackofficeInvestorDto[] }>(
    `/backoffice/investors/${filter === 'all' ? '' : `?status=${filter}`}`,
    { signal },
  ).then((r) => r.investors);

export default function InvestorsPage() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
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
    mutationFn: ({ userId, decision }: { userId: string; decision: 'approve' | 'reject' }) =>
      apiRequest<BackofficeInvestorDto>(`/backoffice/investors/${encodeURIComponent(userId)}/decision`, {
        json: { decision },
      }),
    onSuccess: (row, vars) => {
      setResult({ ok: true, text: t(`investing.done.${vars.decision}`, { username: row.username }) });
      void client.invalidateQueries({ queryKey: ['backoffice', 'investors'] });
    },
    onError: (err) => setResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:loadError' }) }),
  });

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
                  <td>{i.reason ?? '—'}</td>
                  <td>
                    {t(`investing.class.${i.investor_class}`)} ·{' '}
                    {t(`investing.request.${i.sophisticated_request as SophisticatedRequestStatus}`)}
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
                    {(i.sophisticated_request === 'requested' || i.sophisticated_request === 'approved') && (
                      <Button
                        size="sm"
                        variant="danger"
                        disabled={decide.isPending}
                        onClick={() => decide.mutate({ userId: i.user_id, decision: 'reject' })}
                      >
                        {i.sophisticated_request === 'approved'
                          ? t('investing.withdraw')
                          : t('investing.reject')}
                      </Button>
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
