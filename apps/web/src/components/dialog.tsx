import { type ReactNode, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { useScrollLock } from '../lib/use-scroll-lock.ts';
import { cx } from './cx.ts';
import styles from './dialog.module.css';
import { CloseIcon } from './icons.tsx';

export interface DialogProps {
  open: boolean;
  /** Escape, the close button and a click on the backdrop call this. */
  onClose: () => void;
  title: ReactNode;
  /** Hide the title visually (it still names the dialog). */
  hideTitle?: boolean;
  children: ReactNode;
  /** 'sheet' fills the viewport (the mobile menu). */
  variant?: 'modal' | 'sheet';
  className?: string;
  footer?: ReactNode;
}

/**
 * A modal dialog on the native <dialog>: the browser traps focus, makes the page behind inert,
 * closes on Escape and returns focus to where it was. Page scroll is locked while open.
 */
export function Dialog({
  open,
  onClose,
  title,
  hideTitle,
  children,
  variant = 'modal',
  className,
  footer,
}: DialogProps) {
  const { t } = useTranslation('common');
  const ref = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const closeRef = useRef(onClose);
  closeRef.current = onClose;
  useScrollLock(open);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      if (typeof dialog.showModal === 'function') dialog.showModal();
      else dialog.setAttribute('open', '');
    } else if (!open && dialog.open) {
      if (typeof dialog.close === 'function') dialog.close();
      else dialog.removeAttribute('open');
    }
  }, [open]);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    // Escape fires "cancel": keep the dialog under React's control instead of letting it close itself.
    const onCancel = (e: Event) => {
      e.preventDefault();
      closeRef.current();
    };
    dialog.addEventListener('cancel', onCancel);
    return () => dialog.removeEventListener('cancel', onCancel);
  }, []);

  return (
    <dialog
      ref={ref}
      aria-labelledby={titleId}
      className={cx(styles.dialog, styles[variant], className)}
      onClick={(e) => {
        if (e.target === e.currentTarget && variant === 'modal') onClose();
      }}
      onKeyDown={(e) => {
        if (e.key === 'Escape') {
          e.preventDefault();
          onClose();
        }
      }}
    >
      {open && (
        <div className={styles.inner}>
          <header className={styles.header}>
            <h2 id={titleId} className={cx(styles.title, hideTitle && 'visually-hidden')}>
              {title}
            </h2>
            <button type="button" className={styles.close} onClick={onClose} aria-label={t('close')}>
              <CloseIcon />
            </button>
          </header>
          <div className={styles.body}>{children}</div>
          {footer && <footer className={styles.footer}>{footer}</footer>}
        </div>
      )}
    </dialog>
  );
}
