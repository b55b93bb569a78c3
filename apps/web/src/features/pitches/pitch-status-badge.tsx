import type { PitchStatus } from '@indiesplit/shared/pitches';
import { useTranslation } from 'react-i18next';
import { cx } from '../../components/cx.ts';
import styles from './pitch-status-badge.module.css';

/** A pitch's status in words (never by colour alone), for developers and staff alike. */
export function PitchStatusBadge({ status, className }: { status: PitchStatus; className?: string }) {
  const { t } = useTranslation('pitch');
  return (
    <span className={cx(styles.badge, styles[status], className)} data-status={status}>
      {t(`status.${status}`)}
    </span>
  );
}
