// @vitest-environment jsdom
import { act, render, screen } from '@testing-library/react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RouteNotices } from './route-notices.tsx';

afterEach(() => vi.useRealTimers());

let current: ReturnType<typeof useLocation> | null = null;
function Spy() {
  current = useLocation();
  return null;
}

function renderAt(state: unknown) {
  return render(
    <MemoryRouter initialEntries={[{ pathname: '/', state }]}>
      <Routes>
        <Route path="*" element={<Spy />} />
      </Routes>
      <RouteNotices />
    </MemoryRouter>,
  );
}

describe('RouteNotices', () => {
  it('shows the verification reminder for 10 seconds, once', () => {
    vi.useFakeTimers();
    renderAt({ showVerificationNotice: true });
    expect(screen.getByRole('status')).toHaveTextContent('Please verify your email address');
    // The flag leaves the history entry: a reload would not show it again.
    expect(current?.state).toBeNull();
    act(() => vi.advanceTimersByTime(9999));
    expect(screen.getByRole('status')).toBeInTheDocument();
    act(() => vi.advanceTimersByTime(1));
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
  });

  it('tells a member whose session expired why they are on the login page', () => {
    renderAt({ notice: 'sessionExpired' });
    expect(screen.getByRole('status')).toHaveTextContent('Your session has expired. Please log in again.');
  });

  it('shows nothing without a flag, and keeps other state', () => {
    renderAt({ name: 'Pixel Forge' });
    expect(screen.queryByRole('status')).not.toBeInTheDocument();
    expect(current?.state).toEqual({ name: 'Pixel Forge' });
  });
});
