import type { ReportingHealth } from '@indiesplit/shared/revenue';
import { useTranslation } from 'react-i18next';
import { useOutcome } from './api.ts';
import styles from './outcomes.module.css';

// How a launched campaign's studio keeps up with its monthly sales reports (ADR 0032), in words
// and colour: on time, late but caught up, a report overdue, in default.

export function HealthBadge({ health }: { health: ReportingHealth }) {
  const { t } = useTranslation('outcomes');
  return (
    <span
      className={`${styles.health} ${styles[`health_${health}`] ?? ''}`}
      title={t(`healthHint.${health}`)}
    >
      {t(`health.${health}`)}
    </span>
  );
}

/** The badge of a launched real-money campaign, read from its public outcome (nothing otherwise). */
export function CampaignHealthBadge({ slug, launched }: { slug: string; launched: boolean }) {
  const outcome = useOutcome(slug, launched);
  const health = outcome.data?.health;
  if (!launched || !health) return null;
  return <HealthBadge health={health} />;
}
