// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, LOGGED_OUT, member, renderScreen, stubApi } from '../../../test/render.tsx';
import RegisterPage from './register-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const progress = () => screen.getByRole('progressbar', { name: 'Sign-up progress' });

/** Signs up through both steps of the form with the chosen profiles; the server accepts. */
async function signUpAs(types: string[], username: string) {
  stubApi({
    'POST /api/auth/register/': () =>
      jsonResponse(201, { success: true, message: 'ok', isEmailVerified: false, id: 'u1' }),
  });
  const session = vi
    .fn()
    .mockResolvedValueOnce(LOGGED_OUT)
    .mockResolvedValue(member({ isEmailVerified: false }));
  const user = userEvent.setup({ delay: null });
  renderScreen(<RegisterPage />, { path: '/register', auth: session });
  for (const name of types) await user.click(screen.getByRole('checkbox', { name }));
  await user.click(screen.getByRole('button', { name: 'Continue' }));
  await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
  await user.type(screen.getByRole('textbox', { name: 'Username' }), username);
  await user.type(screen.getByLabelText(/^Password/), 'Analytical-Engine1');
  await user.type(screen.getByLabelText(/^Confirm password/), 'Analytical-Engine1');
  await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
  await user.click(screen.getByRole('button', { name: 'Create account' }));
}

