// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, render, screen } from '@testing-library/react';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import i18n from '../i18n/index.ts';
import { Countdown, splitDuration } from './countdown.tsx';

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  vi.useFakeTimers();
  vi.setSystemTime(new Date('2025-09-13T21:58:30'));
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
});

function part(container: HTMLElement, name: 'days' | 'clock') {
  return container.querySelector(`[data-part="${name}"]`)?.textContent;
}

describe('splitDuration', () => {
  it('splits milliseconds into days, hours, minutes and seconds', () => {
    expect(splitDuration(((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000 + 999)).toEqual({
      days: 2,
      hours: 3,
      minutes: 4,
      seconds: 5,
    });
  });
});

describe('Countdown', () => {
  it('shows the days, then hours:minutes:seconds, and ticks every second', () => {
    const { container } = render(<Countdown target="2025-09-15T00:00:00" />);
    expect(part(container, 'days')).toBe('1');
    expect(part(container, 'clock')).toBe('02:01:30');
    expect(screen.getByText('day')).toBeInTheDocument();

    act(() => vi.advanceTimersByTime(1000));
    expect(part(container, 'clock')).toBe('02:01:29');
    act(() => vi.advanceTimersByTime(90_000));
    expect(part(container, 'clock')).toBe('01:59:59');
  });

  it('keeps the ticking face out of live announcements and gives a summary in words', () => {
    render(<Countdown target="2025-09-15T00:00:00" />);
    const timer = screen.getByRole('timer');
    expect(timer).toHaveAttribute('aria-live', 'off');
    expect(timer).toHaveTextContent('Time left until launch: 1 day, 2 hours and 1 minute.');
  });

  it('stops at zero and clears its interval', () => {
    const target = new Date(Date.now() + 2_000);
    const { container } = render(<Countdown target={target} endedMessage={<p>Over</p>} />);
    expect(part(container, 'clock')).toBe('00:00:02');
    expect(vi.getTimerCount()).toBe(1);

    act(() => vi.advanceTimersByTime(2_000));
    expect(part(container, 'days')).toBe('0');
    expect(part(container, 'clock')).toBe('00:00:00');
    expect(screen.getByText('Over')).toBeInTheDocument();
    expect(vi.getTimerCount()).toBe(0);

    act(() => vi.advanceTimersByTime(10_000));
    expect(part(container, 'clock')).toBe('00:00:00');
  });

  it('never starts an interval for a date already passed', () => {
    const { container } = render(<Countdown target="2025-01-01T00:00:00" />);
    expect(part(container, 'clock')).toBe('00:00:00');
    expect(screen.getByRole('timer')).toHaveTextContent('The countdown is over.');
    expect(vi.getTimerCount()).toBe(0);
  });

  it('speaks Italian when the language is Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    render(<Countdown target="2025-09-15T00:00:00" />);
    expect(screen.getByText('giorno')).toBeInTheDocument();
    expect(screen.getByRole('timer')).toHaveTextContent(
      'Tempo rimanente al lancio: 1 giorno, 2 ore e 1 minuto.',
    );
    await act(() => i18n.changeLanguage('en'));
  });
});
