// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { NotificationPreferences } from './notification-preferences.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

type Pref = { type: string; delivery: string; locked: boolean };

describe('Settings → Notifications', () => {
  it('changes how a type arrives, shows locked types as always on, and undoes a refused change', async () => {
    let prefs: Pref[] = [
      { type: 'campaign_update', delivery: 'immediately', locked: false },
      { type: 'campaign_milestone', delivery: 'immediately', locked: false },
      { type: 'security', delivery: 'immediately', locked: true },
    ];
    const bodies: unknown[] = [];
    const fetchMock = stubApi({
      'GET /api/notifications/preferences/': () => jsonResponse(200, { preferences: prefs }),
      'PUT /api/notifications/preferences/': async (req) => {
        const body = (await req.json()) as { preferences: { type: string; delivery: string }[] };
        bodies.push(body);
        if (body.preferences[0]!.type === 'campaign_milestone')
          return jsonResponse(429, { code: 'rateLimited', message: 'slow down' });
        prefs = prefs.map((p) => {
          const change = body.preferences.find((c) => c.type === p.type);
          return change && !p.locked ? { ...p, delivery: change.delivery } : p;
        });
        return jsonResponse(200, { preferences: prefs });
      },
    });
    renderScreen(<NotificationPreferences />, { path: '/settings', auth: member() });

    const update = await screen.findByLabelText('A campaign posts an update');
    expect((update as HTMLSelectElement).value).toBe('immediately');
    const security = screen.getByTestId('preference-security');
    expect(within(security).queryByRole('combobox')).toBeNull();
    expect(security.textContent).toContain('Always sent by email at once');

    await userEvent.selectOptions(update, 'In a daily email digest');
    expect(await screen.findByText('Your choice is saved.')).toBeTruthy();
    expect((screen.getByLabelText('A campaign posts an update') as HTMLSelectElement).value).toBe('daily');
    expect(bodies[0]).toEqual({ preferences: [{ type: 'campaign_update', delivery: 'daily' }] });

    const milestone = screen.getByLabelText('A campaign passes a milestone of its goal') as HTMLSelectElement;
    await userEvent.selectOptions(milestone, 'Not by email');
    // The server refused: the choice goes back to what is saved, and the member is told why.
    expect(await screen.findByText(/Too many attempts/)).toBeTruthy();
    await vi.waitFor(() =>
      expect(
        (screen.getByLabelText('A campaign passes a milestone of its goal') as HTMLSelectElement).value,
      ).toBe('immediately'),
    );
    expect(fetchMock.mock.calls.filter(([, init]) => init?.method === 'PUT')).toHaveLength(2);
  });
});
