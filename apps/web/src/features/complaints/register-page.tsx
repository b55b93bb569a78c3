import { COMPLAINT_STATUSES, type ComplaintStatus } from '@indiesplit/shared/complaints';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Checkbox } from '../../components/checkbox.tsx';
import { Field, SelectField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import { registerCsvUrl, useFigures, useRegister } from './api.ts';
import styles from './register.module.css';

/** /backoffice/complaints — the register (admins): filters, overdue steps, figures, CSV. */
export default function ComplaintRegisterPage() {
  const { t, i18n } = useTranslation(['complaints', 'backoffice']);
  usePageTitle(t('register.title'));
  const [status, setStatus] = useState<ComplaintStatus | ''>('');
  const [overdue, setOverdue] = useState(false);
  const list = useRegister({ status, overdue });
  const day = (value: string) => formatDay(value, i18n.language);

  return (
    <div className={styles.page}>
      <header className={styles.head}>
        <h1 className={styles.title}>{t('register.title')}</h1>
      </header>
      <YearFigures />
      <div className={styles.filters}>
        <SelectField
          label={t('register.filterStatus')}
          value={status}
          onChange={(e) => setStatus(e.target.value as ComplaintStatus | '')}
        >
          <option value="">{t('register.allStatuses')}</option>
          {COMPLAINT_STATUSES.map((s) => (
            <option key={s} value={s}>
              {t(`statuses.${s}`)}
            </option>
          ))}
        </SelectField>
        <Checkbox
          label={t('register.overdueOnly')}
          checked={overdue}
          onChange={(e) => setOverdue(e.target.checked)}
        />
        <a href={registerCsvUrl} download>
          {t('register.export')}
        </a>
      </div>
      {list.isPending ? (
        <PageSpinner />
      ) : list.isError ? (
        <Notice type="error">{t('register.loadError')}</Notice>
      ) : list.data.length === 0 ? (
        <p className={styles.muted}>{t('register.empty')}</p>
      ) : (
        // biome-ignore lint/a11y/noNoninteractiveTabindex: a table wider than the screen scrolls, and keyboards must reach it
        <section className={styles.tableWrap} aria-label={t('register.caption')} tabIndex={0}>
          <table className={styles.table} aria-busy={list.isFetching}>
            <caption className="visually-hidden">{t('register.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('register.columns.reference')}</th>
                <th scope="col">{t('register.columns.status')}</th>
                <th scope="col">{t('register.columns.complainant')}</th>
                <th scope="col">{t('register.columns.received')}</th>
                <th scope="col">{t('register.columns.ackDue')}</th>
                <th scope="col">{t('register.columns.answerDue')}</th>
                <th scope="col">{t('register.columns.assignee')}</th>
              </tr>
            </thead>
            <tbody>
              {list.data.map((c) => (
                <tr key={c.id}>
                  <th scope="row">
                    <Link to={paths.backofficeComplaint(c.id)}>{c.reference}</Link>
                  </th>
                  <td>
                    {t(`statuses.${c.status}`)}
                    {c.overdue && (
                      <>
                        <br />
                        <span className={styles.overdue}>{t(`register.overdue.${c.overdue}`)}</span>
                      </>
                    )}
                  </td>
                  <td>{c.complainant}</td>
                  <td>{day(c.received_at)}</td>
                  <td>{day(c.acknowledge_due_at)}</td>
                  <td>{day(c.answer_due_at)}</td>
                  <td>{c.assignee?.username ?? t('register.nobody')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </section>
      )}
    </div>
  );
}

function YearFigures() {
  const { t } = useTranslation('complaints');
  const [year, setYear] = useState(new Date().getUTCFullYear());
  const figures = useFigures(year);
  return (
    <section className={styles.section} aria-labelledby="complaint-figures">
      <h2 id="complaint-figures">{t('register.figures.title', { year })}</h2>
      <Field
        label={t('register.figures.year')}
        type="number"
        min={2000}
        max={2100}
        value={year}
        onChange={(e) => {
          const next = Number(e.target.value);
          if (Number.isInteger(next) && next >= 2000 && next <= 2100) setYear(next);
        }}
      />
      {figures.data && (
        <dl className={styles.figures}>
          <div>
            <dt>{t('register.figures.received')}</dt>
            <dd>{figures.data.received}</dd>
          </div>
          <div>
            <dt>{t('register.figures.answered')}</dt>
            <dd>{figures.data.answered}</dd>
          </div>
          <div>
            <dt>{t('register.figures.closed')}</dt>
            <dd>{figures.data.closed}</dd>
          </div>
          <div>
            <dt>{t('register.figures.median')}</dt>
            <dd>{figures.data.median_days_to_answer ?? t('register.figures.none')}</dd>
          </div>
          <div>
            <dt>{t('register.figures.overdue')}</dt>
            <dd>{figures.data.overdue}</dd>
          </div>
        </dl>
      )}
    </section>
  );
}
