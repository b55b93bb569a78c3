import { useId, useState } from 'react';
import styles from './avatar.module.css';
import { cx } from './cx.ts';

export interface AvatarProps {
  /** Image URL; without it (or when it fails to load) the default avatar shows. */
  src?: string | null | undefined;
  /** Accessible text; empty when the name is written next to it. */
  alt?: string;
  size?: number;
  className?: string;
}

export function Avatar({ src, alt = '', size = 36, className }: AvatarProps) {
  const [failed, setFailed] = useState<string | null>(null);
  const showImage = src && failed !== src;
  return (
    <span className={cx(styles.avatar, className)} style={{ width: size, height: size }}>
      {showImage ? (
        <img src={src} alt={alt} width={size} height={size} onError={() => setFailed(src)} />
      ) : (
        <DefaultAvatar label={alt} />
      )}
    </span>
  );
}

/** A pixel-art default avatar: a little controller-headed figure on the brand gradient. */
export function DefaultAvatar({ label }: { label?: string }) {
  const gradient = `avatar-bg${useId().replace(/:/g, '')}`;
  return (
    <svg
      viewBox="0 0 16 16"
      shapeRendering="crispEdges"
      role={label ? 'img' : undefined}
      aria-label={label || undefined}
      aria-hidden={label ? undefined : true}
      className={styles.default}
    >
      <defs>
        <linearGradient id={gradient} x1="0" y1="0" x2="1" y2="1">
          <stop offset="0" stopColor="#7c3aed" />
          <stop offset="1" stopColor="#0891b2" />
        </linearGradient>
      </defs>
      <rect width="16" height="16" fill={`url(#${gradient})`} />
      <path fill="#f3f1ff" d="M5 3h6v1h1v4h-1v1H5V8H4V4h1z" />
      <path fill="#1c1840" d="M6 5h1v2H6zM9 5h1v2H9z" />
      <path fill="#f3f1ff" d="M3 11h10v1h1v4H2v-4h1z" />
      <path fill="#22d3ee" d="M7 12h2v1H7z" />
    </svg>
  );
}
