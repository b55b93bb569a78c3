import type { ContactDto } from '@indiesplit/shared/pitches';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { Spinner } from '../../components/spinner.tsx';
import { errorText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { formatDateTime } from '../pitches/pitch-format.ts';
import { useContacts, useMarkCalled } from './api.ts';
import styles from './backoffice.module.css';
import { Forbidden } from './forbidden.tsx';
import { isForbidden, LoadError } from './load-error.tsx';

type Show = 'todo' | 'done' | 'all';
const SHOWS: Show[] = ['todo', 'done', 'all'];

/** ?show=done|all in the address; anything else is the to-do list. */
export function showFromSearch(search: URLSearchParams): Show {
  const value = search.get('show');
  return value === 'done' || value === 'all' ? value : 'todo';
}

const calledFilter = (show: Show): boolean | null => (show === 'all' ? null : show === 'done');

/** The call list: people who asked for a call in pitch step 1, and whether someone called them. */
export default function CallsPage() {
  const { t, i18n } = useTranslation(['backoffice', 'errors']);
  const [params, setParams] = useSearchParams();
  const show = showFromSearch(params);
  const contacts = useContacts(calledFilter(show));
  const mark = useMarkCalled();
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  usePageTitle(t('calls.title'));

  if (isForbidden(contacts.error)) return <Forbidden />;

  const toggle = async (contact: ContactDto) => {
    const called = contact.called_at === null;
    setResult(null);
    try {
      await mark.mutateAsync({ id: contact.id, called });
      setResult({
        ok: true,
        text: called
          ? t('calls.markedCalled', { name: contact.name })
          : t('calls.markedNotCalled', { name: contact.name }),
      });
    } catch (err) {
      setResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:calls.markFailed' }) });
    }
  };

  const rows = contacts.data ?? [];

  return (
    <div className={styles.page}>
      <header className={styles.pageHead}>
        <h1 className={styles.title}>{t('calls.title')}</h1>
        <p className={styles.muted}>{t('calls.intro')}</p>
      </header>

      <fieldset className={styles.segmented}>
        <legend className="visually-hidden">{t('calls.show')}</legend>
        {SHOWS.map((s) => (
          <label key={s} className={styles.segment}>
            <input
              type="radio"
              name="show"
              value={s}
              checked={show === s}
              onChange={() =>
                setParams(s === 'todo' ? new URLSearchParams() : new URLSearchParams({ show: s }))
              }
            />
            <span>{t(`calls.filter.${s}`)}</span>
          </label>
        ))}
      </fieldset>

      {result && (
        <Notice
          type={result.ok ? 'success' : 'error'}
          duration={result.ok ? 5000 : null}
          onDismiss={() => setResult(null)}
        >
          {result.text}
        </Notice>
      )}

      <p role="status" className={styles.resultCount}>
        {contacts.isFetching ? (
          <Spinner size="sm" label={t('loading')} />
        ) : contacts.isSuccess ? (
          t('calls.results', { count: rows.length })
        ) : null}
      </p>

      {contacts.isError ? (
        <LoadError error={contacts.error} onRetry={() => void contacts.refetch()} />
      ) : contacts.isSuccess && rows.length === 0 ? (
        <Notice type="info" live={false}>
          {t(`calls.empty.${show}`)}
        </Notice>
      ) : rows.length > 0 ? (
        <div className={styles.tableWrap}>
          <table className={styles.table}>
            <caption className="visually-hidden">{t('calls.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('calls.col.name')}</th>
                <th scope="col">{t('calls.col.email')}</th>
                <th scope="col">{t('calls.col.requested')}</th>
                <th scope="col">{t('calls.col.called')}</th>
                <th scope="col">
                  <span className="visually-hidden">{t('calls.col.actions')}</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {rows.map((c) => (
                <tr key={c.id}>
                  <th scope="row">{c.name}</th>
                  <td>
                    <a href={`mailto:${c.email}`}>{c.email}</a>
                  </td>
                  <td>{formatDateTime(c.created_at, i18n.language)}</td>
                  <td>
                    {c.called_at
                      ? t('calls.calledBy', {
                          date: formatDateTime(c.called_at, i18n.language),
                          username: c.called_by?.username ?? '—',
                        })
                      : t('calls.notCalled')}
                  </td>
                  <td>
                    <Button
                      size="sm"
                      variant={c.called_at ? 'ghost' : 'secondary'}
                      disabled={mark.isPending}
                      aria-label={
                        c.called_at
                          ? t('calls.markNotCalledLabel', { name: c.name })
                          : t('calls.markCalledLabel', { name: c.name })
                      }
                      onClick={() => void toggle(c)}
                    >
                      {c.called_at ? t('calls.markNotCalled') : t('calls.markCalled')}
                    </Button>
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
