// @vitest-environment jsdom
import '@testing-library/jest-dom/vitest';
import { act, cleanup, fireEvent, render, screen, within } from '@testing-library/react';
import { MemoryRouter } from 'react-router';
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { queryClient } from '../../app/query-client.ts';
import { siteConfig } from '../../app/site-config.ts';
import i18n from '../../i18n/index.ts';
import { reloadConsentForTests, setConsent } from '../../lib/consent.ts';
import { jsonResponse, stubApi } from '../../test/render.tsx';
import { type AuthApi, useAuth } from '../auth/auth-context.tsx';
import { campaignDto } from '../campaigns/test-data.ts';
import HomePage from './home-page.tsx';

// The campaigns section's query client listens for a cleared session; nothing clears it here.
vi.mock('../auth/auth-context.tsx', () => ({ useAuth: vi.fn(), onAuthCleared: () => () => {} }));
const config = vi.hoisted(() => ({ countdownTarget: null as string | null }));
vi.mock('../../app/site-config.ts', async (importOriginal) => {
  const original = await importOriginal<typeof import('../../app/site-config.ts')>();
  return {
    siteConfig: {
      ...original.siteConfig,
      get countdownTarget() {
        return config.countdownTarget;
      },
      homeReels: [
        'https://www.instagram.com/reel/one/',
        'https://www.instagram.com/reel/two',
        'https://www.instagram.com/reel/three/',
      ],
    },
  };
});

const loggedOut: AuthApi = {
  isAuthenticated: false,
  username: null,
  email: null,
  id: null,
  isEmailVerified: false,
  profilePictureUrl: null,
  lastChecked: null,
  isLoading: false,
  refresh: async () => loggedOut,
  clear: () => {},
};
const loggedIn: AuthApi = {
  ...loggedOut,
  isAuthenticated: true,
  username: 'pixelfan',
  email: 'pixelfan@example.com',
  id: '1',
  isEmailVerified: true,
};

let wide = true;

beforeAll(async () => {
  await i18n.changeLanguage('en');
});

beforeEach(() => {
  wide = true;
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: wide,
      media: query,
      addEventListener: () => {},
      removeEventListener: () => {},
    })),
  );
  localStorage.clear();
  reloadConsentForTests();
  vi.mocked(useAuth).mockReturnValue(loggedOut);
  // The app's one query client outlives a test: each starts with nothing read.
  queryClient.clear();
  stubCampaigns();
});

