import {
  type InvestorProfileDto,
  KNOWLEDGE_QUESTIONS,
  SOPHISTICATED_REASON_MAX,
} from '@indiesplit/shared/investing';
import { centsToEuroString, formatMoney } from '@indiesplit/shared/money';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Navigate, useSearchParams } from 'react-router';
import { paths } from '../../app/paths.ts';
import { Button, ButtonLink } from '../../components/button.tsx';
import { Field, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { PageSpinner } from '../../components/spinner.tsx';
import { ApiError } from '../../lib/api.ts';
import { errorText, validationText } from '../../lib/error-text.ts';
import { usePageTitle } from '../../lib/use-page-title.ts';
import {
  useInvestorProfile,
  useRequestSophisticated,
  useSaveLossSimulation,
  useTakeKnowledgeTest,
} from './api.ts';
import { formatDateTime } from './format.ts';
import { type LossSimulationValues, lossSimulationErrors, previewLossSimulation } from './invest-logic.ts';
import styles from './investing.module.css';

/** Only a path of this app's campaigns can be the way back (never another site). */
function safeNext(value: string | null): string | null {
  return value && /^\/campaigns\/[\w-]+\/invest$/.test(value) ? value : null;
}

/** The investor profile ECSP asks for: knowledge test, loss simulation, sophisticated status. */
export default function InvestorProfilePage() {
  const { t } = useTranslation(['invest', 'errors']);
  usePageTitle(t('profile.title'));
  const profile = useInvestorProfile();
  const [params] = useSearchParams();
  const next = safeNext(params.get('next'));

  if (profile.isPending) return <PageSpinner label={t('loading')} />;
  if (profile.isError) {
    if (profile.error instanceof ApiError && profile.error.status === 401)
      return <Navigate to={paths.login} replace />;
    return (
      <main id="main" className={styles.page}>
        <div className="container">
          <Notice type="error">{errorText(t, profile.error, { fallback: 'invest:loadError' })}</Notice>
        </div>
      </main>
    );
  }
  const p = profile.data;
  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.shell}`}>
        <header className={styles.head}>
          <h1 className={styles.title}>{t('profile.title')}</h1>
          <p className={styles.muted}>{t('profile.intro')}</p>
        </header>
        {p.ready && next && (
          <Notice type="success" live={false}>
            <p>{t('profile.readyNext')}</p>
            <ButtonLink to={next}>{t('profile.continue')}</ButtonLink>
          </Notice>
        )}
        <KnowledgeTest profile={p} />
        <LossSimulation profile={p} />
        <Sophisticated profile={p} />
      </div>
    </main>
  );
}

function KnowledgeTest({ profile }: { profile: InvestorProfileDto }) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const take = useTakeKnowledgeTest();
  const [answers, setAnswers] = useState<Record<string, string>>(profile.knowledge_test.answers ?? {});
  const [missing, setMissing] = useState(false);
  const kt = profile.knowledge_test;

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const unanswered = KNOWLEDGE_QUESTIONS.some((q) => !answers[q.code]);
    setMissing(unanswered);
    if (!unanswered) take.mutate({ answers } as never);
  };

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
        {missing && <Notice type="error">{t('errors:answerAllQuestions')}</Notice>}
        {take.isError && (
          <Notice type="error">{errorText(t, take.error, { fallback: 'invest:profile.saveFailed' })}</Notice>
        )}
        {KNOWLEDGE_QUESTIONS.map((q) => (
          <fieldset key={q.code} className={styles.question}>
            <legend>{t(`questions.${q.code}.text`)}</legend>
            {q.answers.map((a) => (
              <label key={a} className={styles.radio}>
                <input
                  type="radio"
                  name={q.code}
                  value={a}
                  checked={answers[q.code] === a}
                  onChange={() => setAnswers({ ...answers, [q.code]: a })}
                />
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

const centsToInput = (cents: number | undefined) => (cents === undefined ? '' : centsToEuroString(cents));

function LossSimulation({ profile }: { profile: InvestorProfileDto }) {
  const { t, i18n } = useTranslation(['invest', 'errors']);
  const save = useSaveLossSimulation();
  const sim = profile.loss_simulation;
  const [values, setValues] = useState<LossSimulationValues>({
    annual_income: centsToInput(sim?.annual_income_cents),
    liquid_assets: centsToInput(sim?.liquid_assets_cents),
    annual_commitments: centsToInput(sim?.annual_commitments_cents),
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const preview = previewLossSimulation(values);

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const found = lossSimulationErrors(values);
    setErrors(found);
    if (Object.keys(found).length === 0) save.mutate(values);
  };
  const field = (name: keyof LossSimulationValues) => ({
    value: values[name],
    onChange: (e: { target: { value: string } }) => setValues({ ...values, [name]: e.target.value }),
    error: validationText(t, errors[name]),
    inputMode: 'decimal' as const,
    required: true,
  });

  return (
    <section className={styles.card} aria-labelledby="loss-simulation">
      <h2 id="loss-simulation" className={styles.cardTitle}>
        {t('profile.simTitle')}
      </h2>
      <p className={styles.muted}>{t('profile.simIntro')}</p>
      <form className={styles.form} onSubmit={submit} noValidate>
        {save.isError && (
          <Notice type="error">{errorText(t, save.error, { fallback: 'invest:profile.saveFailed' })}</Notice>
        )}
        <Field label={t('profile.income')} {...field('annual_income')} />
        <Field label={t('profile.liquid')} {...field('liquid_assets')} />
        <Field label={t('profile.commitments')} {...field('annual_commitments')} />
        {preview && (
          <p aria-live="polite">
            {t('profile.simResult', {
              netWorth: formatMoney(preview.netWorthCents, 'EUR', i18n.language),
              loss: formatMoney(preview.lossCapacityCents, 'EUR', i18n.language),
            })}
          </p>
        )}
        {sim && save.isSuccess && <Notice type="success">{t('profile.simSaved')}</Notice>}
        <div className={styles.actions}>
          <Button type="submit" disabled={save.isPending}>
            {t('profile.simSubmit')}
          </Button>
        </div>
      </form>
    </section>
  );
}

function Sophisticated({ profile }: { profile: InvestorProfileDto }) {
  const { t } = useTranslation(['invest', 'errors']);
  const request = useRequestSophisticated();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | undefined>();
  const s = profile.sophisticated_request;
  const canAsk = profile.investor_class !== 'sophisticated' && s.status !== 'requested';

  const submit = (e: FormEvent) => {
    e.preventDefault();
    const text = reason.trim();
    if (!text) return setError('fillMandatory');
    if (text.length > SOPHISTICATED_REASON_MAX) return setError('textTooLong');
    setError(undefined);
    request.mutate(text);
  };

  return (
    <section className={styles.card} aria-labelledby="sophisticated">
      <h2 id="sophisticated" className={styles.cardTitle}>
        {t('profile.classTitle')}
      </h2>
      <p>
        <span className={styles.status}>{t(`profile.class.${profile.investor_class}`)}</span>{' '}
        {s.status !== 'none' && t(`profile.request.${s.status}`)}
      </p>
      <p className={styles.muted}>{t('profile.classIntro')}</p>
      {canAsk && (
        <form className={styles.form} onSubmit={submit} noValidate>
          {request.isError && (
            <Notice type="error">
              {errorText(t, request.error, { fallback: 'invest:profile.saveFailed' })}
            </Notice>
          )}
          <TextAreaField
            label={t('profile.reason')}
            value={reason}
            onChange={(e) => setReason(e.target.value)}
            error={validationText(t, error)}
            maxLength={SOPHISTICATED_REASON_MAX}
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
