import { type KeyboardEvent, type ReactNode, useId, useRef, useState } from 'react';
import styles from './accordion.module.css';

export interface AccordionItem {
  id: string;
  title: string;
  content: ReactNode;
  /** Optional picture shown beside the answer. */
  image?: ReactNode;
}

export interface AccordionProps {
  /** Visible title of the whole accordion. */
  title?: string;
  items: readonly AccordionItem[];
  /** Heading level of the title; item headings sit one level below. */
  headingLevel?: 2 | 3;
  /** Item open on first render; none by default. */
  defaultOpenId?: string | null;
  className?: string;
}

/**
 * Disclosure list in the WAI-ARIA accordion pattern: each item is a heading holding a button with
 * aria-expanded and aria-controls, its panel a labelled region. One item is open at a time; clicking
 * the open item closes it. Enter and Space come with the native button; Arrow Up/Down, Home and End
 * move between item headers.
 */
export function Accordion({
  title,
  items,
  headingLevel = 2,
  defaultOpenId = null,
  className,
}: AccordionProps) {
  const [openId, setOpenId] = useState<string | null>(defaultOpenId);
  const baseId = useId();
  const buttons = useRef<(HTMLButtonElement | null)[]>([]);
  const TitleTag = headingLevel === 2 ? 'h2' : 'h3';
  const ItemTag = headingLevel === 2 ? 'h3' : 'h4';
  const titleId = `${baseId}-title`;

  function onKeyDown(event: KeyboardEvent<HTMLButtonElement>, index: number) {
    const last = items.length - 1;
    const target =
      event.key === 'ArrowDown'
        ? index === last
          ? 0
          : index + 1
        : event.key === 'ArrowUp'
          ? index === 0
            ? last
            : index - 1
          : event.key === 'Home'
            ? 0
            : event.key === 'End'
              ? last
              : null;
    if (target === null) return;
    event.preventDefault();
    buttons.current[target]?.focus();
  }

  return (
    <section
      className={[styles.accordion, className].filter(Boolean).join(' ')}
      aria-labelledby={title ? titleId : undefined}
    >
      {title && (
        <TitleTag id={titleId} className={styles.title}>
          {title}
        </TitleTag>
      )}
      <div className={styles.items}>
        {items.map((item, index) => {
          const open = item.id === openId;
          const buttonId = `${baseId}-button-${index}`;
          const panelId = `${baseId}-panel-${index}`;
          return (
            <div key={item.id} className={styles.item} data-open={open || undefined}>
              <ItemTag className={styles.itemHeading}>
                <button
                  ref={(el) => {
                    buttons.current[index] = el;
                  }}
                  type="button"
                  id={buttonId}
                  className={styles.trigger}
                  aria-expanded={open}
                  aria-controls={panelId}
                  onClick={() => setOpenId(open ? null : item.id)}
                  onKeyDown={(event) => onKeyDown(event, index)}
                >
                  <span className={styles.triggerText}>{item.title}</span>
                  <span className={styles.icon} aria-hidden="true" />
                </button>
              </ItemTag>
              {/* A section with an accessible name is a region landmark. */}
              <section id={panelId} aria-labelledby={buttonId} className={styles.panel} hidden={!open}>
                <div className={item.image ? styles.panelWithImage : undefined}>
                  <div className={styles.content}>{item.content}</div>
                  {item.image && <div className={styles.image}>{item.image}</div>}
                </div>
              </section>
            </div>
          );
        })}
      </div>
    </section>
  );
}
