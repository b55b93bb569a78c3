// @vitest-environment jsdom
import type { CampaignPostsResponse, ThreadDto } from '@indiesplit/shared/community';
import { act, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import i18n, { loadNamespaces } from '../../i18n/index.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { CampaignDiscussion } from './campaign-discussion.tsx';

beforeAll(async () => {
  await loadNamespaces(['community', 'errors']);
});
afterEach(async () => {
  vi.unstubAllGlobals();
  await act(() => i18n.changeLanguage('en'));
});

const question: ThreadDto = {
  id: '11111111-1111-4111-8111-111111111111',
  kind: 'question',
  author: 'ada',
  badges: ['investor'],
  body: '<img src=x onerror=alert(1)> When is the beta?',
  created_at: '2026-11-20T10:00:00.000Z',
  hidden: false,
  hidden_reason: null,
  mine: false,
  pinned: true,
  answered: true,
  replies: [
    {
      id: '22222222-2222-4222-8222-222222222222',
      author: 'faro_games',
      badges: ['studio'],
      body: 'In March.',
      created_at: '2026-11-21T10:00:00.000Z',
      hidden: false,
      hidden_reason: null,
      mine: false,
    },
  ],
};

const response = (over: Partial<CampaignPostsResponse> = {}): CampaignPostsResponse => ({
  threads: [question],
  page: 1,
  pages: 1,
  unanswered: 2,
  can_post: true,
  can_moderate: false,
  ...over,
});

describe('the discussion on a campaign page', () => {
  it('shows threads with badges, the unanswered count, and markup as plain text', async () => {
    stubApi({ 'GET /api/campaigns/neon/posts?page=1': () => jsonResponse(200, response()) });
    renderScreen(<CampaignDiscussion slug="neon" />, { path: '/campaigns/neon', auth: member() });
    expect(await screen.findByText('2 questions are waiting for the studio’s answer.')).toBeInTheDocument();
    const thread = screen.getByRole('article', { name: 'Question' });
    expect(within(thread).getByText('Investor')).toBeInTheDocument();
    expect(within(thread).getByText('Studio')).toBeInTheDocument();
    expect(within(thread).getByText('Pinned')).toBeInTheDocument();
    // The typed markup is text, not an element.
    expect(within(thread).getByText('<img src=x onerror=alert(1)> When is the beta?')).toBeInTheDocument();
    expect(thread.querySelector('img')).toBeNull();
  });

  it('sends a question and shows the server’s translated error', async () => {
    const user = userEvent.setup({ delay: null });
    const fetchSpy = stubApi({
      'GET /api/campaigns/neon/posts?page=1': () => jsonResponse(200, response({ threads: [] })),
      'POST /api/campaigns/neon/posts': () =>
        jsonResponse(403, {
          success: false,
          code: 'communityEmailNotVerified',
          message: 'Please verify your email address before posting.',
          error: 'Please verify your email address before posting.',
        }),
    });
    renderScreen(<CampaignDiscussion slug="neon" />, { path: '/campaigns/neon', auth: member() });
    await user.type(await screen.findByLabelText('Your question'), 'Any demo?');
    await user.click(screen.getByRole('button', { name: 'Ask' }));
    expect(await screen.findByText('Please verify your email address before posting.')).toBeInTheDocument();
    const sent = fetchSpy.mock.calls.find(([, init]) => (init as RequestInit | undefined)?.method === 'POST');
    expect(JSON.parse(String((sent![1] as RequestInit).body))).toEqual({
      kind: 'question',
      body: 'Any demo?',
    });
  });

  it('shows the author of a hidden post the moderators’ reason', async () => {
    stubApi({
      'GET /api/campaigns/neon/posts?page=1': () =>
        jsonResponse(
          200,
          response({
            threads: [{ ...question, mine: true, hidden: true, hidden_reason: 'Off topic.', replies: [] }],
          }),
        ),
    });
    renderScreen(<CampaignDiscussion slug="neon" />, { path: '/campaigns/neon', auth: member() });
    expect(
      await screen.findByText(
        'Hidden by the moderators, visible only to you and to them. Reason: Off topic.',
      ),
    ).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Reply' })).toBeNull();
  });

  it('asks a visitor to log in instead of showing the form', async () => {
    stubApi({
      'GET /api/campaigns/neon/posts?page=1': () => jsonResponse(200, response({ can_post: false })),
    });
    renderScreen(<CampaignDiscussion slug="neon" />, { path: '/campaigns/neon' });
    expect(
      await screen.findByRole('link', { name: 'Log in to ask a question or comment' }),
    ).toBeInTheDocument();
    expect(screen.queryByLabelText('Your question')).toBeNull();
  });
});
