import { zodResolver } from '@hookform/resolvers/zod';
import {
  COMPLAINT_ANSWER_MAX,
  COMPLAINT_NOTE_MAX,
  ComplaintAnswerRequest,
  type ComplaintDetail,
  ComplaintNoteRequest,
} from '@indiesplit/shared/complaints';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Link, useParams } from 'react-router';
import type { z } from 'zod';
import { paths } from '../../app/paths.ts';
import { Button } from '../../components/button.tsx';
import { SelectField, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, validationText } from '../../lib/error-text.ts';
import { formatDateTime, formatDay } from '../../lib/format.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  useAddNote,
  useAnswerComplaint,
  useAssignComplaint,
  useAssignees,
  useChangeStatus,
  useComplaint,
} from './api.ts';
import styles from './register.module.css';

/** /backoffice/complaints/:id — one complaint: its template, steps, assignee, notes and answer. */
export default function ComplaintDetailPage() {
  const { t } = useTranslation(['complaints', 'errors']);
  const { id = '' } = useParams();
  const complaint = useComplaint(id);
  usePageTitle(complaint.data?.reference ?? t('register.title'));

  return (
    <div className={styles.page}>
      <Link to={paths.backofficeComplaints}>{t('detail.back')}</Link>
      {complaint.isPending ? (
        <PageSpinner />
      ) : complaint.isError ? (
        <Notice type="error">
          {complaint.error instanceof ApiError && complaint.error.status === 404
            ? t('detail.notFound')
            : t('register.loadError')}
        </Notice>
      ) : (
        <Detail c={complaint.data} />
      )}
    </div>
  );
}

function Detail({ c }: { c: ComplaintDetail }) {
  const { t, i18n } = useTranslation(['complaints', 'errors']);
  const lang = i18n.language;
  const [problem, setProblem] = useState<string | null>(null);
  const status = useChangeStatus(c.id);
  const fail = (err: unknown) => setProblem(errorText(t, err, { fallback: 'complaints:detail.failed' }));
  const at = (value: string | null) => (value ? formatDateTime(value, lang) : '–');

  return (
    <>
      <header className={styles.head}>
        <h1 className={styles.title}>{c.reference}</h1>
        <p>
          <strong data-testid="complaint-status">{t(`statuses.${c.status}`)}</strong>
          {c.overdue && <span className={styles.overdue}> {t(`register.overdue.${c.overdue}`)}</span>}
        </p>
      </header>
      {problem && (
        <Notice type="error" onDismiss={() => setProblem(null)}>
          {problem}
        </Notice>
      )}
      <section className={styles.section} aria-labelledby="complaint-template">
        <h2 id="complaint-template" className="visually-hidden">
          {t('detail.description')}
        </h2>
        <dl className={styles.facts}>
          <dt>{t('detail.complainant')}</dt>
          <dd>{[c.name, c.email, c.address, c.phone].filter(Boolean).join('\n')}</dd>
          {c.via_representative && (
            <>
              <dt>{t('detail.representative')}</dt>
              <dd>{[c.representative_name, c.representative_contact].filter(Boolean).join('\n')}</dd>
            </>
          )}
          <dt>{t('detail.language')}</dt>
          <dd>{c.language}</dd>
          <dt>{t('detail.service')}</dt>
          <dd>{t(`form.services.${c.service}`)}</dd>
          {c.campaign && (
            <>
              <dt>{t('detail.campaign')}</dt>
              <dd>{c.campaign.title}</dd>
            </>
          )}
          <dt>{t('detail.facts')}</dt>
          <dd>
            {formatDay(c.facts_from, lang)}
            {c.facts_to ? ` – ${formatDay(c.facts_to, lang)}` : ''}
          </dd>
          <dt>{t('detail.description')}</dt>
          <dd>{c.description}</dd>
          <dt>{t('detail.remedy')}</dt>
          <dd>{c.remedy}</dd>
        </dl>
      </section>

      <section className={styles.section} aria-labelledby="complaint-steps">
        <h2 id="complaint-steps">{t('detail.steps')}</h2>
        <dl className={styles.facts}>
          <dt>{t('statuses.received')}</dt>
          <dd>{at(c.received_at)}</dd>
          <dt>{t('register.columns.ackDue')}</dt>
          <dd>{at(c.acknowledge_due_at)}</dd>
          <dt>{t('statuses.acknowledged')}</dt>
          <dd>{at(c.acknowledged_at)}</dd>
          <dt>{t('statuses.investigating')}</dt>
          <dd>{at(c.investigating_at)}</dd>
          <dt>{t('register.columns.answerDue')}</dt>
          <dd>{at(c.answer_due_at)}</dd>
          <dt>{t('statuses.answered')}</dt>
          <dd>{at(c.answered_at)}</dd>
          <dt>{t('statuses.closed')}</dt>
          <dd>{at(c.closed_at)}</dd>
        </dl>
        {c.next.length > 0 && (
          <div className={styles.actions}>
            {c.next.map((next) => (
              <Button
                key={next}
                variant="secondary"
                loading={status.isPending && status.variables === next}
                onClick={() => {
                  setProblem(null);
                  status.mutate(next, { onError: fail });
                }}
              >
                {t('detail.moveTo', { status: t(`statuses.${next}`) })}
              </Button>
            ))}
          </div>
        )}
      </section>

      {c.status !== 'closed' && <AssigneeForm c={c} onError={fail} />}
      <NotesSection c={c} />
      {c.answer ? (
        <section className={styles.section} aria-labelledby="complaint-answer">
          <h2 id="complaint-answer">{t('detail.answer')}</h2>
          <p className={styles.muted}>{at(c.answered_at)}</p>
          <p className={styles.answerText}>{c.answer}</p>
        </section>
      ) : (
        <AnswerForm c={c} />
      )}
    </>
  );
}

