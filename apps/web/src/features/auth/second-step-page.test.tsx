// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { noSocialSignIn } from '../../test/answers.ts';
import { jsonResponse, LOGGED_OUT, member, renderScreen, stubApi } from '../../test/render.tsx';
import LoginPage from './login-page.tsx';
import SecondStepPage from './second-step-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const bodyOf = (fetchMock: ReturnType<typeof stubApi>, url: string) => {
  const call = fetchMock.mock.calls.find(([u]) => u === url);
  return call ? JSON.parse(String(call[1]!.body)) : undefined;
};

describe('Login with a second factor', () => {
  it('goes to the second step when the password was right but a second factor is owed', async () => {
    stubApi({
      'GET /api/auth/providers/': noSocialSignIn,
      'POST /api/auth/': () =>
        jsonResponse(200, {
          success: true,
          message: 'x',
          isEmailVerified: true,
          second_factor: { methods: ['totp', 'recovery_code'] },
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<LoginPage />, { path: '/login' });
    await user.type(screen.getByRole('textbox', { name: 'Username or email' }), 'alice');
    await user.type(screen.getByLabelText(/^Password/), 'Secret-pass1{Enter}');
    const landed = await screen.findByTestId('landed');
    expect(landed).toHaveTextContent('/login/verify');
    expect(landed).toHaveTextContent('"secondFactor":["totp","recovery_code"]');
  });

  it('sends the app code and, once accepted, signs in and goes home', async () => {
    let loggedIn = false;
    const fetchMock = stubApi({
      'POST /api/mfa/login': () => {
        loggedIn = true;
        return jsonResponse(200, { success: true, message: 'x', isEmailVerified: true });
      },
    });
    const user = userEvent.setup({ delay: null });
    const { fetchAuthenticated } = renderScreen(<SecondStepPage />, {
      path: '/login/verify',
      state: { secondFactor: ['totp', 'recovery_code'] },
      auth: async () => (loggedIn ? member() : LOGGED_OUT),
    });
    expect(screen.queryByRole('button', { name: 'Use a passkey' })).toBeNull();
    await user.type(
      await screen.findByRole('textbox', { name: /Code from your authenticator app/ }),
      '123 456{Enter}',
    );
    expect(await screen.findByTestId('landed')).toHaveTextContent(/^\/ /);
    expect(bodyOf(fetchMock, '/api/mfa/login')).toEqual({ code: '123 456' });
    await waitFor(() => expect(fetchAuthenticated).toHaveBeenCalledTimes(2));
  });

  it('shows a wrong code translated, keeps the screen, and switches to a recovery code', async () => {
    const fetchMock = stubApi({
      'POST /api/mfa/login': async (request) =>
        (await request.json()).code
          ? jsonResponse(400, { success: false, code: 'mfaCodeInvalid', message: 'x' })
          : jsonResponse(200, { success: true, message: 'x', isEmailVerified: false }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SecondStepPage />, {
      path: '/login/verify',
      state: { secondFactor: ['totp', 'recovery_code'] },
    });
    await user.type(
      await screen.findByRole('textbox', { name: /Code from your authenticator app/ }),
      '000000{Enter}',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This code is not valid. Check it and try again.',
    );
    expect(screen.queryByTestId('landed')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Use a recovery code instead' }));
    await user.type(screen.getByRole('textbox', { name: /Recovery code/ }), 'abcde-fghij{Enter}');
    expect(await screen.findByTestId('landed')).toHaveTextContent('"showVerificationNotice":true');
    expect(
      fetchMock.mock.calls
        .filter(([u]) => u === '/api/mfa/login')
        .map(([, i]) => JSON.parse(String(i!.body))),
    ).toEqual([{ code: '000000' }, { recovery_code: 'abcde-fghij' }]);
  });

  it('asks for a code before calling the server, and says so when the sign-in expired', async () => {
    const fetchMock = stubApi({
      'POST /api/mfa/login': () =>
        jsonResponse(401, { success: false, code: 'mfaPendingExpired', message: 'x' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<SecondStepPage />, { path: '/login/verify' });
    await user.click(await screen.findByRole('button', { name: 'Confirm' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Please enter the code from your authenticator app, a recovery code, or use a passkey.',
    );
    expect(fetchMock).not.toHaveBeenCalledWith('/api/mfa/login', expect.anything());
    await user.type(
      screen.getByRole('textbox', { name: /Code from your authenticator app/ }),
      '123456{Enter}',
    );
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'This sign-in has expired. Please sign in again.',
    );
    expect(screen.getByRole('link', { name: 'Log in again' })).toHaveAttribute('href', '/login');
  });
});
