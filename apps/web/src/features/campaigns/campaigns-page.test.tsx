// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import type { CampaignListResponse } from '@indiesplit/shared/campaigns';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { forgetPageData } from '../../lib/page-data.ts';
import { jsonResponse, renderScreen, stubApi } from '../../test/render.tsx';
import CampaignsPage from './campaigns-page.tsx';
import { campaignDto } from './test-data.ts';

const card = (id: string, title: string, currency: 'EUR' | 'DEMO' = 'EUR') => {
  const { key_information: _k, ...summary } = campaignDto({ id, slug: id, title, currency });
  return summary;
};
const pageOf = (campaigns: ReturnType<typeof card>[], total = campaigns.length, page = 1) =>
  jsonResponse(200, { campaigns, total, page, page_size: 12 } satisfies CampaignListResponse);

const noDemo = { 'GET /api/campaigns/?currency=DEMO&page_size=48': () => pageOf([]) };

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

describe('the campaigns page', () => {
  it('searches by game or studio, keeps the search in the address and announces the count', async () => {
    stubApi({
      ...noDemo,
      'GET /api/campaigns/?currency=EUR': () => pageOf([card('a', 'Neon Drift'), card('b', 'Moss Knight')]),
      'GET /api/campaigns/?currency=EUR&q=moss': () => pageOf([card('b', 'Moss Knight')]),
      'GET /api/campaigns/?currency=DEMO&q=moss&page_size=48': () => pageOf([]),
    });
    renderScreen(<CampaignsPage />, { path: '/campaigns' });
    expect(await screen.findByRole('status')).toHaveTextContent('2 campaigns found');
    expect(screen.getAllByRole('main')).toHaveLength(1);

    await userEvent.type(screen.getByRole('searchbox', { name: 'Search by game or studio' }), 'moss');
    await userEvent.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(screen.getByRole('status')).toHaveTextContent('1 campaign found'));
    expect(screen.queryByRole('link', { name: /Neon Drift/ })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Moss Knight/ })).toBeInTheDocument();
  });

  it('reads the search, order and page from the address and pages with the total', async () => {
    const fetchMock = stubApi({
      'GET /api/campaigns/?currency=DEMO&q=knight&sort=most_funded&page_size=48': () => pageOf([]),
      'GET /api/campaigns/?currency=EUR&q=knight&sort=most_funded&page=2': () =>
        pageOf([card('m', 'Knight Thirteen')], 25, 2),
      'GET /api/campaigns/?currency=EUR&q=knight&sort=most_funded&page=3': () =>
        pageOf([card('n', 'Knight Twenty-five')], 25, 3),
      'GET /api/campaigns/?currency=EUR&q=knight&sort=newest': () => pageOf([card('z', 'Knight New')], 25),
      'GET /api/campaigns/?currency=DEMO&q=knight&sort=newest&page_size=48': () => pageOf([]),
    });
    renderScreen(<CampaignsPage />, {
      path: '/campaigns',
      route: '/campaigns?q=knight&sort=most_funded&page=2',
    });
    expect(await screen.findByRole('link', { name: /Knight Thirteen/ })).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('25 campaigns found');
    expect(screen.getByRole('searchbox', { name: 'Search by game or studio' })).toHaveValue('knight');
    expect(screen.getByRole('combobox', { name: 'Sort by' })).toHaveValue('most_funded');
    const pages = screen.getByRole('navigation', { name: 'Pages of campaigns' });
    expect(within(pages).getByText('Page 2 of 3')).toBeInTheDocument();
    expect(within(pages).getByRole('link', { name: 'Previous page' })).toHaveAttribute(
      'href',
      '/campaigns?q=knight&sort=most_funded',
    );

    await userEvent.click(within(pages).getByRole('link', { name: 'Next page' }));
    expect(await screen.findByRole('link', { name: /Knight Twenty-five/ })).toBeInTheDocument();
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Next page' })).not.toBeInTheDocument();

    // A new order starts again from the first page.
    await userEvent.selectOptions(screen.getByRole('combobox', { name: 'Sort by' }), 'newest');
    expect(await screen.findByRole('link', { name: /Knight New/ })).toBeInTheDocument();
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toContain(
      '/api/campaigns/?currency=EUR&q=knight&sort=newest',
    );
  });

  it('offers to clear the filters when nothing matches', async () => {
    stubApi({
      'GET /api/campaigns/?genre=puzzle&currency=EUR&q=zzz': () => pageOf([]),
      'GET /api/campaigns/?genre=puzzle&currency=DEMO&q=zzz&page_size=48': () => pageOf([]),
      'GET /api/campaigns/?currency=EUR': () => pageOf([card('a', 'Neon Drift')]),
      ...noDemo,
    });
    renderScreen(<CampaignsPage />, { path: '/campaigns', route: '/campaigns?q=zzz&genre=puzzle' });
    expect(await screen.findByText('No campaign matches your search or filters.')).toBeInTheDocument();
    expect(screen.getByRole('status')).toHaveTextContent('0 campaigns found');
    await userEvent.click(screen.getByRole('button', { name: 'Clear the filters' }));
    expect(await screen.findByRole('link', { name: /Neon Drift/ })).toBeInTheDocument();
    expect(screen.getByRole('searchbox', { name: 'Search by game or studio' })).toHaveValue('');
    expect(screen.getByRole('combobox', { name: 'Genre' })).toHaveValue('');
  });

  it('lists the demo campaigns in their own section after the real ones', async () => {
    stubApi({
      'GET /api/campaigns/?currency=EUR': () => pageOf([card('a', 'Neon Drift')]),
      'GET /api/campaigns/?currency=DEMO&page_size=48': () => pageOf([card('d', 'Demo Quest', 'DEMO')]),
    });
    renderScreen(<CampaignsPage />, { path: '/campaigns' });
    const demo = await screen.findByRole('region', { name: 'Demo campaigns (virtual money)' });
    const real = screen.getByRole('region', { name: 'Real money' });
    expect(within(demo).getByRole('link', { name: /Demo Quest/ })).toBeInTheDocument();
    expect(within(real).queryByRole('link', { name: /Demo Quest/ })).not.toBeInTheDocument();
    expect(real.compareDocumentPosition(demo) & Node.DOCUMENT_POSITION_FOLLOWING).toBeTruthy();
  });

  it('speaks Italian', async () => {
    await i18n.changeLanguage('it');
    try {
      stubApi({ ...noDemo, 'GET /api/campaigns/?currency=EUR': () => pageOf([card('a', 'Neon Drift')]) });
      renderScreen(<CampaignsPage />, { path: '/campaigns' });
      expect(await screen.findByRole('status')).toHaveTextContent('1 campagna trovata');
      expect(screen.getByRole('searchbox', { name: 'Cerca per gioco o studio' })).toBeInTheDocument();
      expect(screen.getByRole('combobox', { name: 'Ordina per' })).toBeInTheDocument();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});

describe('the campaigns page opened directly', () => {
  /** The answers the server writes into the page's HTML (apps/api/src/app/page-shell.ts). */
  function pageCameWith(
    lang: string,
    answers: Record<string, CampaignListResponse>,
    msSincePageLoad = 1_000,
  ) {
    vi.spyOn(performance, 'now').mockReturnValue(msSincePageLoad);
    const element = document.createElement('script');
    element.type = 'application/json';
    element.id = 'page-data';
    element.textContent = JSON.stringify({ lang, answers }).replace(/</g, '\\u003c');
    document.head.append(element);
    forgetPageData();
  }
  const list = (campaigns: ReturnType<typeof card>[]): CampaignListResponse => ({
    campaigns,
    total: campaigns.length,
    page: 1,
    page_size: 12,
  });
  afterEach(() => {
    document.getElementById('page-data')?.remove();
    forgetPageData();
    vi.restoreAllMocks();
  });

  it('shows the lists the page came with at once, without asking the server, and only the first time', async () => {
    pageCameWith('en', {
      '/campaigns/?currency=EUR': list([card('a', 'Neon </script> Drift')]),
      '/campaigns/?currency=DEMO&page_size=48': list([card('d', 'Demo Quest', 'DEMO')]),
    });
    const fetchMock = stubApi({
      'GET /api/campaigns/?currency=EUR': () => pageOf([card('b', 'Moss Knight')]),
      'GET /api/campaigns/?currency=DEMO&page_size=48': () => pageOf([]),
    });
    const first = renderScreen(<CampaignsPage />, { path: '/campaigns' });
    // Rendered with the first paint of the screen: no loading state to wait through.
    expect(screen.getByRole('link', { name: /Neon <\/script> Drift/ })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Demo Quest/ })).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalled();
    first.unmount();

    // Coming back later (a new cache here) reads the server again.
    renderScreen(<CampaignsPage />, { path: '/campaigns' });
    expect(await screen.findByRole('link', { name: /Moss Knight/ })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalled();
  });

  it('asks the server when the answers are in another language than the reader’s', async () => {
    pageCameWith('it', {
      '/campaigns/?currency=EUR': list([card('a', 'Gioco italiano')]),
      '/campaigns/?currency=DEMO&page_size=48': list([]),
    });
    stubApi({
      'GET /api/campaigns/?currency=EUR': () => pageOf([card('b', 'English game')]),
      ...noDemo,
    });
    renderScreen(<CampaignsPage />, { path: '/campaigns' });
    expect(await screen.findByRole('link', { name: /English game/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Gioco italiano/ })).not.toBeInTheDocument();
  });

  it('asks the server when the page has been open too long for its answers to count', async () => {
    pageCameWith(
      'en',
      {
        '/campaigns/?currency=EUR': list([card('a', 'Old news')]),
        '/campaigns/?currency=DEMO&page_size=48': list([]),
      },
      31_000,
    );
    stubApi({ 'GET /api/campaigns/?currency=EUR': () => pageOf([card('b', 'Fresh game')]), ...noDemo });
    renderScreen(<CampaignsPage />, { path: '/campaigns' });
    expect(await screen.findByRole('link', { name: /Fresh game/ })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Old news/ })).not.toBeInTheDocument();
  });
});
