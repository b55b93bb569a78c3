// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { http } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { noSocialSignIn } from '../../test/answers.ts';
import { jsonResponse, LOGGED_OUT, member, renderScreen, stubApi } from '../../test/render.tsx';
import { server } from '../../test/server.ts';
import LoginPage from './login-page.tsx';

// The page asks which social sign-ins to offer: none in these tests.
beforeEach(() => server.use(http.get('/api/auth/providers/', noSocialSignIn)));
afterEach(() => vi.unstubAllGlobals());

const fill = async (user: ReturnType<typeof userEvent.setup>, username: string, password: string) => {
  await user.type(screen.getByRole('textbox', { name: 'Username or email' }), username);
  await user.type(screen.getByLabelText(/^Password/), password);
};

describe('Login page', () => {
  it('asks for both fields before calling the server', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(await screen.findAllByText('Please fill in all required fields.')).toHaveLength(2);
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Username or email' })).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/', expect.anything());
  });

  it('focuses the password when only the password is missing, and drops a message once fixed', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login' });
    await user.type(screen.getByRole('textbox', { name: 'Username or email' }), '   ');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    // Spaces alone are no username.
    expect(await screen.findAllByText('Please fill in all required fields.')).toHaveLength(2);
    await user.type(screen.getByRole('textbox', { name: 'Username or email' }), 'alice');
    expect(screen.getAllByText('Please fill in all required fields.')).toHaveLength(1);
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    await waitFor(() => expect(screen.getByLabelText(/^Password/)).toHaveFocus());
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/', expect.anything());
  });

  it('refuses an over-long username as wrong credentials without calling the server', async () => {
    const fetchMock = stubApi({});
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login' });
    await user.click(screen.getByRole('textbox', { name: 'Username or email' }));
    await user.paste('a'.repeat(255));
    await user.type(screen.getByLabelText(/^Password/), 'Secret-pass1{Enter}');
    expect(
      await screen.findByText(
        'Invalid username/email or password. Please check your credentials and try again.',
      ),
    ).toBeInTheDocument();
    expect(fetchMock).not.toHaveBeenCalledWith('/api/auth/', expect.anything());
  });

  it('sends the username without the spaces around it, the password as typed', async () => {
    const fetchMock = stubApi({
      'POST /api/auth/': () =>
        jsonResponse(401, { success: false, code: 'authenticationFailed', message: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login' });
    await fill(user, '  alice ', ' Secret-pass1 ');
    await user.keyboard('{Enter}');
    await screen.findByRole('alert');
    const post = fetchMock.mock.calls.find(([url]) => url === '/api/auth/');
    expect(JSON.parse(String(post![1]!.body))).toEqual({ username: 'alice', password: ' Secret-pass1 ' });
  });

  it('shows the translated wrong-credentials message on 401 and focuses it', async () => {
    stubApi({
      'POST /api/auth/': () =>
        jsonResponse(401, { success: false, code: 'authenticationFailed', message: 'x', error: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login' });
    await fill(user, 'alice', 'Wrong-pass1');
    await user.keyboard('{Enter}');
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent(
      'Invalid username/email or password. Please check your credentials and try again.',
    );
    await waitFor(() => expect(alert).toHaveFocus());
  });

  it('disables the inputs while the request runs', async () => {
    let answer!: (r: Response) => void;
    stubApi({ 'POST /api/auth/': () => new Promise<Response>((resolve) => (answer = resolve)) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login' });
    await fill(user, 'alice', 'Secret-pass1');
    await user.click(screen.getByRole('button', { name: 'Log in' }));
    expect(screen.getByRole('textbox', { name: 'Username or email' })).toBeDisabled();
    expect(screen.getByRole('button', { name: /Logging in/ })).toBeDisabled();
    answer(jsonResponse(401, { success: false, code: 'authenticationFailed', message: 'x' }));
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Username or email' })).toBeEnabled());
  });

  it('on success refreshes the session and goes home asking for the verification notice', async () => {
    stubApi({
      'POST /api/auth/': () => jsonResponse(200, { success: true, message: 'ok', isEmailVerified: false }),
    });
    const session = vi
      .fn()
      .mockResolvedValueOnce(LOGGED_OUT)
      .mockResolvedValue(member({ isEmailVerified: false }));
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login', auth: session });
    await fill(user, 'alice', 'Secret-pass1');
    await user.keyboard('{Enter}');
    expect(await screen.findByTestId('landed')).toHaveTextContent('/ {"showVerificationNotice":true}');
    expect(session).toHaveBeenCalledTimes(2);
  });

  it('links to password recovery and to sign-up', () => {
    stubApi({});
    renderScreen(<LoginPage />, { path: '/login' });
    expect(screen.getByRole('link', { name: 'Forgot your password?' })).toHaveAttribute(
      'href',
      '/forgot-password',
    );
    expect(screen.getByRole('link', { name: 'I want to sign up' })).toHaveAttribute(
      'href',
      '/register/welcome',
    );
    expect(screen.getByRole('link', { name: 'Close' })).toHaveAttribute('href', '/');
  });
});
