import { type InputHTMLAttributes, type ReactNode, type Ref, useId } from 'react';
import styles from './checkbox.module.css';
import { cx } from './cx.ts';

export interface CheckboxProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'type'> {
  ref?: Ref<HTMLInputElement>;
  label: ReactNode;
  description?: ReactNode;
  error?: string | undefined;
  /** Looks like a switch (for settings that apply at once). */
  variant?: 'box' | 'switch';
}

export function Checkbox({
  label,
  description,
  error,
  variant = 'box',
  className,
  id,
  ...input
}: CheckboxProps) {
  const auto = useId();
  const controlId = id ?? `c${auto}`;
  const descId = description ? `${controlId}-desc` : undefined;
  const errorId = error ? `${controlId}-error` : undefined;
  return (
    <div className={cx(styles.wrap, className)}>
      <div className={cx(styles.row, variant === 'switch' && styles.switchRow)}>
        <input
          id={controlId}
          type="checkbox"
          role={variant === 'switch' ? 'switch' : undefined}
          className={cx(styles.input, variant === 'switch' ? styles.switch : styles.box)}
          aria-invalid={error ? true : undefined}
          aria-describedby={[errorId, descId].filter(Boolean).join(' ') || undefined}
          {...input}
        />
        <label htmlFor={controlId} className={styles.label}>
          {label}
        </label>
      </div>
      {description && (
        <p id={descId} className={styles.description}>
          {description}
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