afterEach(() => {
  cleanup();
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

const campaigns = (list: unknown[]) => () => jsonResponse(200, { campaigns: list });
const figures = {
  currency: 'EUR',
  raised_cents: 12_345_600,
  investors: 321,
  paid_out_cents: 98_700,
  as_of: '',
};

/** What the campaigns section reads: none of anything, unless a test says otherwise. */
function stubCampaigns(live: unknown[] = [], funded: unknown[] = []) {
  stubApi({
    'GET /api/campaigns/?group=live&currency=EUR': campaigns(live),
    'GET /api/campaigns/?group=upcoming&currency=EUR': campaigns([]),
    'GET /api/campaigns/?group=funded&currency=EUR': campaigns(funded),
    'GET /api/figures': () => jsonResponse(200, figures),
    // A member's feed (ADR 0040): empty here; its own tests are in features/feed.
    'GET /api/feed/': () => jsonResponse(200, { results: [], next_cursor: null }),
  });
}

/** Renders the page and waits for its lazily loaded lower sections. */
async function renderHome() {
  const result = render(
    <MemoryRouter initialEntries={['/']}>
      <HomePage />
    </MemoryRouter>,
  );
  await act(async () => {
    await import('./components/home-sections.tsx');
    await import('./components/home-campaigns.tsx');
  });
  expect(
    screen.getByRole('heading', { name: /How IndieSplit works|Come funziona IndieSplit/ }),
  ).toBeInTheDocument();
  return result;
}

describe('Home page for visitors and members', () => {
  it('sends visitors to the welcome page and hides the pitch promo', async () => {
    const fetchMock = vi.spyOn(globalThis, 'fetch');
    await renderHome();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Back the indie games you believe in',
    );
    expect(screen.getByRole('link', { name: 'Join IndieSplit' })).toHaveAttribute(
      'href',
      '/register/welcome',
    );
    expect(screen.getByRole('heading', { name: 'Why join IndieSplit' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Make the most of your membership' })).toBeNull();
    expect(screen.queryByRole('link', { name: 'Pitch your game' })).toBeNull();
    expect(document.querySelector('a[href="/split-project-form"]')).toBeNull();
    // No feed for visitors: neither shown nor asked for.
    expect(screen.queryByRole('heading', { name: 'Your feed' })).toBeNull();
    expect(fetchMock.mock.calls.some(([url]) => String(url).startsWith('/api/feed'))).toBe(false);
  });

  it('sends members to the community chat and shows their texts and the pitch promo', async () => {
    vi.mocked(useAuth).mockReturnValue(loggedIn);
    await renderHome();
    const cta = screen.getByRole('link', { name: /Join the community chat/ });
    expect(cta).toHaveAttribute('href', siteConfig.communityChatUrl);
    expect(cta).toHaveAttribute('target', '_blank');
    expect(cta).toHaveAttribute('rel', expect.stringContaining('noopener'));
    expect(screen.queryByRole('link', { name: 'Join IndieSplit' })).toBeNull();
    expect(screen.getByText('Hi pixelfan!')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Make the most of your membership' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Why join IndieSplit' })).toBeNull();
    expect(screen.getByRole('link', { name: 'Pitch your game' })).toHaveAttribute(
      'href',
      '/split-project-form',
    );
    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeInTheDocument();
  });

  it('shows the business model with its risk reminder, the why-choose-us cards and the eight FAQ questions', async () => {
    await renderHome();
    const how = screen.getByRole('heading', { name: 'How IndieSplit works' }).closest('section')!;
    expect(within(how).getAllByRole('listitem')).toHaveLength(4);
    expect(within(how).getByRole('note')).toHaveTextContent('you could lose all the money you invest');
    const cards = screen.getByRole('heading', { name: 'Why choose IndieSplit' }).closest('section')!;
    expect(within(cards).getAllByRole('listitem').length).toBeGreaterThanOrEqual(4);
    const faq = screen.getByRole('heading', { name: 'Frequently asked questions' }).closest('section')!;
    expect(within(faq).getAllByRole('button', { expanded: false })).toHaveLength(8);
  });

  it('switches its content to Italian', async () => {
    await act(() => i18n.changeLanguage('it'));
    try {
      await renderHome();
      expect(screen.getByRole('link', { name: 'Unisciti a IndieSplit' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Domande frequenti' })).toBeInTheDocument();
      expect(screen.getByRole('heading', { name: 'Perché unirti a IndieSplit' })).toBeInTheDocument();
    } finally {
      await act(() => i18n.changeLanguage('en'));
    }
  });
});

describe('Campaigns and figures on the home page', () => {
  it('shows the live campaigns first, then the figures read from the ledger and the funded ones', async () => {
    stubCampaigns(
      [campaignDto({ id: 'a', slug: 'lanterns', title: 'Lanterns' })],
      [campaignDto({ id: 'b', slug: 'starfall', title: 'Starfall Couriers', status: 'launched' })],
    );
    await renderHome();
    const live = (await screen.findByRole('heading', { name: 'Live campaigns' })).closest('section')!;
    expect(await within(live).findByRole('link', { name: 'Lanterns' })).toHaveAttribute(
      'href',
      '/campaigns/lanterns',
    );
    expect(within(live).getByRole('link', { name: 'See all campaigns' })).toHaveAttribute(
      'href',
      '/campaigns',
    );
    const funded = (await screen.findByRole('heading', { name: 'Recently funded' })).closest('section')!;
    expect(within(funded).getByRole('link', { name: 'Starfall Couriers' })).toBeInTheDocument();
    // A funded card says what state it is in, not "Time left".
    expect(within(funded).getByText('Status')).toBeInTheDocument();
    expect(within(funded).queryByText('Time left')).toBeNull();
    const numbers = (await screen.findByRole('heading', { name: 'IndieSplit in figures' })).closest(
      'section',
    )!;
    expect(numbers).toHaveTextContent('€123,456.00');
    expect(numbers).toHaveTextContent('investors321');
    expect(numbers).toHaveTextContent('€987.00');
    // Nothing opens soon: no empty section for it.
    expect(screen.queryByRole('heading', { name: 'Opening soon' })).toBeNull();
  });

  it('says so when no campaign is open', async () => {
    await renderHome();
    expect(
      await screen.findByText('No campaign is open right now: the next ones are below.'),
    ).toBeInTheDocument();
  });

  it('shows the countdown only while a future target is configured', async () => {
    config.countdownTarget = null;
    const none = await renderHome();
    expect(screen.queryByRole('timer')).toBeNull();
    none.unmount();

    config.countdownTarget = '2025-09-15T00:00:00';
    const past = await renderHome();
    expect(screen.queryByRole('heading', { name: 'Launch countdown' })).toBeNull();
    past.unmount();

    config.countdownTarget = new Date(Date.now() + 3 * 86_400_000).toISOString();
    try {
      await renderHome();
      expect(screen.getByRole('heading', { name: 'Launch countdown' })).toBeInTheDocument();
      // The countdown's code comes in its own chunk, so it appears a moment after the heading.
      expect(await screen.findByRole('timer')).toHaveTextContent(/Time left until launch: [23] days/);
    } finally {
      config.countdownTarget = null;
    }
  });
});

describe('Social block reels', () => {
  it('asks for consent before loading any embed', async () => {
    vi.useFakeTimers();
    await renderHome();
    act(() => vi.advanceTimersByTime(1_000));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Content from an external service')).toBeInTheDocument();

    fireEvent.click(screen.getByRole('button', { name: 'Allow external media and show the reels' }));
    expect(screen.queryByText('Content from an external service')).toBeNull();
    const frames = document.querySelectorAll('iframe');
    expect(frames).toHaveLength(3);
    expect(frames[0]).toHaveAttribute('src', 'https://www.instagram.com/reel/one/embed/');
    expect(frames[1]).toHaveAttribute('src', 'https://www.instagram.com/reel/two/embed/');
  });

  it('loads the embeds 100 ms after mount once consent was given', async () => {
    setConsent({ analytics: false, media: true });
    vi.useFakeTimers();
    await renderHome();
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(99));
    expect(document.querySelector('iframe')).toBeNull();
    act(() => vi.advanceTimersByTime(1));
    expect(document.querySelectorAll('iframe')).toHaveLength(3);
    expect(screen.getByTitle('IndieSplit reel 1')).toBeInTheDocument();
  });

  it('keeps embeds off when media consent was refused', async () => {
    setConsent({ analytics: true, media: false });
    vi.useFakeTimers();
    await renderHome();
    act(() => vi.advanceTimersByTime(1_000));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.getByText('Content from an external service')).toBeInTheDocument();
  });

  it('shows no reels below the md breakpoint, only the links', async () => {
    wide = false;
    setConsent({ analytics: false, media: true });
    vi.useFakeTimers();
    await renderHome();
    act(() => vi.advanceTimersByTime(1_000));
    expect(document.querySelector('iframe')).toBeNull();
    expect(screen.queryByText('Content from an external service')).toBeNull();
    const links = screen.getByRole('list', { name: 'IndieSplit elsewhere' });
    const hrefs = within(links)
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(hrefs).toEqual([
      siteConfig.communityChatUrl,
      siteConfig.social.instagram,
      siteConfig.social.linkedin,
    ]);
  });
});
