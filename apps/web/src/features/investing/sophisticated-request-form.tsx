import { zodResolver } from '@hookform/resolvers/zod';
import {
  ANNEX_II_CRITERIA,
  EVIDENCE_MAX_BYTES,
  EVIDENCE_MAX_FILES,
  EVIDENCE_TYPES,
  type InvestorProfileDto,
  SOPHISTICATED_PERSON_TYPES,
  SOPHISTICATED_REASON_MAX,
  SOPHISTICATED_REMINDER_DAYS,
  SophisticatedRequest,
} from '@indiesplit/shared/investing';
import { useId, useRef, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { Button } from '../../components/button.tsx';
import { GroupError, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, fieldErrorKey, validationText } from '../../lib/error-text.ts';
import { formatDate } from '../../lib/format.ts';
import { evidenceUrl, useRequestSophisticated } from './api.ts';
import styles from './investing.module.css';

// The investor's class, and the request to be treated as a sophisticated investor under Annex II
// of the crowdfunding regulation (ADR 0033): the kind of person, the criteria that apply (the
// shared SophisticatedRequest checks how many), an optional note, and the documents as files.

type Values = z.input<typeof SophisticatedRequest>;
const resolver = zodResolver(SophisticatedRequest, undefined, { raw: true });
const ACCEPT = EVIDENCE_TYPES.join(',');

/** The files' own rule, checked before sending (the server checks their content again). */
function filesError(files: File[]): 'evidenceRequired' | 'evidenceInvalid' | undefined {
  if (files.length === 0) return 'evidenceRequired';
  if (files.length > EVIDENCE_MAX_FILES) return 'evidenceInvalid';
  const types: readonly string[] = EVIDENCE_TYPES;
  if (files.some((f) => f.size === 0 || f.size > EVIDENCE_MAX_BYTES || !types.includes(f.type)))
    return 'evidenceInvalid';
  return undefined;
}

export function SophisticatedRequestForm({ profile }: { profile: InvestorProfileDto }) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const request = useRequestSophisticated();
  const ids = useId();
  const fileInput = useRef<HTMLInputElement>(null);
  const [fileError, setFileError] = useState<string | undefined>();
  const {
    register,
    handleSubmit,
    setError,
    setValue,
    control,
    formState: { errors },
  } = useForm<Values>({ resolver, defaultValues: { person_type: 'natural', criteria: [], reason: '' } });
  const personType = useWatch({ control, name: 'person_type' });
  const s = profile.sophisticated_request;
  // A running approval can be renewed from its reminder on (30 days before its end).
  const renewable =
    s.valid_until !== null &&
    new Date(s.valid_until).getTime() - Date.now() <= SOPHISTICATED_REMINDER_DAYS * 86_400_000;
  const canAsk = (profile.investor_class !== 'sophisticated' || renewable) && s.status !== 'requested';

  const submit = handleSubmit((values) => {
    const files = Array.from(fileInput.current?.files ?? []);
    const bad = filesError(files);
    setFileError(bad);
    if (bad) {
      fileInput.current?.focus();
      return;
    }
    const form = new FormData();
    form.append('person_type', values.person_type);
    for (const c of values.criteria) form.append('criteria', c);
    if (values.reason?.trim()) form.append('reason', values.reason);
    for (const f of files) form.append('evidence', f, f.name);
    request.mutate(form, {
      onError: (err) => {
        if (!(err instanceof ApiError)) return;
        for (const name of ['person_type', 'criteria', 'reason'] as const) {
          const key = fieldErrorKey(err, name);
          if (key) setError(name, { type: 'server', message: key });
        }
        const evidence = fieldErrorKey(err, 'evidence');
        if (evidence) setFileError(evidence);
      },
    });
  });

  const criteriaError = validationText(t, errors.criteria?.message ?? errors.criteria?.root?.message);
  const fileErrorText = validationText(t, fileError);

  return (
    <section className={styles.card} aria-labelledby="sophisticated">
      <h2 id="sophisticated" className={styles.cardTitle}>
        {t('profile.classTitle')}
      </h2>
      <p>
        <span className={styles.status}>{t(`profile.class.${profile.investor_class}`)}</span>{' '}
        {s.status !== 'none' && t(`profile.request.${s.status}`)}
      </p>
      {s.status === 'approved' && s.valid_until && (
        <p>{t('profile.approvedUntil', { date: formatDate(s.valid_until, i18n.language) })}</p>
      )}
      {s.status === 'rejected' && s.decision_reason && (
        <p className={styles.breakable}>{t('profile.refusedBecause', { reason: s.decision_reason })}</p>
      )}
      {(s.status === 'requested' || s.status === 'approved') && s.evidence.length > 0 && (
        <div>
          <p>{t('profile.evidenceSent')}</p>
          <ul className={styles.files}>
            {s.evidence.map((e) => (
              <li key={e.id}>
                <a href={evidenceUrl(e.id)} download={e.file_name}>
                  {e.file_name}
                </a>
              </li>
            ))}
          </ul>
        </div>
      )}
      <p className={styles.muted}>{t('profile.classIntro')}</p>
      {canAsk && (
        <form className={styles.form} onSubmit={submit} noValidate>
          {request.isError && (
            <Notice type="error">
              {errorText(t, request.error, { fallback: 'invest:profile.saveFailed' })}
            </Notice>
          )}
          <fieldset className={styles.question}>
            <legend>{t('profile.personType')}</legend>
            {SOPHISTICATED_PERSON_TYPES.map((p) => (
              <label key={p} className={styles.radio}>
                <input
                  type="radio"
                  value={p}
                  {...register('person_type', { onChange: () => setValue('criteria', []) })}
                />
                {t(`profile.person.${p}`)}
              </label>
            ))}
          </fieldset>
          <fieldset
            className={styles.question}
            aria-describedby={criteriaError ? `${ids}-criteria` : undefined}
          >
            <legend>{t(`profile.criteriaLegend.${personType}`)}</legend>
            {ANNEX_II_CRITERIA[personType].map((c) => (
              <label key={c} className={styles.radio}>
                <input type="checkbox" value={c} {...register('criteria')} />
                {t(`profile.criteria.${c}`)}
              </label>
            ))}
            {criteriaError && <GroupError id={`${ids}-criteria`}>{criteriaError}</GroupError>}
          </fieldset>
          <div className={styles.question}>
            <label htmlFor={`${ids}-evidence`}>{t('profile.evidence')}</label>
            <p id={`${ids}-evidence-hint`} className={styles.muted}>
              {t('profile.evidenceHint')}
            </p>
            <input
              ref={fileInput}
              id={`${ids}-evidence`}
              type="file"
              multiple
              accept={ACCEPT}
              className={styles.fileInput}
              aria-invalid={fileErrorText ? true : undefined}
              aria-describedby={`${ids}-evidence-hint${fileErrorText ? ` ${ids}-evidence-error` : ''}`}
              onChange={() => setFileError(undefined)}
            />
            {fileErrorText && <GroupError id={`${ids}-evidence-error`}>{fileErrorText}</GroupError>}
          </div>
          <TextAreaField
            label={t('profile.reason')}
            error={validationText(t, errors.reason?.message)}
            maxLength={SOPHISTICATED_REASON_MAX}
            {...register('reason')}
          />
          <div className={styles.actions}>
            <Button type="submit" variant="secondary" disabled={request.isPending}>
              {t('profile.requestSubmit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
