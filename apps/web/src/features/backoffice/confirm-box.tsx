import { type ReactNode, useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { Button, type ButtonVariant } from '../../components/button.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import styles from './backoffice.module.css';

/**
 * The last step before an action that cannot be undone (money moved, a pitch decided): it says
 * who and how much in plain words, and nothing is sent until the admin presses the confirm button.
 * It takes the focus when it appears so a keyboard or screen-reader user lands on the question.
 */
export function ConfirmBox({
  children,
  confirmLabel,
  pendingLabel,
  onConfirm,
  onCancel,
  pending = false,
  variant = 'primary',
  size = 'md',
}: {
  /** The question, naming the person or campaign and the amount. */
  children: ReactNode;
  confirmLabel: string;
  pendingLabel?: string;
  onConfirm: () => void;
  onCancel: () => void;
  pending?: boolean;
  variant?: ButtonVariant;
  size?: 'sm' | 'md';
}) {
  const { t } = useTranslation('backoffice');
  const boxRef = useRef<HTMLFieldSetElement>(null);
  useEffect(() => {
    boxRef.current?.focus();
  }, []);
  return (
    // A fieldset whose legend is the question: screen readers announce it as the group's name.
    <fieldset ref={boxRef} tabIndex={-1} className={styles.confirmBox}>
      <legend className={`${styles.confirmText} ${styles.confirmLegend}`}>
        <AlertIcon size={18} />
        <strong>{children}</strong>
      </legend>
      <div className={styles.formActions}>
        <Button size={size} variant="secondary" disabled={pending} onClick={onCancel}>
          {t('confirmAction.cancel')}
        </Button>
        <Button size={size} variant={variant} loading={pending} onClick={onConfirm}>
          {pending && pendingLabel ? pendingLabel : confirmLabel}
        </Button>
      </div>
    </fieldset>
  );
}
