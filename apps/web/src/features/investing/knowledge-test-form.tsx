import { zodResolver } from '@hookform/resolvers/zod';
import {
  type InvestorProfileDto,
  KNOWLEDGE_QUESTIONS,
  KnowledgeTestRequest,
} from '@indiesplit/shared/investing';
import { useEffect, useRef, useState } from 'react';
import { type Resolver, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { useTakeKnowledgeTest } from './api.ts';
import { formatDateTime } from './format.ts';
import styles from './investing.module.css';

// The knowledge test ECSP asks for: every question answered (the shared KnowledgeTestRequest),
// a wrong answer explained while it is still the one given.

type Answers = Record<string, string | null>;

const resolver = zodResolver(KnowledgeTestRequest) as unknown as Resolver<{ answers: Answers }>;

export function KnowledgeTestForm({ profile }: { profile: InvestorProfileDto }) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const take = useTakeKnowledgeTest();
  // The answer to the last sending is the newest state even where the caller's profile is older.
  const kt = (take.data ?? profile).knowledge_test;
  // A passed test shows its result, not the questions again, unless the member chooses to retake it.
  const [retaking, setRetaking] = useState(false);
  const showForm = kt.status !== 'passed' || retaking;
  const resultRef = useRef<HTMLDivElement>(null);
  // Bumped on each answer from the server: the result is then brought into view and focused, so
  // the member (and a screen reader) lands on it instead of at the bottom of a long form.
  const [answered, setAnswered] = useState(0);
  useEffect(() => {
    if (answered > 0) resultRef.current?.focus();
  }, [answered]);
  const {
    register,
    control,
    handleSubmit,
    formState: { errors },
  } = useForm<{ answers: Answers }>({
    resolver,
    defaultValues: {
      answers: Object.fromEntries(KNOWLEDGE_QUESTIONS.map((q) => [q.code, kt.answers?.[q.code] ?? null])),
    },
  });
  const answers = useWatch({ control, name: 'answers' });

  const submit = handleSubmit((values) =>
    take.mutate(values as unknown as KnowledgeTestRequest, {
      onSuccess: () => {
        setRetaking(false);
        setAnswered((n) => n + 1);
      },
    }),
  );
  const wrongCount = kt.status === 'failed' ? kt.wrong.length : 0;

  return (
    <section className={styles.card} aria-labelledby="knowledge-test">
      <h2 id="knowledge-test" className={styles.cardTitle}>
        {t('profile.testTitle')}
      </h2>
      <p className={styles.muted}>{t('profile.testIntro')}</p>
      <div ref={resultRef} tabIndex={-1} className={styles.testResult} data-testid="knowledge-result">
        <p>
          <span className={styles.status}>{t(`profile.testStatus.${kt.status}`)}</span>{' '}
          {kt.valid_until &&
            kt.status === 'passed' &&
            t('profile.validUntil', { date: formatDateTime(kt.valid_until, i18n.language) })}
        </p>
        {kt.status === 'failed' && wrongCount > 0 && <p>{t('profile.testWrong', { count: wrongCount })}</p>}
        {kt.status === 'passed' && kt.taken_at && (
          <p className={styles.muted}>
            {t('profile.testTakenAt', { date: formatDateTime(kt.taken_at, i18n.language) })}
          </p>
        )}
        {!showForm && (
          <Button variant="secondary" size="sm" onClick={() => setRetaking(true)}>
            {t('profile.testRetake')}
          </Button>
        )}
      </div>
      {showForm && (
        <form className={styles.form} onSubmit={submit} noValidate>
          {errors.answers && <Notice type="error">{t('errors:answerAllQuestions')}</Notice>}
          {take.isError && (
            <Notice type="error">
              {errorText(t, take.error, { fallback: 'invest:profile.saveFailed' })}
            </Notice>
          )}
          {KNOWLEDGE_QUESTIONS.map((q) => (
            <fieldset key={q.code} className={styles.question}>
              <legend>{t(`questions.${q.code}.text`)}</legend>
              {q.answers.map((a) => (
                <label key={a} className={styles.radio}>
                  <input type="radio" value={a} {...register(`answers.${q.code}`)} />
                  {t(`questions.${q.code}.${a}`)}
                </label>
              ))}
              {kt.wrong.includes(q.code) && kt.answers?.[q.code] === answers[q.code] && (
                <p className={styles.wrong}>{t(`questions.${q.code}.explain`)}</p>
              )}
            </fieldset>
          ))}
          <div className={styles.actions}>
            <Button type="submit" disabled={take.isPending}>
              {t('profile.testSubmit')}
            </Button>
          </div>
        </form>
      )}
    </section>
  );
}
