import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import styles from './pitch.module.css';

export function PitchShell({
  step,
  title,
  intro,
  aside,
  children,
}: {
  step?: 1 | 2;
  title: ReactNode;
  intro?: ReactNode;
  aside?: ReactNode;
  children: ReactNode;
}) {
  const { t } = useTranslation('pitch');
  return (
    <main id="main" className={styles.page}>
      <div className={`container ${styles.layout} ${aside ? styles.withAside : ''}`}>
        <header className={styles.header}>
          {step && (
            <p className={styles.step}>
              <span className="visually-hidden">{t('stepLabel')} </span>
              {t('stepOf', { step, total: 2 })}
            </p>
          )}
          <h1 className={styles.title}>{title}</h1>
          {intro && <p className={styles.intro}>{intro}</p>}
          {aside}
        </header>
        <div className={styles.card}>{children}</div>
      </div>
    </main>
  );
}