function AssigneeForm({ c, onError }: { c: ComplaintDetail; onError: (err: unknown) => void }) {
  const { t } = useTranslation('complaints');
  const assignees = useAssignees();
  const assign = useAssignComplaint(c.id);
  const [chosen, setChosen] = useState(c.assignee?.id ?? '');
  return (
    <form
      className={styles.actions}
      onSubmit={(e) => {
        e.preventDefault();
        assign.mutate(chosen || null, { onError });
      }}
    >
      <SelectField label={t('detail.assignee')} value={chosen} onChange={(e) => setChosen(e.target.value)}>
        <option value="">{t('register.nobody')}</option>
        {(assignees.data ?? []).map((a) => (
          <option key={a.id} value={a.id}>
            {a.username}
          </option>
        ))}
      </SelectField>
      <Button type="submit" variant="secondary" loading={assign.isPending}>
        {t('detail.assign')}
      </Button>
    </form>
  );
}

type NoteValues = z.input<typeof ComplaintNoteRequest>;
const noteResolver = zodResolver(ComplaintNoteRequest, undefined, { raw: true });

function NotesSection({ c }: { c: ComplaintDetail }) {
  const { t, i18n } = useTranslation(['complaints', 'errors']);
  const add = useAddNote(c.id);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    reset,
    formState: { errors },
  } = useForm<NoteValues>({ resolver: noteResolver, defaultValues: { body: '' } });
  const onSubmit = handleSubmit(async ({ body }) => {
    setProblem(null);
    try {
      await add.mutateAsync(body);
      reset({ body: '' });
    } catch (err) {
      setProblem(errorText(t, err, { fallback: 'complaints:detail.failed' }));
    }
  });
  return (
    <section className={styles.section} aria-labelledby="complaint-notes">
      <h2 id="complaint-notes">{t('detail.notes')}</h2>
      <p className={styles.muted}>{t('detail.notesHint')}</p>
      {c.notes.length === 0 ? (
        <p className={styles.muted}>{t('detail.noNotes')}</p>
      ) : (
        <ul className={styles.notes}>
          {c.notes.map((n) => (
            <li key={n.id}>
              <p className={styles.muted}>
                {n.author ?? '–'} · {formatDateTime(n.created_at, i18n.language)}
              </p>
              {n.body}
            </li>
          ))}
        </ul>
      )}
      <form onSubmit={onSubmit} noValidate className={styles.section}>
        {problem && <Notice type="error">{problem}</Notice>}
        <TextAreaField
          label={t('detail.note')}
          rows={3}
          maxLength={COMPLAINT_NOTE_MAX}
          error={validationText(t, errors.body?.message)}
          {...register('body')}
        />
        <div>
          <Button type="submit" variant="secondary" loading={add.isPending}>
            {t('detail.addNote')}
          </Button>
        </div>
      </form>
    </section>
  );
}

type AnswerValues = z.input<typeof ComplaintAnswerRequest>;
const answerResolver = zodResolver(ComplaintAnswerRequest, undefined, { raw: true });

function AnswerForm({ c }: { c: ComplaintDetail }) {
  const { t } = useTranslation(['complaints', 'errors']);
  const answer = useAnswerComplaint(c.id);
  const [problem, setProblem] = useState<string | null>(null);
  const {
    register,
    handleSubmit,
    formState: { errors },
  } = useForm<AnswerValues>({ resolver: answerResolver, defaultValues: { answer: '' } });
  const onSubmit = handleSubmit(async (values) => {
    setProblem(null);
    try {
      await answer.mutateAsync(values.answer);
    } catch (err) {
      setProblem(errorText(t, err, { fallback: 'complaints:detail.failed' }));
    }
  });
  return (
    <section className={styles.section} aria-labelledby="complaint-answer-form">
      <h2 id="complaint-answer-form">{t('detail.answer')}</h2>
      <form onSubmit={onSubmit} noValidate className={styles.section}>
        {problem && <Notice type="error">{problem}</Notice>}
        <TextAreaField
          label={t('detail.answer')}
          hint={t('detail.answerHint')}
          required
          rows={8}
          maxLength={COMPLAINT_ANSWER_MAX}
          error={validationText(t, errors.answer?.message)}
          {...register('answer')}
        />
        <div>
          <Button type="submit" loading={answer.isPending}>
            {t('detail.sendAnswer')}
          </Button>
        </div>
      </form>
    </section>
  );
}
