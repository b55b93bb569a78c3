import { zodResolver } from '@hookform/resolvers/zod';
import {
  type InvestorProfileDto,
  KNOWLEDGE_QUESTIONS,
  KnowledgeTestRequest,
} from '@indiesplit/shared/investing';
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
  const kt = profile.knowledge_test;
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

  const submit = handleSubmit((values) => take.mutate(values as unknown as KnowledgeTestRequest));

  return (
    <section className={styles.card} aria-labelledby="knowledge-test">
      <h2 id="knowledge-test" className={styles.cardTitle}>
        {t('profile.testTitle')}
      </h2>
      <p className={styles.muted}>{t('profile.testIntro')}</p>
      <p>
        <span className={styles.status}>{t(`profile.testStatus.${kt.status}`)}</span>{' '}
        {kt.valid_until &&
          kt.status === 'passed' &&
          t('profile.validUntil', { date: formatDateTime(kt.valid_until, i18n.language) })}
      </p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {errors.answers && <Notice type="error">{t('errors:answerAllQuestions')}</Notice>}
        {take.isError && (
          <Notice type="error">{errorText(t, take.error, { fallback: 'invest:profile.saveFailed' })}</Notice>
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
    </section>
  );
}
