// @vitest-environment jsdom
import type { CampaignDetailDto } from '@indiesplit/shared/campaigns';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { paths } from '../../app/paths.ts';
import { reloadConsentForTests } from '../../lib/consent.ts';
import { campaignPageCommunity } from '../../test/community-stubs.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import CampaignPage from './campaign-page.tsx';
import CampaignsPage from './campaigns-page.tsx';
import { campaignDto } from './test-data.ts';

afterEach(() => {
  vi.unstubAllGlobals();
  localStorage.clear();
  reloadConsentForTests();
});

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

function renderCampaign(dto: CampaignDetailDto | null, auth = member()) {
  const fetchMock = stubApi({
    ...campaignPageCommunity('neon-drift'),
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
    renderCampaign(campaignDto({ platforms: ['PC', 'PLAY STATION 5'] }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Neon Drift' })).toBeInTheDocument();
    // Platforms by the names people know.
    expect(screen.getByText('PlayStation 5')).toBeInTheDocument();
    expect(screen.queryByText('PLAY STATION 5')).toBeNull();
    // One main landmark, the target of "skip to content".
    expect(screen.getAllByRole('main')).toHaveLength(1);
    expect(screen.getByRole('main')).toHaveAttribute('id', 'main');
    const bar = screen.getByRole('progressbar', { name: 'Progress towards the goal' });
    expect(bar).toHaveAttribute('aria-valuenow', '40');
    expect(screen.getByText('€8,000')).toBeInTheDocument();
    expect(screen.getByText(/raised of €20,000/)).toBeInTheDocument();
    expect(screen.getByText('12 days left')).toBeInTheDocument();
    const panel = screen.getByRole('complementary', { name: 'Funding' });
    expect(within(panel).getByText('17')).toBeInTheDocument();
    expect(within(panel).getByText('7.5%')).toBeInTheDocument();
    expect(within(panel).getByRole('link', { name: 'Invest' })).toHaveAttribute(
      'href',
      paths.invest('neon-drift'),
    );
    // On phones a bar at the bottom keeps the progress and the Invest button in reach (CSS hides it
    // beside the wide-screen panel).
    const sticky = screen.getByTestId('sticky-invest');
    expect(sticky).toHaveTextContent('€8,000 · 40%');
    expect(within(sticky).getByRole('link', { name: 'Invest' })).toHaveAttribute(
      'href',
      paths.invest('neon-drift'),
    );
    expect(screen.queryByText(/virtual/i)).not.toBeInTheDocument();
  });

  it('shows the story, the risks and the key investment information sheet', async () => {
    renderCampaign(campaignDto());
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.getByText('We are three friends from Turin.')).toBeInTheDocument();
    // In the risks section and again in the sheet's risk factors.
    expect(screen.getAllByText('The game may never ship.')).toHaveLength(2);
    expect(screen.getByRole('heading', { name: 'Key investment information' })).toBeInTheDocument();
    expect(
      screen.getByRole('heading', { name: 'F. Fees, information and legal redress' }),
    ).toBeInTheDocument();
    expect(
      screen.getByText(/^This crowdfunding offer has been neither verified nor approved/),
    ).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'English (PDF)' })).toHaveAttribute(
      'href',
      '/api/campaigns/neon-drift/key-information.pdf?lang=en',
    );
  });

  it('names the sheet’s version and date, with its PDF and the earlier versions', async () => {
    renderCampaign(campaignDto());
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.getByText(/Version 2, dated .*2026/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Download this version (PDF)' })).toHaveAttribute(
      'href',
      '/api/campaigns/neon-drift/key-information/versions/2.pdf?lang=en',
    );
    expect(screen.getByRole('link', { name: 'Version 1 (PDF)' })).toHaveAttribute(
      'href',
      '/api/campaigns/neon-drift/key-information/versions/1.pdf?lang=en',
    );
  });

  it('says clearly that a demo campaign’s money is virtual', async () => {
    renderCampaign(campaignDto({ currency: 'DEMO' }));
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.getByText('Demo · virtual money')).toBeInTheDocument();
    expect(screen.getByText(/Every amount here is virtual money/)).toBeInTheDocument();
    expect(screen.getByText('€8,000 (virtual)')).toBeInTheDocument();
    for (const link of screen.getAllByRole('link', { name: 'Invest virtual money' }))
      expect(link).toHaveAttribute('href', paths.invest('neon-drift'));
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

  it('shows the generated artwork of its title when no cover was uploaded, and the cover when one was', async () => {
    const { container, unmount } = renderCampaign(campaignDto());
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    const art = container.querySelector('header svg[data-cover-art]');
    expect(art).not.toBeNull();
    expect(art).toHaveAttribute('aria-hidden', 'true');
    expect(container.querySelector('header img')).toBeNull();
    unmount();

    const withCover = renderCampaign(campaignDto({ cover_url: '/files/covers/c1.webp' }));
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(withCover.container.querySelector('header img')?.getAttribute('src')).toMatch(
      /\/files\/covers\/c1\.webp$/,
    );
    expect(withCover.container.querySelector('[data-cover-art]')).toBeNull();
  });

  it('loads a YouTube trailer only after the visitor agrees on a placeholder naming YouTube', async () => {
    const { container } = renderCampaign(
      campaignDto({ trailer_url: 'https://www.youtube.com/watch?v=dQw4w9WgXcQ' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    const placeholder = screen.getByTestId('trailer-consent');
    expect(placeholder).toHaveTextContent('This trailer is hosted on YouTube');
    expect(placeholder).toHaveTextContent(/loads YouTube's player/);
    expect(container.querySelector('iframe')).toBeNull();
    // The link to the video works with or without the player.
    const link = screen.getByRole('link', { name: /Watch the trailer on YouTube/ });
    expect(link).toHaveAttribute('href', 'https://www.youtube.com/watch?v=dQw4w9WgXcQ');
    expect(link).toHaveAttribute('target', '_blank');

    await userEvent.click(screen.getByRole('button', { name: 'Load the video from YouTube' }));
    const frame = await screen.findByTitle('Trailer of Neon Drift (YouTube)');
    expect(frame.tagName).toBe('IFRAME');
    expect(frame).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/dQw4w9WgXcQ');
    expect(screen.queryByTestId('trailer-consent')).toBeNull();
    expect(screen.getByRole('link', { name: /Watch the trailer on YouTube/ })).toBeInTheDocument();
    // The same media consent as the home page's reels: it is remembered.
    expect(JSON.parse(localStorage.getItem('indiesplit.consent') ?? '{}')).toMatchObject({ media: true });
  });

  it('plays the trailer at once for a visitor who already accepted embedded media', async () => {
    localStorage.setItem(
      'indiesplit.consent',
      JSON.stringify({ version: 1, analytics: false, media: true, decidedAt: '2026-11-01T00:00:00.000Z' }),
    );
    reloadConsentForTests();
    renderCampaign(campaignDto({ trailer_url: 'https://vimeo.com/76979871' }));
    const frame = await screen.findByTitle('Trailer of Neon Drift (Vimeo)');
    expect(frame).toHaveAttribute('src', 'https://player.vimeo.com/video/76979871?dnt=1');
    expect(screen.queryByTestId('trailer-consent')).toBeNull();
  });

  it('keeps a trailer on another site a plain link, with no player and no consent question', async () => {
    const { container } = renderCampaign(
      campaignDto({ trailer_url: 'https://example.com/neon-drift-trailer' }),
    );
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.getByRole('link', { name: /^Watch the trailer/ })).toHaveAttribute(
      'href',
      'https://example.com/neon-drift-trailer',
    );
    expect(screen.queryByTestId('trailer-consent')).toBeNull();
    expect(container.querySelector('iframe')).toBeNull();
  });

  it('names the studio by its public name, not the developer’s username', async () => {
    renderCampaign(campaignDto({ studio_name: 'Pixelforge S.r.l.', developer: { username: 'pixelforge' } }));
    await screen.findByRole('heading', { level: 1, name: 'Neon Drift' });
    expect(screen.getByText('By Pixelforge S.r.l.')).toBeInTheDocument();
    const about = screen.getByRole('heading', { name: 'The developer' }).closest('section')!;
    expect(within(about).getByText('Pixelforge S.r.l.')).toBeInTheDocument();
    expect(screen.queryByText('pixelforge')).toBeNull();
    expect(screen.queryByText(/By pixelforge$/)).toBeNull();
  });

  it('explains when a campaign is not public', async () => {
    renderCampaign(null);
    expect(await screen.findByText('This campaign does not exist or is not public.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'All campaigns' })).toHaveAttribute('href', paths.campaigns);
  });
});

describe('the campaigns list', () => {
  it('draws each card without a cover its own artwork and shows an uploaded cover as it is', async () => {
    const bare = campaignDto();
    const other = campaignDto({ id: 'c2', slug: 'castle-of-crumbs', title: 'Castle of Crumbs' });
    const covered = campaignDto({
      id: 'c3',
      slug: 'star-kitchen',
      title: 'Star Kitchen',
      cover_url: '/files/covers/c3.webp',
    });
    const page = (campaigns: unknown[]) =>
      jsonResponse(200, { campaigns, total: campaigns.length, page: 1, page_size: 12 });
    stubApi({
      'GET /api/campaigns/?currency=EUR': () => page([bare, other, covered]),
      'GET /api/campaigns/?currency=DEMO&page_size=48': () => page([]),
    });
    renderScreen(<CampaignsPage />, { path: '/campaigns' });
    const cardOf = async (name: string) =>
      (await screen.findByRole('link', { name: new RegExp(name) })).closest('article')!;
    const first = (await cardOf('Neon Drift')).querySelector('svg[data-cover-art]');
    const second = (await cardOf('Castle of Crumbs')).querySelector('svg[data-cover-art]');
    expect(first).toHaveAttribute('aria-hidden', 'true');
    expect(second).not.toBeNull();
    expect(first!.innerHTML).not.toBe(second!.innerHTML);
    // Each card names its studio.
    expect(await cardOf('Neon Drift')).toHaveTextContent('By Pixelforge S.r.l.');
    const third = await cardOf('Star Kitchen');
    expect(third.querySelector('svg[data-cover-art]')).toBeNull();
    expect(third.querySelector('img')?.getAttribute('src')).toMatch(/\/files\/covers\/c3\.webp$/);
  });
});
