import { useTranslation } from 'react-i18next';
import { cx } from './cx.ts';
import styles from './spinner.module.css';

export interface SpinnerProps {
  /** Read to screen readers; defaults to "Loading…". */
  label?: string;
  size?: 'sm' | 'md' | 'lg';
  /** Inside a control that already says it is busy: shown but not announced. */
  decorative?: boolean;
  className?: string;
}

export function Spinner({ label, size = 'md', decorative = false, className }: SpinnerProps) {
  const { t } = useTranslation('common');
  const ring = <span className={cx(styles.ring, styles[size])} aria-hidden="true" />;
  if (decorative) return <span className={cx(styles.spinner, className)}>{ring}</span>;
  return (
    <span role="status" className={cx(styles.spinner, className)}>
      {ring}
      <span className="visually-hidden">{label ?? t('loading')}</span>
    </span>
  );
}

/** A whole-area loading state, centred. */
export function PageSpinner({ label }: { label?: string }) {
  return (
    <div className={styles.page}>
      <Spinner size="lg" {...(label ? { label } : {})} />
    </div>
  );
}
