// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RequireAuth } from '../../app/require-auth.tsx';
import { noSocialSignIn } from '../../test/answers.ts';
import { jsonResponse, LOGGED_OUT, member, renderScreen, stubApi } from '../../test/render.tsx';
import LoginPage from './login-page.tsx';

// A visitor sent to log in is told why, and lands where they were going once logged in.

afterEach(() => sessionStorage.clear());

const noProviders = noSocialSignIn;
const loggedIn = () => jsonResponse(200, { success: true, message: 'ok', isEmailVerified: true });

async function logIn() {
  const user = userEvent.setup({ delay: null });
  await user.type(screen.getByRole('textbox', { name: 'Username or email' }), 'alice');
  await user.type(screen.getByLabelText(/^Password/), 'Secret-pass1{Enter}');
}

describe('logging in on the way somewhere', () => {
  it('sends a visitor on a members-only screen to the login with the destination', async () => {
    stubApi({});
    renderScreen(
      <RequireAuth>
        <p>Portfolio</p>
      </RequireAuth>,
      { path: '/portfolio', route: '/portfolio?tab=payouts' },
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login?next=%2Fportfolio%3Ftab%3Dpayouts');
    expect(screen.queryByText('Portfolio')).not.toBeInTheDocument();
  });

  it('says it is for investing in the campaign, by name, and returns to the invest screen', async () => {
    stubApi({
      'GET /api/auth/providers/': noProviders,
      'GET /api/campaigns/starfall-couriers': () => jsonResponse(200, { title: 'Starfall Couriers' }),
      'POST /api/auth/': loggedIn,
    });
    const session = vi.fn().mockResolvedValueOnce(LOGGED_OUT).mockResolvedValue(member());
    renderScreen(<LoginPage />, {
      path: '/login',
      route: '/login?next=%2Fcampaigns%2Fstarfall-couriers%2Finvest',
      auth: session,
    });
    expect(await screen.findByText('Log in to invest in Starfall Couriers.')).toBeInTheDocument();
    await logIn();
    expect(await screen.findByTestId('landed')).toHaveTextContent('/campaigns/starfall-couriers/invest');
  });

  it('explains that the demo is virtual money', async () => {
    stubApi({ 'GET /api/auth/providers/': noProviders });
    renderScreen(<LoginPage />, { path: '/login', route: '/login?next=%2Fdemo' });
    expect(await screen.findByText(/Log in to try the demo with virtual money/)).toBeInTheDocument();
  });

  it('ignores a destination on another site and goes home', async () => {
    stubApi({ 'GET /api/auth/providers/': noProviders, 'POST /api/auth/': loggedIn });
    const session = vi.fn().mockResolvedValueOnce(LOGGED_OUT).mockResolvedValue(member());
    renderScreen(<LoginPage />, { path: '/login', route: '/login?next=%2F%2Fevil.example', auth: session });
    await logIn();
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/ /);
    expect(screen.queryByText(/Log in to/)).not.toBeInTheDocument();
  });

  it('keeps the destination through the Discord round trip, which comes back without it', async () => {
    stubApi({
      'GET /api/auth/providers/': () =>
        jsonResponse(200, { google_client_id: null, google_script_url: null, discord: true }),
      // As over a network, the answer comes after the page has cleaned the address.
      'POST /api/auth/discord/': async () => {
        await new Promise((resolve) => setTimeout(resolve, 50));
        return jsonResponse(200, {
          success: true,
          message: 'ok',
          isEmailVerified: true,
          user: { isEmailVerified: true },
        });
      },
    });
    const first = renderScreen(<LoginPage />, { path: '/login', route: '/login?next=%2Fportfolio' });
    expect(await screen.findByText('Log in to see your portfolio.')).toBeInTheDocument();
    first.unmount();
    const session = vi.fn().mockResolvedValueOnce(LOGGED_OUT).mockResolvedValue(member());
    renderScreen(<LoginPage />, { path: '/login', route: '/login?discord_ref=REF9', auth: session });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/portfolio');
  });

  it('forgets an old destination when the login is opened on its own', async () => {
    sessionStorage.setItem('indiesplit.returnTo', '/portfolio');
    stubApi({ 'GET /api/auth/providers/': noProviders, 'POST /api/auth/': loggedIn });
    const session = vi.fn().mockResolvedValueOnce(LOGGED_OUT).mockResolvedValue(member());
    renderScreen(<LoginPage />, { path: '/login', auth: session });
    await logIn();
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/ /);
  });
});
