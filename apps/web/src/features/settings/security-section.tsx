import type { ReactNode } from 'react';
import styles from './security-section.module.css';
import { SessionsList } from './sessions-list.tsx';

/**
 * Settings -> Security: a column of blocks. Sessions are always there; other protections (the
 * second factor) are passed in as `children` and shown above them.
 */
export function SecuritySection({ children }: { children?: ReactNode }) {
  return (
    <div className={styles.section}>
      {children}
      <SessionsList />
    </div>
  );
}
