import {
  type ButtonHTMLAttributes,
  type KeyboardEvent,
  type ReactNode,
  useCallback,
  useEffect,
  useId,
  useRef,
  useState,
} from 'react';
import { Link, type LinkProps } from 'react-router';
import { cx } from './cx.ts';
import styles from './dropdown.module.css';

const FOCUSABLE = 'a[href], button:not([disabled]), [tabindex]:not([tabindex="-1"])';

const itemsOf = (panel: HTMLElement | null) =>
  Array.from(panel?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []);

export interface DropdownProps {
  /** What the trigger button shows. */
  trigger: ReactNode;
  /** Accessible name of the trigger when its content is not text. */
  triggerLabel?: string;
  triggerClassName?: string;
  align?: 'start' | 'end';
  className?: string;
  panelClassName?: string;
  children: ReactNode | ((close: () => void) => ReactNode);
}

/**
 * A disclosure dropdown: a button that shows a panel of links and buttons. Click outside, Escape,
 * Tab away or choosing an item closes it; arrow keys move between items; focus returns to the button.
 */
export function Dropdown({
  trigger,
  triggerLabel,
  triggerClassName,
  align = 'end',
  className,
  panelClassName,
  children,
}: DropdownProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const panelRef = useRef<HTMLDivElement>(null);
  const focusFirst = useRef(false);
  const panelId = useId();

  const close = useCallback((returnFocus = false) => {
    setOpen(false);
    if (returnFocus) buttonRef.current?.focus();
  }, []);

  useEffect(() => {
    if (!open) return;
    if (focusFirst.current) {
      focusFirst.current = false;
      itemsOf(panelRef.current)[0]?.focus();
    }
    const onPointerDown = (e: PointerEvent) => {
      if (!rootRef.current?.contains(e.target as Node)) close();
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open, close]);

  const onKeyDown = (e: KeyboardEvent) => {
    if (e.key === 'Escape' && open) {
      e.preventDefault();
      e.stopPropagation();
      close(true);
      return;
    }
    if (e.key !== 'ArrowDown' && e.key !== 'ArrowUp' && e.key !== 'Home' && e.key !== 'End') return;
    if (!open) {
      if (e.key === 'ArrowDown' && e.target === buttonRef.current) {
        e.preventDefault();
        focusFirst.current = true;
        setOpen(true);
      }
      return;
    }
    const list = itemsOf(panelRef.current);
    if (list.length === 0) return;
    e.preventDefault();
    const index = list.indexOf(document.activeElement as HTMLElement);
    let next = 0;
    if (e.key === 'End') next = list.length - 1;
    else if (e.key === 'ArrowDown') next = index < 0 ? 0 : (index + 1) % list.length;
    else if (e.key === 'ArrowUp') next = index <= 0 ? list.length - 1 : index - 1;
    list[next]?.focus();
  };

  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: key handling for the whole widget (arrows, Escape)
    <div
      ref={rootRef}
      className={cx(styles.root, className)}
      onKeyDown={onKeyDown}
      onClick={(e) => {
        // Choosing an item (a link, or a button marked data-closes) closes the panel.
        const target = e.target as HTMLElement;
        if (panelRef.current?.contains(target) && target.closest('a[href], button[data-closes]')) close();
      }}
      onBlur={(e) => {
        if (open && e.relatedTarget && !rootRef.current?.contains(e.relatedTarget as Node)) close();
      }}
    >
      <button
        ref={buttonRef}
        type="button"
        className={triggerClassName}
        aria-expanded={open}
        aria-controls={panelId}
        aria-label={triggerLabel}
        onClick={() => setOpen((v) => !v)}
      >
        {trigger}
      </button>
      <div
        ref={panelRef}
        id={panelId}
        hidden={!open}
        className={cx(styles.panel, align === 'end' ? styles.end : styles.start, panelClassName)}
      >
        {open && (typeof children === 'function' ? children(() => close(true)) : children)}
      </div>
    </div>
  );
}

export function DropdownLink({ className, icon, children, ...rest }: LinkProps & { icon?: ReactNode }) {
  return (
    <Link className={cx(styles.item, typeof className === 'string' ? className : undefined)} {...rest}>
      {icon}
      <span>{children}</span>
    </Link>
  );
}

export function DropdownButton({
  className,
  icon,
  children,
  ...rest
}: ButtonHTMLAttributes<HTMLButtonElement> & { icon?: ReactNode }) {
  return (
    <button type="button" data-closes="" className={cx(styles.item, className)} {...rest}>
      {icon}
      <span>{children}</span>
    </button>
  );
}

export function DropdownSeparator() {
  return <hr className={styles.separator} />;
}
