// @vitest-environment jsdom
import { act, fireEvent, render, screen } from '@testing-library/react';
import { Link, MemoryRouter, Route, Routes, useLocation } from 'react-router';
import { describe, expect, it } from 'vitest';
import { useUnsavedChangesGuard } from './use-unsaved-changes-guard.ts';

let guard: ReturnType<typeof useUnsavedChangesGuard>;

function Editor({ dirty }: { dirty: boolean }) {
  guard = useUnsavedChangesGuard(dirty);
  const { pathname } = useLocation();
  return (
    <>
      <p>at {pathname}</p>
      <Link to="/elsewhere">away</Link>
      <a href="#main">skip</a>
    </>
  );
}

function setup(dirty: boolean) {
  render(
    <MemoryRouter initialEntries={['/settings']}>
      <Routes>
        <Route path="*" element={<Editor dirty={dirty} />} />
      </Routes>
    </MemoryRouter>,
  );
}

describe('useUnsavedChangesGuard', () => {
  it('lets links work while nothing is unsaved', () => {
    setup(false);
    fireEvent.click(screen.getByRole('link', { name: 'away' }));
    expect(screen.getByText('at /elsewhere')).toBeInTheDocument();
  });

  it('holds a link click while there are unsaved changes, until the person decides', async () => {
    setup(true);
    fireEvent.click(screen.getByRole('link', { name: 'away' }));
    expect(screen.getByText('at /settings')).toBeInTheDocument();
    expect(guard.pending).toBe('/elsewhere');
    act(() => guard.stay());
    expect(guard.pending).toBeNull();
    expect(screen.getByText('at /settings')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('link', { name: 'away' }));
    await act(async () => guard.leave());
    expect(screen.getByText('at /elsewhere')).toBeInTheDocument();
  });

  it('ignores in-page anchors such as the skip link', () => {
    setup(true);
    fireEvent.click(screen.getByRole('link', { name: 'skip' }));
    expect(guard.pending).toBeNull();
  });
});
