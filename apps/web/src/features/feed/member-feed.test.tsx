// @vitest-environment jsdom
import type { FeedItemDto } from '@indiesplit/shared/feed';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { queryClient } from '../../app/query-client.ts';
import i18n, { loadNamespaces } from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import MemberFeed from './member-feed.tsx';

// The member's feed on the home page (ADR 0040), against a mock API.

beforeAll(async () => {
  await loadNamespaces(['feed']);
});

beforeEach(() => {
  // The feed keeps the app's one query cache: each test starts with nothing read.
  queryClient.clear();
});

const campaign = { slug: 'neon-drift', title: 'Neon Drift' };
const item = (over: Partial<FeedItemDto> & Pick<FeedItemDto, 'id' | 'kind'>): FeedItemDto => ({
  at: '2026-11-20T10:00:00.000Z',
  campaign,
  update: null,
  news: null,
  ...over,
});

const firstPage = {
  results: [
    item({
      id: 'update:u2',
      kind: 'campaign_update',
      update: { id: 'u2', title: 'Backers only: the budget', language: 'en', investors_only: true },
    }),
    item({
      id: 'update:u1',
      kind: 'campaign_update',
      update: { id: 'u1', title: 'Alpha build is out', language: 'en', investors_only: false },
    }),
    item({ id: 'news:n1', kind: 'news', campaign: null, news: { id: 'n1', title: 'We are live' } }),
    item({ id: 'payout:p1', kind: 'payout_made' }),
  ],
  next_cursor: 'CURSOR1',
};
const secondPage = {
  results: [
    item({ id: 'launched:3', kind: 'game_launched' }),
    item({ id: 'funded:2', kind: 'campaign_funded' }),
    item({ id: 'opened:1', kind: 'campaign_opened', campaign: { slug: 'star-farm', title: 'Star Farm' } }),
  ],
  next_cursor: null,
};

const requested = (fetchMock: ReturnType<typeof stubApi>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith('/api/feed'));

describe('your feed', () => {
  it('lists each kind with its label, time and links, and loads more with the cursor', async () => {
    const fetchMock = stubApi({
      'GET /api/feed/': () => jsonResponse(200, firstPage),
      'GET /api/feed/?cursor=CURSOR1': () => jsonResponse(200, secondPage),
    });
    renderScreen(<MemberFeed />, { path: '/', auth: member() });
    expect(await screen.findByRole('heading', { name: 'Your feed' })).toBeTruthy();
    let items = await screen.findAllByTestId('feed-item');
    expect(items).toHaveLength(4);

    const [backers, alpha, news, payout] = items as [HTMLElement, HTMLElement, HTMLElement, HTMLElement];
    expect(backers.textContent).toContain('New update · for investors ·');
    expect(within(backers).getByRole('link', { name: 'Backers only: the budget' }).getAttribute('href')).toBe(
      '/campaigns/neon-drift#updates',
    );
    expect(within(backers).getByRole('link', { name: 'Neon Drift' }).getAttribute('href')).toBe(
      '/campaigns/neon-drift',
    );
    expect(alpha.textContent).not.toContain('for investors');
    expect(within(alpha).getByRole('time').getAttribute('datetime')).toBe('2026-11-20T10:00:00.000Z');
    expect(within(news).getByText(/^News ·/)).toBeTruthy();
    expect(within(news).getByRole('link', { name: 'We are live' }).getAttribute('href')).toBe('/news/n1');
    expect(payout.textContent).toContain('Revenue share paid to investors');
    expect(within(payout).getByRole('link', { name: 'Neon Drift' })).toBeTruthy();
    expect(requested(fetchMock)).toEqual(['/api/feed/']);

    await userEvent.click(screen.getByRole('button', { name: 'Load more' }));
    await screen.findByText(/Game released/);
    items = screen.getAllByTestId('feed-item');
    expect(items.map((i) => i.dataset.kind)).toEqual([
      'campaign_update',
      'campaign_update',
      'news',
      'payout_made',
      'game_launched',
      'campaign_funded',
      'campaign_opened',
    ]);
    expect(within(items[5]!).getByText(/Goal reached/)).toBeTruthy();
    expect(within(items[6]!).getByText(/Open for investment/)).toBeTruthy();
    expect(within(items[6]!).getByRole('link', { name: 'Star Farm' }).getAttribute('href')).toBe(
      '/campaigns/star-farm',
    );
    // The last page: nothing more to load.
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
    expect(requested(fetchMock)).toEqual(['/api/feed/', '/api/feed/?cursor=CURSOR1']);
  });

  it('suggests following campaigns when there is nothing to show', async () => {
    stubApi({ 'GET /api/feed/': () => jsonResponse(200, { results: [], next_cursor: null }) });
    renderScreen(<MemberFeed />, { path: '/', auth: member() });
    expect(await screen.findByText(/Nothing here yet\. Follow the campaigns you like/)).toBeTruthy();
    expect(screen.getByRole('link', { name: 'Browse the campaigns' }).getAttribute('href')).toBe(
      '/campaigns',
    );
    expect(screen.queryByRole('button', { name: 'Load more' })).toBeNull();
  });

  it('says when the feed cannot be loaded and tries again on request', async () => {
    let fail = true;
    stubApi({
      'GET /api/feed/': () =>
        fail
          ? jsonResponse(429, { success: false, code: 'rateLimited', message: 'Too many requests.' })
          : jsonResponse(200, {
              results: [item({ id: 'funded:9', kind: 'campaign_funded' })],
              next_cursor: null,
            }),
    });
    renderScreen(<MemberFeed />, { path: '/', auth: member() });
    expect(await screen.findByText('Your feed could not be loaded. Please try again.')).toBeTruthy();
    fail = false;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText(/Goal reached/)).toBeTruthy();
  });

  it('speaks Italian', async () => {
    stubApi({
      'GET /api/feed/': () =>
        jsonResponse(200, { results: [item({ id: 'payout:p', kind: 'payout_made' })], next_cursor: null }),
    });
    await i18n.changeLanguage('it');
    try {
      renderScreen(<MemberFeed />, { path: '/', auth: member() });
      expect(await screen.findByRole('heading', { name: 'Il tuo feed' })).toBeTruthy();
      expect(await screen.findByText(/Quota dei ricavi pagata agli investitori/)).toBeTruthy();
    } finally {
      await i18n.changeLanguage('en');
    }
  });
});
