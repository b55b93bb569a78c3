import { formatMoney } from '@indiesplit/shared/money';
import { PITCH_PLATFORMS, PITCH_STATUSES, platformLabel } from '@indiesplit/shared/pitches';
import { type FormEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { Field, SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { focusSoon } from '../../lib/form.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { formatDate, formatDay, formatScore } from '../pitches/pitch-format.ts';
import { PitchStatusBadge } from '../pitches/pitch-status-badge.tsx';
import { usePitchList } from './api.ts';
import styles from './backoffice.module.css';
import { Forbidden } from './forbidden.tsx';
import { isForbidden, LoadError } from './load-error.tsx';
import {
  checkFilterForm,
  type FilterErrors,
  type FilterFormValues,
  filtersFromForm,
  filtersFromSearch,
  formFromFilters,
  hasFilters,
  queueSearch,
} from './queue-filters.ts';

/** The pitch queue: every pitch the viewer may see, filtered through the address. */
export default function PitchQueuePage() {
  const { t, i18n } = useTranslation(['backoffice', 'pitch']);
  const lang = i18n.language;
  const [params, setParams] = useSearchParams();
  const search = queueSearch(filtersFromSearch(params));
  // One filters object per distinct address, so the query key is stable between renders.
  const filters = useMemo(() => filtersFromSearch(new URLSearchParams(search)), [search]);
  const list = usePitchList(filters);
  const [form, setForm] = useState<FilterFormValues>(() => formFromFilters(filters));
  const [errors, setErrors] = useState<FilterErrors>({});
  const formRef = useRef<HTMLFormElement>(null);
  usePageTitle(t('queue.title'));

  // Back, Forward or a link changed the address: the form shows what is applied.
  useEffect(() => {
    setForm(formFromFilters(filters));
    setErrors({});
  }, [filters]);

  const set = (key: keyof FilterFormValues) => (e: { target: { value: string } }) =>
    setForm((f) => ({ ...f, [key]: e.target.value }));

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const problems = checkFilterForm(form);
    setErrors(problems);
    const first = Object.keys(problems)[0];
    if (first) {
      focusSoon(() => formRef.current?.querySelector<HTMLElement>(`[name="${first}"]`));
      return;
    }
    setParams(new URLSearchParams(queueSearch(filtersFromForm(form))));
  };

  if (isForbidden(list.error)) return <Forbidden />;

  const err = (key: keyof FilterFormValues) => (errors[key] ? t(errors[key]) : undefined);
  const rows = list.data ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('queue.title')}</h1>
        <p className={styles.muted}>{t('queue.intro')}</p>
      </header>

      <search className={styles.filters}>
        <form ref={formRef} onSubmit={onSubmit} noValidate aria-label={t('queue.filters')}>
          <div className={styles.filterGrid}>
            <Field
              label={t('queue.search')}
              type="search"
              name="q"
              value={form.q}
              onChange={set('q')}
              hint={t('queue.searchHint')}
              className={styles.filterWide}
            />
            <SelectField label={t('queue.status')} name="status" value={form.status} onChange={set('status')}>
              <option value="">{t('queue.any')}</option>
              {PITCH_STATUSES.map((s) => (
                <option key={s} value={s}>
                  {t(`pitch:status.${s}`)}
                </option>
              ))}
            </SelectField>
            <SelectField
              label={t('queue.platform')}
              name="platform"
              value={form.platform}
              onChange={set('platform')}
            >
              <option value="">{t('queue.any')}</option>
              {PITCH_PLATFORMS.map((p) => (
                <option key={p} value={p}>
                  {platformLabel(p)}
                </option>
              ))}
            </SelectField>
            <Field
              label={t('queue.budgetMin')}
              name="budget_min"
              inputMode="numeric"
              value={form.budget_min}
              onChange={set('budget_min')}
              error={err('budget_min')}
            />
            <Field
              label={t('queue.budgetMax')}
              name="budget_max"
              inputMode="numeric"
              value={form.budget_max}
              onChange={set('budget_max')}
              error={err('budget_max')}
            />
            <Field
              label={t('queue.from')}
              type="date"
              name="from"
              value={form.from}
              onChange={set('from')}
              error={err('from')}
            />
            <Field
              label={t('queue.to')}
              type="date"
              name="to"
              value={form.to}
              onChange={set('to')}
              error={err('to')}
            />
          </div>
          <div className={styles.filterActions}>
            {hasFilters(filters) && (
              <Button variant="ghost" onClick={() => setParams(new URLSearchParams())}>
                {t('queue.clear')}
              </Button>
            )}
            <Button type="submit">{t('queue.apply')}</Button>
          </div>
        </form>
      </search>

      <p role="status" className={styles.resultCount}>
        {list.isFetching ? (
          <Spinner size="sm" label={t('queue.loading')} />
        ) : list.isSuccess ? (
          t('queue.results', { count: rows.length })
        ) : null}
      </p>

      {list.isError && !list.data ? (
        <LoadError error={list.error} onRetry={() => void list.refetch()} />
      ) : list.isSuccess && rows.length === 0 ? (
        <Notice type="info" live={false}>
          {hasFilters(filters) ? t('queue.noMatch') : t('queue.empty')}
        </Notice>
      ) : rows.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table} aria-busy={list.isFetching || undefined}>
            <caption className="visually-hidden">{t('queue.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('queue.col.project')}</th>
                <th scope="col">{t('queue.col.developer')}</th>
                <th scope="col">{t('queue.col.status')}</th>
                <th scope="col" className={styles.num}>
                  {t('queue.col.budget')}
                </th>
                <th scope="col">{t('queue.col.release')}</th>
                <th scope="col">{t('queue.col.submitted')}</th>
                <th scope="col" className={styles.num}>
                  {t('queue.col.reviews')}
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((p) => (
                <tr key={p.id}>
                  <th scope="row">
                    <Link to={paths.backofficePitch(p.id)} className={styles.rowLink}>
                      {p.project_name}
                    </Link>
                  </th>
                  <td>
                    <span className={styles.cellMain}>{p.name}</span>
                    <span className={styles.cellSub}>{p.email}</span>
                  </td>
                  <td>
                    <PitchStatusBadge status={p.status} />
                  </td>
                  <td className={styles.num}>
                    {formatMoney(p.expected_production_budget_cents, 'EUR', lang, { trimWhole: true })}
                  </td>
                  <td>{formatDay(p.expected_release_date, lang)}</td>
                  <td>{formatDate(p.submitted_at, lang)}</td>
                  <td className={styles.num}>
                    {p.review_count === 0 || p.average_score === null
                      ? t('queue.noReviews')
                      : t('queue.reviewsAverage', {
                          count: p.review_count,
                          average: formatScore(p.average_score, lang),
                        })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      ) : null}
    </div>
  );
}
