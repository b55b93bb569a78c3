import type { AnchorHTMLAttributes, ButtonHTMLAttributes, ReactNode, Ref } from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx.ts';
import { Spinner } from './spinner.tsx';

// Buttons use the global .btn classes of the design system (styles/base.css).

export type ButtonVariant = 'primary' | 'secondary' | 'ghost' | 'danger' | 'accent';

interface Look {
  variant?: ButtonVariant;
  size?: 'md' | 'sm' | 'lg';
  /** Full width. */
  block?: boolean;
}

function classes({ variant = 'primary', size = 'md', block }: Look, extra?: string) {
  return cx('btn', `btn-${variant}`, size !== 'md' && `btn-${size}`, block && 'btn-block', extra);
}

export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement>, Look {
  ref?: Ref<HTMLButtonElement>;
  /** Disables the button and shows a spinner; the label should say what is happening. */
  loading?: boolean;
  icon?: ReactNode;
}

export function Button({
  variant,
  size,
  block,
  loading = false,
  icon,
  className,
  children,
  disabled,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      type={type}
      className={classes({ variant, size, block }, className)}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      {...rest}
    >
      {loading ? <Spinner size="sm" decorative /> : icon}
      {children}
    </button>
  );
}

export interface ButtonLinkProps extends LinkProps, Look {
  icon?: ReactNode;
}

export function ButtonLink({ variant, size, block, icon, className, children, ...rest }: ButtonLinkProps) {
  return (
    <Link
      className={classes({ variant, size, block }, typeof className === 'string' ? className : undefined)}
      {...rest}
    >
      {icon}
      {children}
    </Link>
  );
}

export interface ExternalButtonLinkProps extends AnchorHTMLAttributes<HTMLAnchorElement>, Look {
  icon?: ReactNode;
}

/** A link to another site, opened in a new tab without handing it our window. */
export function ExternalButtonLink({
  variant,
  size,
  block,
  icon,
  className,
  children,
  ...rest
}: ExternalButtonLinkProps) {
  return (
    <a
      className={classes({ variant, size, block }, className)}
      target="_blank"
      rel="noopener noreferrer"
      {...rest}
    >
      {icon}
      {children}
    </a>
  );
}
