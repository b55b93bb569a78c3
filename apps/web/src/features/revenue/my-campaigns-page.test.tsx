// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import MyCampaignsPage from './my-campaigns-page.tsx';
import { campaignDto } from './test-data.ts';

afterEach(() => vi.unstubAllGlobals());
// Typing into many fields is slow on a busy machine: these screens get more time than the default.
vi.setConfig({ testTimeout: 20_000 });

describe('My campaigns', () => {
  it('shows each campaign with its term, share, the report due and a link to its reports', async () => {
    stubApi({
      'GET /api/my-campaigns/': () =>
        jsonResponse(200, {
          campaigns: [
            campaignDto(),
            campaignDto({
              id: 'c2',
              title: 'Moss Knight',
              status: 'funded',
              currency: 'DEMO',
              launched_on: null,
              term_ends_on: null,
              report_due: null,
              can_report: false,
            }),
          ],
        }),
    });
    renderScreen(<MyCampaignsPage />, { path: '/my-campaigns', auth: member() });
    const first = await screen.findByRole('article', { name: 'Neon Drift' });
    expect(within(first).getByText('Launched')).toBeInTheDocument();
    expect(within(first).getByText('Jan 15, 2027')).toBeInTheDocument();
    expect(within(first).getByText('Jan 14, 2030')).toBeInTheDocument();
    expect(within(first).getByText('12.5%')).toBeInTheDocument();
    expect(
      within(first).getByText('A report is due for March 2027: please file it by April 15, 2027.'),
    ).toBeInTheDocument();
    expect(within(first).getByRole('link', { name: 'Revenue reports for Neon Drift' })).toHaveAttribute(
      'href',
      '/my-campaigns/c1/reports',
    );
    const second = screen.getByRole('article', { name: 'Moss Knight' });
    expect(within(second).getByText('Not launched yet')).toBeInTheDocument();
    expect(within(second).getByText('Demo (virtual euros)')).toBeInTheDocument();
    expect(within(second).queryByText(/A report is due/)).not.toBeInTheDocument();
  });

  it('says so when the member has no funded campaign', async () => {
    stubApi({ 'GET /api/my-campaigns/': () => jsonResponse(200, { campaigns: [] }) });
    renderScreen(<MyCampaignsPage />, { path: '/my-campaigns', auth: member() });
    expect(await screen.findByText(/You have no funded campaign yet/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'See my pitches' })).toHaveAttribute('href', '/my-pitches');
  });
});
