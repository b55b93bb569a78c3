import { useEffect, useState } from 'react';

// The resend-verification cooldown is shown on two screens (settings, the verification link's
// page); both count it down with these, so the button and the error never disagree.

/** 'm:ss' for a countdown of whole seconds (the resend cooldown label). */
export function formatCountdown(totalSeconds: number): string {
  const s = Math.max(0, Math.ceil(totalSeconds));
  return `${Math.floor(s / 60)}:${String(s % 60).padStart(2, '0')}`;
}

/** Whole seconds left until `until` (ms since epoch) at `now`; never negative. */
export function secondsLeft(until: number | null, now: number): number {
  if (until === null) return 0;
  return Math.max(0, Math.ceil((until - now) / 1000));
}

/** A countdown that ticks every second: `start(seconds)` begins it, `left` is what remains. */
export function useCountdown() {
  const [until, setUntil] = useState<number | null>(null);
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (until === null) return;
    const timer = setInterval(() => {
      const current = Date.now();
      setNow(current);
      if (current >= until) setUntil(null);
    }, 1000);
    return () => clearInterval(timer);
  }, [until]);
  const start = (seconds: number) => {
    const current = Date.now();
    setNow(current);
    setUntil(current + seconds * 1000);
  };
  return { left: secondsLeft(until, now), start };
}
