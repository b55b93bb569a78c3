// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, LOGGED_OUT, member, renderScreen, stubApi } from '../../../test/render.tsx';
import LoginPage from '../login-page.tsx';
import WelcomePage from '../welcome-page.tsx';
import type { GoogleIdentity } from './google-script.ts';
import { forgetProviders } from './providers.ts';

beforeEach(() => forgetProviders());
afterEach(() => {
  vi.unstubAllGlobals();
  delete window.google;
});

const providers =
  (over: Record<string, unknown> = {}) =>
  () =>
    jsonResponse(200, { google_client_id: null, google_script_url: null, discord: true, ...over });

/** Stands in for Google's script: renders a button that hands back a credential when clicked. */
function fakeGoogle(credential: string) {
  const id: GoogleIdentity = {
    initialize: vi.fn(),
    renderButton: vi.fn((parent: HTMLElement) => {
      const button = document.createElement('button');
      button.textContent = 'Sign in with Google';
      button.addEventListener('click', () => {
        const options = vi.mocked(id.initialize).mock.calls[0]![0];
        options.callback({ credential });
      });
      parent.append(button);
    }),
  };
  window.google = { accounts: { id } };
  return id;
}

describe('social sign-in on the welcome and login pages', () => {
  it('shows no social button when no provider is configured', async () => {
    const fetchMock = stubApi({ 'GET /api/auth/providers/': providers({ discord: false }) });
    renderScreen(<WelcomePage />, { path: '/register/welcome' });
    await waitFor(() => expect(fetchMock).toHaveBeenCalledWith('/api/auth/providers/', expect.anything()));
    expect(screen.queryByRole('link', { name: 'Continue with Discord' })).not.toBeInTheDocument();
  });

  it('sends the browser to the server’s Discord start, which returns to the same page', async () => {
    stubApi({ 'GET /api/auth/providers/': providers() });
    renderScreen(<WelcomePage />, { path: '/register/welcome' });
    expect(await screen.findByRole('link', { name: 'Continue with Discord' })).toHaveAttribute(
      'href',
      '/api/auth/discord/start?purpose=login&from=welcome',
    );
  });

  it('back from Discord: a first-time visitor goes to /register with the details and the reference', async () => {
    const fetchMock = stubApi({
      'GET /api/auth/providers/': providers(),
      'POST /api/auth/discord/': () =>
        jsonResponse(404, {
          success: false,
          code: 'socialAccountNotFound',
          message: 'x',
          error: 'x',
          discord_user_info: { username: 'pix', global_name: null, email: 'pix@example.com', avatar: null },
        }),
    });
    renderScreen(<WelcomePage />, { path: '/register/welcome', route: '/register/welcome?discord_ref=REF1' });
    const landed = await screen.findByTestId('landed');
    expect(landed).toHaveTextContent('/register');
    expect(landed).toHaveTextContent('"access_token":"REF1"');
    expect(landed).toHaveTextContent('"email":"pix@example.com"');
    const posts = fetchMock.mock.calls.filter(([url]) => url === '/api/auth/discord/');
    expect(posts).toHaveLength(1);
    expect(JSON.parse(String(posts[0]![1]!.body))).toEqual({ access_token: 'REF1' });
  });

  it('back from Discord: a member is logged in and sent home', async () => {
    stubApi({
      'GET /api/auth/providers/': providers(),
      'POST /api/auth/discord/': () =>
        jsonResponse(200, {
          success: true,
          message: 'ok',
          isEmailVerified: true,
          user: { isEmailVerified: true },
        }),
    });
    const session = vi.fn().mockResolvedValueOnce(LOGGED_OUT).mockResolvedValue(member());
    renderScreen(<LoginPage />, { path: '/login', route: '/login?discord_ref=REF2', auth: session });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/ {"showVerificationNotice":false}');
    expect(session).toHaveBeenCalledTimes(2);
  });

  it('an account with the same email is told to log in and link, not taken over', async () => {
    stubApi({
      'GET /api/auth/providers/': providers(),
      'POST /api/auth/discord/': () =>
        jsonResponse(409, { success: false, code: 'socialEmailInUse', message: 'x', error: 'x' }),
    });
    renderScreen(<LoginPage />, { path: '/login', route: '/login?discord_ref=REF3' });
    expect(await screen.findByText(/An account with this email address already exists/)).toBeInTheDocument();
  });

  it('shows the server-side OAuth failures of §8 from the address, then cleans it', async () => {
    stubApi({ 'GET /api/auth/providers/': providers() });
    renderScreen(<WelcomePage />, {
      path: '/register/welcome',
      route: '/register/welcome?oauth_error=discordAuthFailed',
    });
    expect(await screen.findByText('Discord authorization failed. Please try again.')).toBeInTheDocument();
  });

  it('shows a provider refusal as "Discord authorization failed: …" with its translated reason', async () => {
    stubApi({ 'GET /api/auth/providers/': providers() });
    renderScreen(<LoginPage />, {
      path: '/login',
      route: '/login?error=access_denied&error_description=The%20user%20said%20no',
    });
    expect(
      await screen.findByText('Discord authorization failed: access was not granted.'),
    ).toBeInTheDocument();
    expect(screen.queryByText(/The user said no/)).toBeNull();
  });

  it('renders Google’s button when configured and signs in with its credential', async () => {
    const id = fakeGoogle('google-id-token');
    const fetchMock = stubApi({
      'GET /api/auth/providers/': providers({
        google_client_id: 'client-1',
        google_script_url: 'https://accounts.example/gsi/client',
        discord: false,
      }),
      'POST /api/auth/google/': () =>
        jsonResponse(404, {
          success: false,
          code: 'socialAccountNotFound',
          message: 'x',
          error: 'x',
          google_user_info: { email: 'ada@example.com', name: 'Ada', picture: null },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login' });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(id.initialize).toHaveBeenCalledWith(expect.objectContaining({ client_id: 'client-1' }));
    const landed = await screen.findByTestId('landed');
    expect(landed).toHaveTextContent('/register');
    expect(landed).toHaveTextContent('"credential":"google-id-token"');
    expect(fetchMock).toHaveBeenCalledWith('/api/auth/google/', expect.objectContaining({ method: 'POST' }));
  });

  it('a refused Google token shows the spec’s Google message', async () => {
    fakeGoogle('bad-token');
    stubApi({
      'GET /api/auth/providers/': providers({
        google_client_id: 'client-1',
        google_script_url: 'https://accounts.example/gsi/client',
      }),
      'POST /api/auth/google/': () =>
        jsonResponse(401, { success: false, code: 'googleLoginFailed', message: 'x', error: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<WelcomePage />, { path: '/register/welcome' });
    await user.click(await screen.findByRole('button', { name: 'Sign in with Google' }));
    expect(await screen.findByText('Google login failed. Please try again.')).toBeInTheDocument();
  });
});
