import { type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useHydrated } from '../app/hydration.ts';
import styles from './countdown.module.css';

const SECOND = 1000;

export function toTime(target: string | number | Date): number {
  const ms = target instanceof Date ? target.getTime() : new Date(target).getTime();
  return Number.isNaN(ms) ? 0 : ms;
}

function remainingMs(targetMs: number): number {
  return Math.max(0, targetMs - Date.now());
}

export interface CountdownParts {
  days: number;
  hours: number;
  minutes: number;
  seconds: number;
}

export function splitDuration(ms: number): CountdownParts {
  const total = Math.floor(ms / SECOND);
  return {
    days: Math.floor(total / 86_400),
    hours: Math.floor((total % 86_400) / 3_600),
    minutes: Math.floor((total % 3_600) / 60),
    seconds: total % 60,
  };
}

/**
 * Milliseconds left until `target`, refreshed every second. Once zero is reached the interval is
 * cleared, so a finished countdown costs nothing and never re-renders again.
 */
export function useCountdown(target: string | number | Date): number {
  const targetMs = toTime(target);
  const [left, setLeft] = useState(() => remainingMs(targetMs));
  useEffect(() => {
    const update = () => {
      const next = remainingMs(targetMs);
      setLeft(next);
      return next;
    };
    if (update() === 0) return;
    const timer = setInterval(() => {
      if (update() === 0) clearInterval(timer);
    }, SECOND);
    return () => clearInterval(timer);
  }, [targetMs]);
  return left;
}

const pad = (n: number) => String(n).padStart(2, '0');

export interface CountdownProps {
  /** Date and time to count down to. */
  target: string | number | Date;
  /** Shown under the clock once the target has passed. */
  endedMessage?: ReactNode;
  className?: string;
}

export function Countdown({ target, endedMessage, className }: CountdownProps) {
  const { t } = useTranslation('home');
  const left = useCountdown(target);
  // The server's render of a page, and the render that hydrates it, cannot know the reader's
  // second: they show an empty face until the next frame, which has the time left.
  const known = useHydrated();
  const { days, hours, minutes, seconds } = splitDuration(left);
  const ended = known && left === 0;

  return (
    <div className={[styles.countdown, className].filter(Boolean).join(' ')}>
      {/* The ticking face is hidden from assistive technology: a value changing every second is
          noise. The timer role is not live by default; the summary gives the same time in words. */}
      <div role="timer" aria-live="off" aria-atomic="true">
        <span className="visually-hidden">
          {!known
            ? null
            : ended
              ? t('countdown.endedSummary')
              : t('countdown.summary', {
                  days: t('countdown.unitDays', { count: days }),
                  hours: t('countdown.unitHours', { count: hours }),
                  minutes: t('countdown.unitMinutes', { count: minutes }),
                })}
        </span>
        <div className={styles.face} aria-hidden="true">
          <div className={styles.days}>
            <span className={styles.daysValue} data-part="days">
              {known ? days : '–'}
            </span>
            <span className={styles.unit}>{t('countdown.days', { count: days })}</span>
          </div>
          <div className={styles.clockBlock}>
            <span className={styles.clock} data-part="clock">
              {known ? `${pad(hours)}:${pad(minutes)}:${pad(seconds)}` : '––:––:––'}
            </span>
            <span className={styles.unit}>{t('countdown.clockUnits')}</span>
          </div>
        </div>
      </div>
      {ended && endedMessage ? <div className={styles.ended}>{endedMessage}</div> : null}
    </div>
  );
}
