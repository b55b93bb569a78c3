import { type ReactNode, useRef, useState } from 'react';
import { Button } from '../../components/button.tsx';
import { AlertIcon } from '../../components/icons.tsx';
import { focusSoon } from '../../lib/form.ts';
import styles from './settings.module.css';

export interface DangerConfirmProps {
  /** id of the heading, for the section's accessible name */
  id: string;
  title: string;
  text: string;
  openLabel: string;
  /** the warning line shown first in the confirmation */
  warning: string;
  /** further lines of the confirmation */
  children?: ReactNode;
  cancelLabel: string;
  confirmLabel: string;
  busyLabel: string;
  busy: boolean;
  onConfirm: () => void;
  /** below the actions, e.g. the section's notice */
  footer?: ReactNode;
}

/**
 * An irreversible action behind an inline confirmation: the button opens it (focus moves into it),
 * Cancel closes it (focus goes back to the button), and both are disabled while the action runs.
 */
export function DangerConfirm(props: DangerConfirmProps) {
  const [open, setOpen] = useState(false);
  const boxRef = useRef<HTMLDivElement>(null);
  const openerRef = useRef<HTMLButtonElement>(null);
  return (
    <section className={styles.dangerZone} aria-labelledby={props.id}>
      <h3 id={props.id} className={styles.subheading}>
        {props.title}
      </h3>
      <p className={styles.muted}>{props.text}</p>
      {!open ? (
        <Button
          ref={openerRef}
          variant="danger"
          size="sm"
          onClick={() => {
            setOpen(true);
            focusSoon(() => boxRef.current);
          }}
        >
          {props.openLabel}
        </Button>
      ) : (
        <div ref={boxRef} tabIndex={-1} className={styles.confirmBox}>
          <p className={styles.warningLine}>
            <AlertIcon size={18} />
            <strong>{props.warning}</strong>
          </p>
          {props.children}
          <div className={styles.inlineActions}>
            <Button
              variant="secondary"
              size="sm"
              disabled={props.busy}
              onClick={() => {
                setOpen(false);
                focusSoon(() => openerRef.current);
              }}
            >
              {props.cancelLabel}
            </Button>
            <Button variant="danger" size="sm" loading={props.busy} onClick={props.onConfirm}>
              {props.busy ? props.busyLabel : props.confirmLabel}
            </Button>
          </div>
        </div>
      )}
      {props.footer}
    </section>
  );
}
