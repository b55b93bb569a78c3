import { type ReactNode, type Ref, useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { cx } from './cx.ts';
import { AlertIcon, CheckIcon, CloseIcon, ErrorIcon, InfoIcon } from './icons.tsx';
import styles from './notice.module.css';

export type NoticeType = 'success' | 'warning' | 'error' | 'info';

/** How long notices stay (spec §9): 5 s by default, 10 s for the verification reminder, 3 s for a profile save error. */
export const NOTICE_DURATION = {
  default: 5000,
  verification: 10_000,
  profileError: 3000,
} as const;

const ICONS = { success: CheckIcon, warning: AlertIcon, error: ErrorIcon, info: InfoIcon };

export interface NoticeProps {
  type?: NoticeType;
  title?: ReactNode;
  children: ReactNode;
  /** Milliseconds until it hides itself; null keeps it until dismissed. */
  duration?: number | null;
  /** Called when the time is up or the close button is pressed; without it there is no close button. */
  onDismiss?: () => void;
  className?: string;
  ref?: Ref<HTMLDivElement>;
  /** Errors interrupt a screen reader; others wait politely. Set false for static explanations. */
  live?: boolean;
}

export function Notice({
  type = 'info',
  title,
  children,
  duration = null,
  onDismiss,
  className,
  ref,
  live = true,
}: NoticeProps) {
  const { t } = useTranslation('common');
  const dismiss = useRef(onDismiss);
  dismiss.current = onDismiss;

  useEffect(() => {
    if (duration === null || duration <= 0) return;
    const timer = setTimeout(() => dismiss.current?.(), duration);
    return () => clearTimeout(timer);
  }, [duration]);

  const Icon = ICONS[type];
  const role = !live ? undefined : type === 'error' ? 'alert' : 'status';
  return (
    <div ref={ref} role={role} tabIndex={-1} className={cx(styles.notice, styles[type], className)}>
      <Icon className={styles.icon} />
      <div className={styles.body}>
        {title && <p className={styles.title}>{title}</p>}
        <div className={styles.text}>{children}</div>
      </div>
      {onDismiss && (
        <button type="button" className={styles.close} onClick={onDismiss} aria-label={t('dismiss')}>
          <CloseIcon size={18} />
        </button>
      )}
    </div>
  );
}

export interface NoticeMessage {
  type: NoticeType;
  text: string;
  duration?: number | null;
}

/**
 * One notice slot for a screen: show() replaces what is there and restarts its timer.
 * Returns props to spread on <Notice> (or null when nothing shows).
 */
export function useNotice() {
  const [message, setMessage] = useState<(NoticeMessage & { key: number }) | null>(null);
  const counter = useRef(0);
  const show = useCallback((next: NoticeMessage) => {
    counter.current += 1;
    setMessage({ duration: NOTICE_DURATION.default, ...next, key: counter.current });
  }, []);
  const clear = useCallback(() => setMessage(null), []);
  return { message, show, clear };
}

/** Renders the slot of useNotice(). */
export function NoticeSlot({
  notice,
  className,
}: {
  notice: ReturnType<typeof useNotice>;
  className?: string;
}) {
  const { message, clear } = notice;
  if (!message) return null;
  return (
    <Notice
      key={message.key}
      type={message.type}
      duration={message.duration ?? null}
      onDismiss={clear}
      {...(className ? { className } : {})}
    >
      {message.text}
    </Notice>
  );
}
