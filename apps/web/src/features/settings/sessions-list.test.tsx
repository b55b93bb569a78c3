// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { SecuritySection } from './security-section.tsx';

afterEach(() => vi.unstubAllGlobals());

const session = (over: Record<string, unknown>) => ({
  id: '00000000-0000-4000-8000-00000000000a',
  browser: 'Firefox',
  os: 'Linux',
  device: 'desktop',
  created_at: '2026-11-20T10:00:00.000Z',
  last_seen_at: '2026-11-25T09:30:00.000Z',
  current: false,
  ...over,
});
const mine = session({ id: '00000000-0000-4000-8000-00000000000b', browser: 'Chrome', current: true });
const phone = session({ browser: 'Safari', os: 'iOS', device: 'mobile' });

describe('Settings -> Security: active sessions', () => {
  it('lists each session with its device and marks this one; signs out all others', async () => {
    let list = [mine, phone];
    const fetchMock = stubApi({
      'GET /api/auth/sessions': () => jsonResponse(200, { sessions: list }),
      'POST /api/auth/sessions/revoke-others': () => {
        list = [mine];
        return jsonResponse(200, { success: true, message: 'Every other session has been signed out.' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SecuritySection />, { path: '/settings', auth: member() });
    const items = await screen.findAllByRole('listitem');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByText('This device')).toBeInTheDocument();
    expect(within(items[1]!).getByText(/Phone · Safari on iOS/)).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Sign out all other sessions' }));
    expect(await screen.findByText('Every other session has been signed out.')).toBeInTheDocument();
    expect(await screen.findByText('No other session is signed in.')).toBeInTheDocument();
    expect(screen.getAllByRole('listitem')).toHaveLength(1);
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/sessions/revoke-others',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('signs out one named session', async () => {
    let list = [mine, phone];
    stubApi({
      'GET /api/auth/sessions': () => jsonResponse(200, { sessions: list }),
      [`DELETE /api/auth/sessions/${phone.id}`]: () => {
        list = [mine];
        return jsonResponse(200, { success: true, message: 'That session has been signed out.' });
      },
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SecuritySection />, { path: '/settings', auth: member() });
    await user.click(await screen.findByRole('button', { name: 'Sign out Safari on iOS' }));
    expect(await screen.findByText('That session has been signed out.')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Sign out Safari on iOS' })).not.toBeInTheDocument();
  });

  it('shows what the second factor section puts inside it', async () => {
    stubApi({ 'GET /api/auth/sessions': () => jsonResponse(200, { sessions: [mine] }) });
    renderScreen(
      <SecuritySection>
        <p>Two-step verification</p>
      </SecuritySection>,
      { path: '/settings', auth: member() },
    );
    expect(screen.getByText('Two-step verification')).toBeInTheDocument();
    expect(await screen.findByText('No other session is signed in.')).toBeInTheDocument();
  });
});
