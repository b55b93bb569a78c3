// @vitest-environment jsdom
import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import type { OutcomeDto, ReportingHealth } from '@indiesplit/shared/revenue';
import { act, screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { campaignPageCommunity } from '../../test/community-stubs.ts';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import CampaignPage from '../campaigns/campaign-page.tsx';
import { campaignDto } from '../campaigns/test-data.ts';

// The reporting-health badge on a campaign's public page (ADR 0032).

afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const outcome = (health: ReportingHealth): OutcomeDto => ({
  slug: 'neon-drift',
  title: 'Neon Drift',
  status: 'launched',
  raised_cents: 2_000_000,
  launched_on: '2026-03-15',
  term_months: 36,
  months_elapsed: 8,
  paid_cents: 0,
  multiple: 0,
  health,
});

function renderCampaign(dto: CampaignDetailDto, health: ReportingHealth) {
  const fetchMock = stubApi({
    ...campaignPageCommunity('neon-drift'),
    'GET /api/campaigns/neon-drift': () => jsonResponse(200, dto),
    'GET /api/outcomes/neon-drift': () => jsonResponse(200, outcome(health)),
  });
  renderScreen(<CampaignPage />, { path: '/campaigns/:slug', route: '/campaigns/neon-drift' });
  return fetchMock;
}

const launchedDto = campaignDto({
  status: 'launched',
  launched_on: '2026-03-15',
  term_ends_on: '2029-03-14',
});

describe('the reporting-health badge', () => {
  it.each([
    ['on_time', 'Reports on time'],
    ['overdue', 'Report overdue'],
    ['default', 'In default'],
    ['cured', 'Late reports caught up'],
  ] as const)('shows a launched campaign’s health %s as “%s”', async (health, words) => {
    renderCampaign(launchedDto, health);
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(await screen.findByText(words)).toBeInTheDocument();
  });

  it('speaks Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    renderCampaign(launchedDto, 'default');
    expect(await screen.findByText('Inadempiente')).toBeInTheDocument();
  });

  it('is not shown, nor asked for, before the launch', async () => {
    const fetchMock = renderCampaign(campaignDto(), 'default');
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.queryByText('In default')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).not.toContain('/api/outcomes/neon-drift');
  });
});
