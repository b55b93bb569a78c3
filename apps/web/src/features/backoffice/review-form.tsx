import {
  REVIEW_COMMENT_MAX,
  REVIEW_CRITERIA,
  type ReviewCriterion,
  type ReviewDto,
} from '@indiesplit/shared/pitches';
import { type FormEvent, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '../../components/button.tsx';
import { GroupError, TextAreaField } from '../../components/field.tsx';
import { Notice } from '../../components/notice.tsx';
import { errorText } from '../../lib/error-text.ts';
import { focusSoon } from '../../lib/form.ts';
import { useSaveReview } from './api.ts';
import styles from './backoffice.module.css';

const SCORES = [1, 2, 3, 4, 5] as const;

type Scores = Record<ReviewCriterion, number | null>;

export function emptyScores(review?: Pick<ReviewDto, ReviewCriterion>): Scores {
  return {
    team: review?.team ?? null,
    game: review?.game ?? null,
    market: review?.market ?? null,
    budget_realism: review?.budget_realism ?? null,
  };
}

/** The criteria still without a score, in rubric order. */
export function missingScores(scores: Scores): ReviewCriterion[] {
  return REVIEW_CRITERIA.filter((c) => scores[c] === null);
}

/**
 * A reviewer's own review of the pitch's current version: the rubric (team, game, market, budget
 * realism, 1–5 each, one radio group per criterion) and a comment. Saving again updates it.
 */
export function ReviewForm({ pitchId, review }: { pitchId: string; review: ReviewDto | undefined }) {
  const { t } = useTranslation(['backoffice', 'errors']);
  const save = useSaveReview(pitchId);
  const [scores, setScores] = useState<Scores>(() => emptyScores(review));
  const [comment, setComment] = useState(review?.comment ?? '');
  const [missing, setMissing] = useState<ReviewCriterion[]>([]);
  const [result, setResult] = useState<{ ok: boolean; text: string } | null>(null);
  const formRef = useRef<HTMLFormElement>(null);
  const noticeRef = useRef<HTMLDivElement>(null);

  const onSubmit = async (event: FormEvent) => {
    event.preventDefault();
    setResult(null);
    const gaps = missingScores(scores);
    setMissing(gaps);
    if (gaps.length > 0) {
      focusSoon(() => formRef.current?.querySelector<HTMLElement>(`input[name="score-${gaps[0]}"]`));
      return;
    }
    try {
      await save.mutateAsync({
        team: scores.team ?? 0,
        game: scores.game ?? 0,
        market: scores.market ?? 0,
        budget_realism: scores.budget_realism ?? 0,
        comment: comment.trim(),
      });
      setResult({ ok: true, text: t('review.saved') });
    } catch (err) {
      setResult({ ok: false, text: errorText(t, err, { fallback: 'backoffice:review.saveFailed' }) });
      focusSoon(() => noticeRef.current);
    }
  };

  return (
    <form ref={formRef} className={styles.reviewForm} onSubmit={(e) => void onSubmit(e)} noValidate>
      <p className={styles.muted} id="score-scale">
        {t('review.scale')}
      </p>
      {REVIEW_CRITERIA.map((criterion) => {
        const errorId = `score-${criterion}-error`;
        const invalid = missing.includes(criterion);
        return (
          <fieldset
            key={criterion}
            className={styles.rubric}
            aria-describedby={[invalid ? errorId : '', `score-${criterion}-text`, 'score-scale']
              .filter(Boolean)
              .join(' ')}
            disabled={save.isPending}
          >
            <legend className={styles.rubricLegend}>{t(`review.criteria.${criterion}`)}</legend>
            <p id={`score-${criterion}-text`} className={styles.rubricText}>
              {t(`review.criteriaText.${criterion}`)}
            </p>
            <div className={styles.scores}>
              {SCORES.map((score) => (
                <label key={score} className={styles.score}>
                  <input
                    type="radio"
                    name={`score-${criterion}`}
                    value={score}
                    checked={scores[criterion] === score}
                    aria-invalid={invalid || undefined}
                    onChange={() => {
                      setScores((s) => ({ ...s, [criterion]: score }));
                      setMissing((m) => m.filter((c) => c !== criterion));
                    }}
                  />
                  <span>{score}</span>
                </label>
              ))}
            </div>
            {invalid && <GroupError id={errorId}>{t('review.scoreRequired')}</GroupError>}
          </fieldset>
        );
      })}
      <TextAreaField
        label={t('review.comment')}
        rows={5}
        maxLength={REVIEW_COMMENT_MAX}
        value={comment}
        onChange={(e) => setComment(e.target.value)}
        disabled={save.isPending}
      />
      {result && (
        <Notice type={result.ok ? 'success' : 'error'} ref={noticeRef}>
          {result.text}
        </Notice>
      )}
      <div className={styles.formActions}>
        <Button type="submit" loading={save.isPending}>
          {save.isPending ? t('review.saving') : review ? t('review.update') : t('review.save')}
        </Button>
      </div>
    </form>
  );
}