describe('Register page', () => {
  it('needs a user type before step 2, then shows the details form at 50%', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<RegisterPage />, { path: '/register' });
    expect(progress()).toHaveAttribute('aria-valuenow', '25');
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Please select at least one user type.');
    await user.click(screen.getByRole('checkbox', { name: 'Investor' }));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('textbox', { name: 'Email' })).toBeInTheDocument();
  });

  it('validates with the shared rules and focuses the first problem', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.click(screen.getByRole('checkbox', { name: 'Gamer' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'not-an-email');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'al');
    await user.type(screen.getByLabelText(/^Password/), 'short');
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email address.')).toBeInTheDocument();
    expect(screen.getByText(/Username must be at least 3 characters/)).toBeInTheDocument();
    expect(screen.getByText(/Password must be at least 8 characters/)).toBeInTheDocument();
    expect(screen.getByText('You must accept the terms and conditions to continue.')).toBeInTheDocument();
    // Focus moves on the next frame.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Email' })).toHaveFocus());
  });

  it('clears "accept the terms" as soon as the box is ticked', async () => {
    stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.click(screen.getByRole('checkbox', { name: 'Gamer' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    const terms = 'You must accept the terms and conditions to continue.';
    expect(await screen.findByText(terms)).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept the/ }));
    await waitFor(() => expect(screen.queryByText(terms)).not.toBeInTheDocument());
    expect(screen.getByRole('checkbox', { name: /I have read and accept the/ })).not.toHaveAttribute(
      'aria-invalid',
    );
  });

  it('shows a failure without a field above the form, and clears it on edit', async () => {
    stubApi({
      'POST /api/auth/register/': () =>
        jsonResponse(500, { success: false, code: 'serverError', message: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<RegisterPage />, { path: '/register' });
    await user.click(screen.getByRole('checkbox', { name: 'Investor' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ada_dev');
    await user.type(screen.getByLabelText(/^Password/), 'Analytical-Engine1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Analytical-Engine1');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('alert')).toHaveTextContent('Something went wrong on our side.');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'x');
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('signs up, shows step 3 at 100% and puts a taken username on its field', async () => {
    let attempt = 0;
    const fetchMock = stubApi({
      'POST /api/auth/register/': () => {
        attempt += 1;
        return attempt === 1
          ? jsonResponse(409, {
              success: false,
              code: 'usernameExists',
              message: 'taken',
              error_codes: { username: 'usernameExists' },
            })
          : jsonResponse(201, { success: true, message: 'ok', isEmailVerified: false, id: 'u1' });
      },
    });
    const session = vi
      .fn()
      .mockResolvedValueOnce(LOGGED_OUT)
      .mockResolvedValue(member({ isEmailVerified: false }));
    const user = userEvent.setup({ delay: null });
    renderScreen(<RegisterPage />, { path: '/register', auth: session });
    await user.click(screen.getByRole('checkbox', { name: 'Developer' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.type(screen.getByRole('textbox', { name: 'Email' }), 'ada@example.com');
    await user.type(screen.getByRole('textbox', { name: 'Username' }), 'ada_dev');
    await user.type(screen.getByLabelText(/^Password/), 'Analytical-Engine1');
    await user.type(screen.getByLabelText(/^Confirm password/), 'Analytical-Engine1');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));

    const username = screen.getByRole('textbox', { name: 'Username' });
    await waitFor(() =>
      expect(username).toHaveAccessibleDescription(
        expect.stringContaining('Username already exists. Please choose a different username.'),
      ),
    );
    // Focus moves on the next frame.
    await waitFor(() => expect(username).toHaveFocus());
    await user.type(username, '2');

    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('heading', { name: 'Welcome aboard!' })).toBeInTheDocument();
    expect(progress()).toHaveAttribute('aria-valuenow', '100');
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toHaveAttribute('href', '/');
    expect(screen.getByRole('link', { name: 'Open my settings' })).toHaveAttribute('href', '/settings');
    // A developer is pointed to the pitch form, and not to an investor's next steps.
    expect(screen.getByRole('link', { name: 'Pitch my game' })).toHaveAttribute(
      'href',
      '/split-project-form',
    );
    expect(screen.queryByRole('link', { name: 'Open my investor profile' })).not.toBeInTheDocument();

    const body = JSON.parse(
      fetchMock.mock.calls.filter(([url]) => url === '/api/auth/register/')[1]![1]!.body as string,
    );
    expect(body).toMatchObject({
      username: 'ada_dev2',
      email: 'ada@example.com',
      user_types: ['developer'],
      accepted_terms: true,
      newsletter: false,
    });
  });

  it('suggests each chosen profile its next step: investors the profile and the campaigns', async () => {
    await signUpAs(['Investor', 'Developer'], 'ada_inv');
    expect(await screen.findByRole('heading', { name: 'Next step as an investor' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Open my investor profile' })).toHaveAttribute(
      'href',
      '/investor-profile',
    );
    expect(screen.getByRole('link', { name: 'Browse the campaigns' })).toHaveAttribute('href', '/campaigns');
    expect(screen.getByRole('heading', { name: 'Next step as a developer' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Pitch my game' })).toHaveAttribute(
      'href',
      '/split-project-form',
    );
  });

  it('a gamer gets no investor or developer step', async () => {
    await signUpAs(['Gamer'], 'ada_gamer');
    expect(await screen.findByRole('heading', { name: 'Welcome aboard!' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Open my investor profile' })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Pitch my game' })).not.toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to the home page' })).toBeInTheDocument();
  });

  it('opens at step 2 with the email locked and no password for a social sign-up', () => {
    stubApi({});
    renderScreen(<RegisterPage />, {
      path: '/register',
      state: {
        socialSignUp: { provider: 'google', email: 'ada@example.com', name: 'Ada', credential: 'jwt' },
      },
    });
    expect(progress()).toHaveAttribute('aria-valuenow', '50');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveValue('ada@example.com');
    expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAttribute('readonly');
    expect(screen.queryByLabelText(/^Password/)).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Back' })).toBeDisabled();
  });

  it('a Discord sign-up chooses its profiles on step 2 and sends the reference with the usual rules', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/discord/signup/': () =>
        jsonResponse(201, { success: true, message: 'ok', isEmailVerified: true, id: 'u2' }),
    });
    const session = vi.fn().mockResolvedValueOnce(LOGGED_OUT).mockResolvedValue(member());
    const user = userEvent.setup({ delay: null });
    renderScreen(<RegisterPage />, {
      path: '/register',
      auth: session,
      state: {
        socialSignUp: {
          provider: 'discord',
          username: 'pix.el',
          global_name: 'Pix El',
          email: 'pix@example.com',
          avatar: null,
          access_token: 'REF',
        },
      },
    });
    expect(screen.getByRole('textbox', { name: 'Username' })).toHaveValue('pix_el');
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please select at least one user type.')).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/discord/signup/', expect.anything());

    await user.click(screen.getByRole('checkbox', { name: 'Gamer' }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() => expect(progress()).toHaveAttribute('aria-valuenow', '100'));
    const call = fetchMock.mock.calls.find(([url]) => url === '/api/auth/discord/signup/')!;
    expect(JSON.parse(String(call[1]!.body))).toEqual({
      access_token: 'REF',
      username: 'pix_el',
      email: 'pix@example.com',
      newsletter: false,
      name: 'Pix',
      surname: 'El',
      user_types: ['gamer'],
      accepted_terms: true,
    });
  });

  it('a social sign-up whose address has an account is told to log in and link it', async () => {
    stubApi({
      'POST /api/auth/google/signup/': () =>
        jsonResponse(409, {
          success: false,
          code: 'socialEmailInUse',
          message: 'x',
          error_codes: { email: 'socialEmailInUse' },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<RegisterPage />, {
      path: '/register',
      state: {
        socialSignUp: { provider: 'google', email: 'ada@example.com', name: 'Ada', credential: 'jwt' },
      },
    });
    await user.click(screen.getByRole('checkbox', { name: 'Investor' }));
    await user.click(screen.getByRole('checkbox', { name: /I have read and accept/ }));
    await user.click(screen.getByRole('button', { name: 'Create account' }));
    await waitFor(() =>
      expect(screen.getByRole('textbox', { name: 'Email' })).toHaveAccessibleDescription(
        expect.stringContaining('connect this social account in Settings'),
      ),
    );
  });

  it('sends a logged-in member home', async () => {
    stubApi({});
    renderScreen(<RegisterPage />, { path: '/register', auth: member() });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/');
  });
});
