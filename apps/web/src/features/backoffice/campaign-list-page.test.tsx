// @vitest-environment jsdom
import type { BackofficeCampaignSummary } from '@indiesplit/shared/campaigns-backoffice';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { BackofficeUserContext } from './backoffice-user.ts';
import CampaignListPage from './campaign-list-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const admin = member({ staff_role: 'admin' });
const route = { path: '/backoffice/campaigns', auth: admin };

function summary(over: Partial<BackofficeCampaignSummary> = {}): BackofficeCampaignSummary {
  return {
    id: 'c1',
    slug: 'neon-drift',
    title: 'Neon Drift',
    status: 'live',
    currency: 'EUR',
    goal_cents: 2_000_000,
    max_cents: 3_000_000,
    committed_cents: 500_000,
    investor_count: 3,
    starts_at: '2027-01-01T09:00:00Z',
    deadline_at: '2027-03-01T09:00:00Z',
    developer: { id: 'u1', username: 'neon_dev' },
    updated_at: '2027-01-02T09:00:00Z',
    ...over,
  };
}

describe('back office: campaign list', () => {
  it('shows real campaigns only until the admin asks for the demo rounds', async () => {
    const demo = summary({ id: 'c2', slug: null, title: 'Moss Knight', currency: 'DEMO' });
    const fetchMock = stubApi({
      'GET /api/backoffice/campaigns': () => jsonResponse(200, { campaigns: [summary()] }),
      'GET /api/backoffice/campaigns?include_demo=true': () =>
        jsonResponse(200, { campaigns: [summary(), demo] }),
    });
    const user = userEvent.setup({ delay: null });
    // Inside the back office, as its layout renders it: the annual report panel asks who is there.
    renderScreen(
      <BackofficeUserContext.Provider value={{ id: 'a1', username: 'demo_admin', role: 'admin' }}>
        <CampaignListPage />
      </BackofficeUserContext.Provider>,
      route,
    );
    const table = await screen.findByRole('table', { name: /campaign/i });
    expect(within(table).getByRole('link', { name: 'Neon Drift' })).toBeInTheDocument();
    expect(within(table).queryByRole('link', { name: 'Moss Knight' })).not.toBeInTheDocument();

    const toggle = screen.getByRole('checkbox', { name: 'Show demo rounds' });
    expect(toggle).not.toBeChecked();
    await user.click(toggle);
    expect(await screen.findByRole('link', { name: 'Moss Knight' })).toBeInTheDocument();
    expect(toggle).toBeChecked();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/backoffice/campaigns?include_demo=true');
  });
});
