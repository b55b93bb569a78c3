import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { cx } from '../../components/cx.ts';
import { CloseIcon } from '../../components/icons.tsx';
import styles from './auth-shell.module.css';

export interface AuthShellProps {
  title: ReactNode;
  subtitle?: ReactNode;
  /** Small line above the title (e.g. "Step 2 of 3"). */
  eyebrow?: ReactNode;
  /** Where the close button goes (spec: / for most, /login for forgot-password). */
  closeTo: string;
  wide?: boolean;
  icon?: ReactNode;
  children: ReactNode;
  footer?: ReactNode;
}

/** The card every account screen sits in, with its close button. */
export function AuthShell({
  title,
  subtitle,
  eyebrow,
  closeTo,
  wide,
  icon,
  children,
  footer,
}: AuthShellProps) {
  const { t } = useTranslation('common');
  return (
    <main id="main" className={styles.page}>
      <div className={cx(styles.card, wide && styles.wide)}>
        <Link to={closeTo} className={styles.close} aria-label={t('close')}>
          <CloseIcon />
        </Link>
        <header className={styles.header}>
          {icon && <div className={styles.icon}>{icon}</div>}
          {eyebrow && <p className={styles.eyebrow}>{eyebrow}</p>}
          <h1 className={styles.title}>{title}</h1>
          {subtitle && <p className={styles.subtitle}>{subtitle}</p>}
        </header>
        {children}
        {footer && <div className={styles.footer}>{footer}</div>}
      </div>
    </main>
  );
}
