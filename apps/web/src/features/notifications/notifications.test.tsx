// @vitest-environment jsdom
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { campaignPageCommunity } from '../../test/community-stubs.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import CampaignPage from '../campaigns/campaign-page.tsx';
import { campaignDto } from '../campaigns/test-data.ts';
import NotificationBell from './notification-bell.tsx';
import NotificationsPage from './notifications-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
});

const notification = (id: string, over: Record<string, unknown> = {}) => ({
  id,
  type: 'campaign_update',
  campaign: { slug: 'neon-drift', title: 'Neon Drift' },
  data: { update_title: `Update ${id}`, update_title_it: `Aggiornamento ${id}` },
  created_at: '2026-11-20T10:00:00.000Z',
  read_at: null,
  ...over,
});

describe('the notification centre', () => {
  it('lists the notifications, marks one and all as read', async () => {
    let unread = 2;
    const fetchMock = stubApi({
      'GET /api/notifications/': () =>
        jsonResponse(200, {
          results: [
            notification('2'),
            notification('1', { read_at: unread < 2 ? '2026-11-21T00:00:00Z' : null }),
          ],
          next: null,
          unread,
        }),
      'POST /api/notifications/2/read/': () => {
        unread = 1;
        return jsonResponse(200, { success: true });
      },
      'POST /api/notifications/read-all/': () => {
        unread = 0;
        return jsonResponse(200, { success: true });
      },
    });
    renderScreen(<NotificationsPage />, { path: '/notifications', auth: member() });
    const items = await screen.findAllByTestId('notification');
    expect(items).toHaveLength(2);
    expect(within(items[0]!).getByRole('link').textContent).toBe('Neon Drift: new update, “Update 2”');
    expect(within(items[0]!).getByRole('link').getAttribute('href')).toBe('/campaigns/neon-drift#updates');
    expect(screen.getByText('2 unread')).toBeTruthy();

    await userEvent.click(within(items[0]!).getByRole('button', { name: 'Mark as read' }));
    expect(await screen.findByText('1 unread')).toBeTruthy();
    await userEvent.click(screen.getByRole('button', { name: 'Mark all as read' }));
    expect(await screen.findByText('0 unread')).toBeTruthy();
    const posts = fetchMock.mock.calls
      .filter(([, init]) => init?.method === 'POST')
      .map(([url]) => String(url));
    expect(posts).toEqual(['/api/notifications/2/read/', '/api/notifications/read-all/']);
  });

  it('words a campaign’s milestone, its end and an answered question, and leads to the question', async () => {
    stubApi({
      'GET /api/notifications/': () =>
        jsonResponse(200, {
          results: [
            notification('3', { type: 'question_answered', data: { post_id: 'p-42' } }),
            notification('2', { type: 'campaign_ended', data: { outcome: 'funded' } }),
            notification('1', { type: 'campaign_milestone', data: { percent: 50 } }),
          ],
          next: null,
          unread: 3,
        }),
    });
    renderScreen(<NotificationsPage />, { path: '/notifications', auth: member() });
    const links = (await screen.findAllByTestId('notification')).map((item) =>
      within(item).getByRole('link'),
    );
    expect(links.map((l) => [l.textContent, l.getAttribute('href')])).toEqual([
      ['Neon Drift: the studio answered your question', '/campaigns/neon-drift#post-p-42'],
      ['The offer of Neon Drift has ended', '/campaigns/neon-drift'],
      ['Neon Drift passed 50% of its goal', '/campaigns/neon-drift'],
    ]);
  });

  it('the bell shows the unread count and links to the centre', async () => {
    stubApi({ 'GET /api/notifications/unread-count/': () => jsonResponse(200, { unread: 3 }) });
    renderScreen(<NotificationBell />, { path: '/', auth: member() });
    const count = await screen.findByTestId('notification-count');
    expect(count.textContent).toBe('3');
    expect(screen.getByTestId('notification-bell').getAttribute('href')).toBe('/notifications');
    expect(screen.getByTestId('notification-bell').getAttribute('aria-label')).toBe(
      'Notifications: 3 unread',
    );
  });
});

describe('a campaign’s updates', () => {
  it('shows the server’s sanitised body, the title as text, the edit, and follows', async () => {
    let following = false;
    const fetchMock = stubApi({
      ...campaignPageCommunity('neon-drift'),
      'GET /api/campaigns/neon-drift': () => jsonResponse(200, campaignDto({ slug: 'neon-drift' })),
      'GET /api/campaigns/neon-drift/updates/?page=1': () =>
        jsonResponse(200, {
          count: 1,
          page: 1,
          pages: 1,
          results: [
            {
              id: 'u1',
              visibility: 'investors',
              language: 'en',
              title: '<img src=x onerror="window.hacked=1">',
              body_html: '<p>We shipped the <strong>alpha</strong>.</p>',
              created_at: '2026-11-20T10:00:00.000Z',
              edited_at: '2026-11-21T10:00:00.000Z',
            },
          ],
        }),
      'GET /api/campaigns/neon-drift/follow/': () => jsonResponse(200, { following }),
      'PUT /api/campaigns/neon-drift/follow/': () => {
        following = true;
        return jsonResponse(200, { following: true });
      },
    });
    renderScreen(<CampaignPage />, {
      path: '/campaigns/:slug',
      route: '/campaigns/neon-drift',
      auth: member(),
    });
    // The updates arrive in their own chunk with their texts.
    const update = await screen.findByTestId('campaign-update', {}, { timeout: 5000 });
    expect(within(update).getByRole('heading', { level: 3 }).textContent).toBe(
      '<img src=x onerror="window.hacked=1">',
    );
    expect(update.querySelector('img')).toBeNull();
    expect(within(update).getByText('alpha').tagName).toBe('STRONG');
    expect(update.textContent).toContain('edited');
    expect(update.textContent).toContain('For investors');

    const follow = await screen.findByTestId('follow-button', {}, { timeout: 5000 });
    expect(follow.textContent).toBe('Follow');
    await userEvent.click(follow);
    expect((await screen.findByTestId('follow-button')).textContent).toBe('Following');
    expect(
      fetchMock.mock.calls.some(([url, init]) => String(url).endsWith('/follow/') && init?.method === 'PUT'),
    ).toBe(true);
  });
});
