// @vitest-environment jsdom
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { forgetProviders } from '../auth/social/providers.ts';
import { SocialSection } from './social-section.tsx';

beforeEach(() => forgetProviders());
afterEach(() => vi.unstubAllGlobals());

const providers = () => jsonResponse(200, { google_client_id: null, google_script_url: null, discord: true });
const list =
  (connections: unknown[], has_password = true, message?: string) =>
  () =>
    jsonResponse(200, { success: true, connections, has_password, ...(message ? { message } : {}) });
const discordLink = {
  provider: 'discord',
  email: 'pix@example.com',
  display_name: 'Pix',
  connected_at: '2025-01-01T00:00:00.000Z',
};

const render = (route = '/settings') =>
  renderScreen(<SocialSection />, { path: '/settings', route, auth: member() });

describe('Social media connections', () => {
  it('lists each provider: linked with its details, configured with a connect link, others unavailable', async () => {
    stubApi({ 'GET /api/auth/providers/': providers, 'GET /api/user/social-connections/': list([]) });
    render();
    const connect = await screen.findByRole('link', { name: 'Connect Discord' });
    expect(connect).toHaveAttribute('href', '/api/auth/discord/start?purpose=link&from=settings');
    const google = screen.getByText('Google').closest('li')!;
    expect(within(google).getByText('Not available')).toBeInTheDocument();
    expect(screen.getByText('You have not linked any social account yet.')).toBeInTheDocument();
  });

  it('refuses to disconnect the last way in with the server’s translated reason', async () => {
    stubApi({
      'GET /api/auth/providers/': providers,
      'GET /api/user/social-connections/': list([discordLink], false),
      'DELETE /api/user/social-connections/discord/': () =>
        jsonResponse(409, { success: false, code: 'socialLastSignIn', message: 'x', error: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    render();
    expect(await screen.findByText('Pix · pix@example.com')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Disconnect Discord' }));
    expect(
      await screen.findByText(
        'You cannot disconnect your only way to log in. Set a password or connect another account first.',
      ),
    ).toBeInTheDocument();
  });

  it('disconnects and shows the updated list', async () => {
    stubApi({
      'GET /api/auth/providers/': providers,
      'GET /api/user/social-connections/': list([discordLink]),
      'DELETE /api/user/social-connections/discord/': list(
        [],
        true,
        'Your social account has been disconnected.',
      ),
    });
    const user = userEvent.setup({ delay: null });
    render();
    await user.click(await screen.findByRole('button', { name: 'Disconnect Discord' }));
    expect(await screen.findByText('Your social account has been disconnected.')).toBeInTheDocument();
    expect(await screen.findByRole('link', { name: 'Connect Discord' })).toBeInTheDocument();
  });

  it('back from Discord with a link reference: connects it once and cleans the address', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/providers/': providers,
      'GET /api/user/social-connections/': list([]),
      'POST /api/user/social-connections/discord/': list(
        [discordLink],
        true,
        'Your social account is now connected.',
      ),
    });
    render('/settings?discord_ref=LINKREF#social');
    expect(await screen.findByText('Your social account is now connected.')).toBeInTheDocument();
    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/user/social-connections/discord/');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ access_token: 'LINKREF' });
  });

  it('back from Discord: a list read before the link landed does not hide the new connection', async () => {
    // The page asks for the list and redeems the reference at once; the list's answer, read before
    // the link was stored, arrives last.
    let answerList: (r: Response) => void = () => {};
    const fetchMock = stubApi({
      'GET /api/auth/providers/': providers,
      'GET /api/user/social-connections/': () =>
        new Promise<Response>((resolve) => {
          answerList = resolve;
        }),
      'POST /api/user/social-connections/discord/': list(
        [discordLink],
        true,
        'Your social account is now connected.',
      ),
    });
    render('/settings?discord_ref=LINKREF#social');
    const posted = () =>
      fetchMock.mock.results.some(
        (r, i) => fetchMock.mock.calls[i]![1]?.method === 'POST' && r.type === 'return',
      );
    await waitFor(() => expect(posted()).toBe(true));
    await new Promise((r) => setTimeout(r, 20));
    answerList(list([])());
    expect(await screen.findByText('Your social account is now connected.')).toBeInTheDocument();
    await new Promise((r) => setTimeout(r, 50));
    expect(screen.getByRole('button', { name: 'Disconnect Discord' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Connect Discord' })).not.toBeInTheDocument();
  });

  it('an account without a password sets one without a previous password', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/providers/': providers,
      'GET /api/user/social-connections/': list([discordLink], false),
      'POST /api/user/change-password/': () =>
        jsonResponse(200, {
          success: true,
          message: 'Your password has been set. You can now also log in with it.',
        }),
    });
    const user = userEvent.setup({ delay: null });
    render();
    await screen.findByRole('heading', { name: 'Set a password' });
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(await screen.findByText('Please enter a password.')).toBeInTheDocument();
    await user.type(screen.getByLabelText(/^New Password/), 'Brand-New-Pass-7');
    await user.type(screen.getByLabelText(/^Password Confirmation/), 'Brand-New-Pass-7');
    await user.click(screen.getByRole('button', { name: 'Set password' }));
    expect(
      await screen.findByText('Your password has been set. You can now also log in with it.'),
    ).toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/user/change-password/')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      new_password: 'Brand-New-Pass-7',
      re_new_password: 'Brand-New-Pass-7',
    });
    await waitFor(() => expect(screen.getByLabelText(/^New Password/)).toHaveValue(''));
  });

  it('a password account sees no password form', async () => {
    stubApi({ 'GET /api/auth/providers/': providers, 'GET /api/user/social-connections/': list([]) });
    render();
    await screen.findByRole('link', { name: 'Connect Discord' });
    expect(screen.queryByRole('heading', { name: 'Set a password' })).not.toBeInTheDocument();
  });
});
