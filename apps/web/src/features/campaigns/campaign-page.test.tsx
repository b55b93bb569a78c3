// @vitest-environment jsdom
import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import CampaignPage from './campaign-page.tsx';
import CampaignsPage from './campaigns-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function campaignDto(over: Partial<CampaignDetailDto> = {}): CampaignDetailDto {
  const base = {
    id: 'c1',
    slug: 'neon-drift',
    title: 'Neon Drift',
    genre: 'racing' as const,
    platforms: ['PC'],
    status: 'live' as const,
    currency: 'EUR' as const,
    goal_cents: 2_000_000,
    max_cents: 3_000_000,
    min_ticket_cents: 5_000,
    committed_cents: 800_000,
    investor_count: 17,
    starts_at: new Date(Date.now() - 3 * DAY).toISOString(),
    deadline_at: new Date(Date.now() + 12 * DAY + HOUR).toISOString(),
    cover_url: null,
    summary: 'Arcade racing in a neon city.',
    revenue_share_bps: 750,
    term_months: 36,
  };
  const merged = { ...base, ...over };
  return {
    ...merged,
    story: 'We are three friends from Turin.',
    risks: 'The game may never ship.',
    use_of_funds: 'Art and music.',
    services: [{ service: 'marketing', status: 'pending' }],
    developer: { username: 'pixelforge' },
    trailer_url: null,
    expected_release_date: null,
    launched_on: null,
    term_ends_on: null,
    platform_share_bps: 1000,
    reflection_seconds: 4 * 86_400,
    key_information: {
      offer_type: 'revenue_share',
      project_owner: 'pixelforge',
      currency: merged.currency,
      goal_cents: merged.goal_cents,
      max_cents: merged.max_cents,
      min_ticket_cents: merged.min_ticket_cents,
      revenue_share_bps: merged.revenue_share_bps,
      term_months: 36,
      term_starts: 'launch',
      all_or_nothing: true,
      starts_at: merged.starts_at,
      deadline_at: merged.deadline_at,
      reflection_seconds: 4 * 86_400,
      investor_fee_cents: 0,
      services: ['marketing'],
      risks: 'The game may never ship.',
      use_of_funds: 'Art and music.',
    },
  };
}

function renderCampaign(dto: CampaignDetailDto | null, auth = member()) {
  const fetchMock = stubApi({
    'GET /api/campaigns/neon-drift': () =>
      dto
        ? jsonResponse(200, dto)
        : jsonResponse(404, { success: false, code: 'notFound', message: 'Not found.' }),
    'POST /api/campaigns/neon-drift/watchers': () =>
      jsonResponse(200, { success: true, message: 'Thank you! We will email you when this campaign opens.' }),
  });
  const utils = renderScreen(<CampaignPage />, {
    path: '/campaigns/:slug',
    route: '/campaigns/neon-drift',
    auth,
  });
  return { ...utils, fetchMock };
}

describe('the campaign page', () => {
  it('shows the progress towards the goal, the investors and the time left', async () => {
    renderCampaign(campaignDto());
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Drift' })).toBeInTheDocument();
    const bar = screen.getByRole('progressbar', { name: 'Progress towards the goal' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('€8,000')).toBeInTheDocument();
    expect(screen.getByText(/raised of €20,000/)).toBeInTheDocument();
    expect(screen.getByText('12 days left')).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Funding' });
    expect(within(panel).getByText('17')).toBeInTheDocument();
    expect(within(panel).getByText('7.5%')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invest' })).toHaveAttribute('href', paths.invest('neon-drift'));
    expect(screen.queryByText(/virtual/i)).not.toBeInTheDocument();
  });

  it('shows the story, the risks and the key investment information sheet', async () => {
    renderCampaign(campaignDto());
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.getByText('We are three friends from Turin.')).toBeInTheDocument();
    expect(screen.getByText('The game may never ship.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Key investment information' })).toBeInTheDocument();
    expect(screen.getByText('Every investor gets their money back in full.')).toBeInTheDocument();
    expect(
      screen.getByText('You can revoke your investment within 4 days, without giving a reason.'),
    ).toBeInTheDocument();
  });

  it('says clearly that a demo campaign’s money is virtual', async () => {
    renderCampaign(campaignDto({ currency: 'DEMO' }));
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.getByText('Demo · virtual money')).toBeInTheDocument();
    expect(screen.getByText(/Every amount here is virtual money/)).toBeInTheDocument();
    expect(screen.getByText('€8,000 (virtual)')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Invest virtual money' })).toHaveAttribute(
      'href',
      paths.invest('neon-drift'),
    );
  });

  it('asks an unverified member to verify the email before investing', async () => {
    renderCampaign(campaignDto(), member({ isEmailVerified: false }));
    expect(await screen.findByText(/Verify your email address to invest/)).toBeInTheDocument();
  });

  it('counts down to a scheduled campaign and takes an address for a reminder', async () => {
    const { fetchMock } = renderCampaign(
      campaignDto({
        status: 'scheduled',
        committed_cents: 0,
        starts_at: new Date(Date.now() + 2 * DAY).toISOString(),
      }),
      member({ email: 'fan@example.com' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.queryByRole('link', { name: 'Invest' })).not.toBeInTheDocument();
    expect(screen.getByRole('timer')).toBeInTheDocument();
    const email = screen.getByLabelText(/Email me when it opens/);
    expect(email).toHaveValue('fan@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Notify me' }));
    expect(
      await screen.findByText('Thank you! We will email you when this campaign opens.'),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/campaigns/neon-drift/watchers');
    expect(JSON.parse(String(call?.[1]?.body))).toEqual({ email: 'fan@example.com' });
  });

  it('explains when a campaign is not public', async () => {
    renderCampaign(null);
    expect(await screen.findByText('This campaign does not exist or is not public.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All campaigns' })).toHaveAttribute('href', paths.campaigns);
  });
});

describe('the campaigns list', () => {
  it('shows each group and passes the filters to the server', async () => {
    const live = campaignDto();
    const fetchMock = stubApi({
      'GET /api/campaigns/?group=live': () => jsonResponse(200, { campaigns: [live] }),
      'GET /api/campaigns/?group=upcoming': () => jsonResponse(200, { campaigns: [] }),
      'GET /api/campaigns/?group=funded': () => jsonResponse(200, { campaigns: [] }),
      'GET /api/campaigns/?group=live&genre=horror': () => jsonResponse(200, { campaigns: [] }),
      'GET /api/campaigns/?group=upcoming&genre=horror': () => jsonResponse(200, { campaigns: [] }),
      'GET /api/campaigns/?group=funded&genre=horror': () => jsonResponse(200, { campaigns: [] }),
    });
    renderScreen(<CampaignsPage />, { path: '/campaigns' });
    const card = await screen.findByRole('link', { name: 'Neon Drift' });
    expect(card).toHaveAttribute('href', paths.campaign('neon-drift'));
    expect(screen.getByText('No campaign is scheduled yet.')).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Genre'), 'horror');
    expect(await screen.findByText('No campaign is open right now.')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => url)).toContain('/api/campaigns/?group=live&genre=horror');
  });
});
