import {
  type InputHTMLAttributes,
  type ReactNode,
  type Ref,
  type SelectHTMLAttributes,
  type TextareaHTMLAttributes,
  useId,
} from 'react';
import { cx } from './cx.ts';
import styles from './field.module.css';

// One accessible field: the label names the control, aria-invalid marks an error and
// aria-describedby points at the hint and the error text, so a screen reader reads both.

export interface ControlIds {
  id: string;
  'aria-invalid': boolean | undefined;
  'aria-describedby': string | undefined;
}

export interface FieldShellProps {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  required?: boolean;
  /** Use an existing id for the control (otherwise one is made). */
  id?: string | undefined;
  className?: string | undefined;
  /** Trailing element inside the control's frame (e.g. a show-password button). */
  children: (ids: ControlIds) => ReactNode;
}

export function FieldShell({ label, error, hint, required, id, className, children }: FieldShellProps) {
  const auto = useId();
  const controlId = id ?? `f${auto}`;
  const hintId = hint ? `${controlId}-hint` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  const describedBy = [errorId, hintId].filter(Boolean).join(' ') || undefined;
  return (
    <div className={cx(styles.field, error && styles.invalid, className)}>
      <label className={styles.label} htmlFor={controlId}>
        {label}
        {required && (
          <span className={styles.required} aria-hidden="true">
            {' '}
            *
          </span>
        )}
      </label>
      {children({ id: controlId, 'aria-invalid': error ? true : undefined, 'aria-describedby': describedBy })}
      {hint && (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      )}
      {error && (
        <p id={errorId} className={styles.error}>
          {error}
        </p>
      )}
    </div>
  );
}

type Common = {
  label: ReactNode;
  error?: string | undefined;
  hint?: ReactNode;
  className?: string | undefined;
};

export interface FieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'className'>, Common {
  ref?: Ref<HTMLInputElement>;
  /** Trailing element inside the input's frame. */
  addon?: ReactNode;
  inputClassName?: string;
}

export function Field({
  label,
  error,
  hint,
  className,
  id,
  required,
  addon,
  inputClassName,
  ...input
}: FieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} id={id} className={className}>
      {(ids) => (
        <div className={cx(styles.frame, addon ? styles.withAddon : undefined)}>
          <input className={cx(styles.control, inputClassName)} required={required} {...ids} {...input} />
          {addon}
        </div>
      )}
    </FieldShell>
  );
}

export interface TextAreaFieldProps
  extends Omit<TextareaHTMLAttributes<HTMLTextAreaElement>, 'className'>,
    Common {
  ref?: Ref<HTMLTextAreaElement>;
}

export function TextAreaField({ label, error, hint, className, id, required, ...input }: TextAreaFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} id={id} className={className}>
      {(ids) => (
        <textarea className={cx(styles.control, styles.textarea)} required={required} {...ids} {...input} />
      )}
    </FieldShell>
  );
}

export interface SelectFieldProps extends Omit<SelectHTMLAttributes<HTMLSelectElement>, 'className'>, Common {
  ref?: Ref<HTMLSelectElement>;
  children: ReactNode;
}

export function SelectField({
  label,
  error,
  hint,
  className,
  id,
  required,
  children,
  ...input
}: SelectFieldProps) {
  return (
    <FieldShell label={label} error={error} hint={hint} required={required} id={id} className={className}>
      {(ids) => (
        <select className={cx(styles.control, styles.select)} required={required} {...ids} {...input}>
          {children}
        </select>
      )}
    </FieldShell>
  );
}

/** An error that belongs to a group of controls (radios, checkboxes), announced with the group. */
export function GroupError({ id, children }: { id: string; children: ReactNode }) {
  return (
    <p id={id} className={styles.error}>
      {children}
    </p>
  );
}
