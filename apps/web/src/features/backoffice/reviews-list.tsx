import { REVIEW_CRITERIA, type ReviewDto } from '@indiesplit/shared/pitches';
import { useTranslation } from 'react-i18next';
import { formatDateTime, formatScore } from '../pitches/pitch-format.ts';
import styles from './backoffice.module.css';

/** Reviews with their per-criterion scores and average, newest version first. */
export function ReviewsList({ reviews, currentRevision }: { reviews: ReviewDto[]; currentRevision: number }) {
  const { t, i18n } = useTranslation('backoffice');
  const lang = i18n.language;
  if (reviews.length === 0) return <p className={styles.muted}>{t('reviews.none')}</p>;
  const sorted = [...reviews].sort(
    (a, b) => b.revision - a.revision || a.updated_at.localeCompare(b.updated_at),
  );
  return (
    <ul className={styles.reviews}>
      {sorted.map((review) => (
        <li key={review.id} className={styles.review}>
          <article aria-labelledby={`review-${review.id}`}>
            <header className={styles.reviewHead}>
              <h4 id={`review-${review.id}`} className={styles.reviewTitle}>
                {t('reviews.by', { username: review.reviewer.username })}
              </h4>
              <span className={styles.cellSub}>
                {review.revision === currentRevision
                  ? t('reviews.currentVersion', { revision: review.revision })
                  : t('reviews.olderVersion', { revision: review.revision })}
                {' · '}
                {formatDateTime(review.updated_at, lang)}
              </span>
            </header>
            <dl className={styles.scoreList}>
              {REVIEW_CRITERIA.map((c) => (
                <div key={c}>
                  <dt>{t(`review.criteria.${c}`)}</dt>
                  <dd>{t('reviews.outOf', { score: review[c] })}</dd>
                </div>
              ))}
              <div className={styles.scoreAverage}>
                <dt>{t('reviews.average')}</dt>
                <dd>{formatScore(review.average, lang)}</dd>
              </div>
            </dl>
            {review.comment && <p className={styles.comment}>{review.comment}</p>}
          </article>
        </li>
      ))}
    </ul>
  );
}
