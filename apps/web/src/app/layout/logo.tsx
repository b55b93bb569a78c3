import styles from './logo.module.css';

/** The IndieSplit mark (a split pixel coin) and wordmark. */
export function Logo({ compact = false }: { compact?: boolean }) {
  return (
    <span className={styles.logo}>
      <svg viewBox="0 0 12 12" width="28" height="28" shapeRendering="crispEdges" aria-hidden="true">
        <path fill="#8b5cf6" d="M4 0h2v12H4v-1H2v-1H1V8H0V4h1V2h1V1h2z" />
        <path fill="#22d3ee" d="M7 0h1v1h2v1h1v2h1v4h-1v2h-1v1H8v1H7z" />
        <path fill="#f3f1ff" d="M3 4h1v4H3zM9 4h1v4H9z" />
      </svg>
      {!compact && (
        <span className={styles.word}>
          Indie<span className={styles.split}>Split</span>
        </span>
      )}
    </span>
  );
}
