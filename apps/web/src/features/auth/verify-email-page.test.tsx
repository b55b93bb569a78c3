// @vitest-environment jsdom
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../lib/api.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import VerifyEmailPage, { verifyOutcome } from './verify-email-page.tsx';

afterEach(() => vi.unstubAllGlobals());

const ID = '00000000-0000-4000-8000-000000000001';
const CODE = 'c'.repeat(40);
const VERIFY = `GET /api/auth/verify-email/${ID}/${CODE}/`;
const path = '/auth/verify-email/:user_id?/:verification_code?';

describe('verification outcome', () => {
  it('maps the answers as spec §4 says', () => {
    const e = (status: number, code = 'x') => new ApiError({ status, code });
    expect(verifyOutcome(e(400))).toMatchObject({ status: 'invalid' });
    expect(verifyOutcome(e(404, 'invalidCode'))).toEqual({ status: 'invalid', key: 'errors:invalidCode' });
    expect(verifyOutcome(e(410, 'codeExpired'))).toEqual({ status: 'expired', key: 'errors:codeExpired' });
    expect(verifyOutcome(e(500))).toEqual({ status: 'error', key: 'errors:serverError' });
    expect(verifyOutcome(e(0, 'networkError'))).toEqual({ status: 'error', key: 'errors:networkError' });
    expect(verifyOutcome(new Error('boom'))).toMatchObject({ status: 'error' });
  });
});

describe('Verify email page', () => {
  it('verifies once and offers home and login to a visitor', async () => {
    const fetchMock = stubApi({ [VERIFY]: () => jsonResponse(200, { success: true, message: 'ok' }) });
    renderScreen(<VerifyEmailPage />, { path, route: `/auth/verify-email/${ID}/${CODE}` });
    expect(await screen.findByRole('heading', { name: 'Email verified' })).toBeInTheDocument();
    expect(screen.getByText('Email verified successfully')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Home' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Go to Login' })).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('verify-email'))).toHaveLength(1);
  });

  it('shows the invalid state for a link with a missing part, without calling the server', () => {
    const fetchMock = stubApi({});
    renderScreen(<VerifyEmailPage />, { path, route: `/auth/verify-email/${ID}` });
    expect(screen.getByRole('heading', { name: 'Invalid link' })).toBeInTheDocument();
    expect(screen.getByText(/This verification link is incomplete/)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('verify-email'))).toBe(false);
  });

  it('really resends the email from the expired state when logged in', async () => {
    const fetchMock = stubApi({
      [VERIFY]: () => jsonResponse(410, { success: false, code: 'codeExpired', message: 'x' }),
      'POST /api/auth/resend-verification-email/': () => jsonResponse(200, { success: true, message: 'ok' }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<VerifyEmailPage />, {
      path,
      route: `/auth/verify-email/${ID}/${CODE}`,
      auth: member({ isEmailVerified: false }),
    });
    expect(await screen.findByRole('heading', { name: 'Link expired' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Resend email' }));
    expect(await screen.findByText('We have sent you a new verification email.')).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledWith(
      '/api/auth/resend-verification-email/',
      expect.objectContaining({ method: 'POST' }),
    );
  });

  it('when asked too soon, counts down in the button and the error alike', async () => {
    stubApi({
      [VERIFY]: () => jsonResponse(410, { success: false, code: 'codeExpired', message: 'x' }),
      'POST /api/auth/resend-verification-email/': () =>
        jsonResponse(429, {
          success: false,
          code: 'resendCooldown',
          message: 'x',
          error: 'x',
          retry_after: 95,
        }),
    });
    const user = userEvent.setup({ delay: null });
    renderScreen(<VerifyEmailPage />, {
      path,
      route: `/auth/verify-email/${ID}/${CODE}`,
      auth: member({ isEmailVerified: false }),
    });
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    const button = await screen.findByRole('button', { name: /^Resend in (1:35|1:34)$/ });
    expect(button).toBeDisabled();
    const time = button.textContent?.replace('Resend in ', '');
    expect(screen.getByRole('alert')).toHaveTextContent(
      `We sent you an email a moment ago. Resend in ${time}.`,
    );
    expect(screen.queryByText(/95 seconds/)).not.toBeInTheDocument();
  });

  it('sends a visitor to login from the expired state', async () => {
    stubApi({ [VERIFY]: () => jsonResponse(410, { success: false, code: 'codeExpired', message: 'x' }) });
    const user = userEvent.setup({ delay: null });
    renderScreen(<VerifyEmailPage />, { path, route: `/auth/verify-email/${ID}/${CODE}` });
    await user.click(await screen.findByRole('button', { name: 'Resend email' }));
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
  });
});
