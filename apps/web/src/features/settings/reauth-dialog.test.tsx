// @vitest-environment jsdom
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import i18n from '../../i18n/index.ts';
import { apiRequest } from '../../lib/api.ts';
import { errorText } from '../../lib/error-text.ts';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import { ReauthDialogHost } from './reauth-dialog.tsx';

afterEach(() => vi.unstubAllGlobals());

const reauthRequired = () =>
  jsonResponse(403, {
    success: false,
    code: 'reauthRequired',
    message: 'For your safety, please confirm your password to continue.',
    error: 'x',
  });

/** A screen making one sensitive call, showing its outcome. */
function ChangeEmail() {
  const [outcome, setOutcome] = useState('');
  const run = async () => {
    try {
      await apiRequest('/user/update/', { json: { email: 'new@example.com' } });
      setOutcome('saved');
    } catch (err) {
      setOutcome(errorText(i18n.t, err, { fallback: 'errors:serverError' }));
    }
  };
  return (
    <>
      <button type="button" onClick={() => void run()}>
        Save
      </button>
      <output>{outcome}</output>
      <ReauthDialogHost />
    </>
  );
}

const render = () => renderScreen(<ChangeEmail />, { path: '/settings', auth: member() });

describe('the password dialog of a step-up', () => {
  it('opens on reauthRequired, shows a wrong password on its field, and retries the call once confirmed', {
    timeout: 20_000,
  }, async () => {
    let updates = 0;
    const reauthBodies: unknown[] = [];
    const fetchMock = stubApi({
      'POST /api/user/update/': () =>
        ++updates === 1 ? reauthRequired() : jsonResponse(200, { success: true }),
      'POST /api/auth/reauth': async (request) => {
        const body = await request.json();
        reauthBodies.push(body);
        return body.password === 'Sunny-Harbor-42'
          ? jsonResponse(200, { success: true, message: 'ok' })
          : jsonResponse(400, {
              success: false,
              code: 'reauthWrongPassword',
              message: 'x',
              error: 'x',
              error_codes: { password: 'reauthWrongPassword' },
            });
      },
    });
    const user = userEvent.setup({ delay: null });
    render();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    const dialog = await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    expect(dialog).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('Please enter a password.')).toBeInTheDocument();
    expect(reauthBodies).toHaveLength(0);

    await user.type(screen.getByLabelText(/Current password/), 'Wrong-Pass-1');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(await screen.findByText('That password is not correct.')).toBeInTheDocument();
    expect(screen.getByLabelText(/Current password/)).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByRole('status', { hidden: true })).not.toHaveTextContent('saved');

    await user.clear(screen.getByLabelText(/Current password/));
    await user.type(screen.getByLabelText(/Current password/), 'Sunny-Harbor-42');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    await waitFor(() => expect(screen.getByRole('status', { hidden: true })).toHaveTextContent('saved'));
    expect(updates).toBe(2);
    expect(reauthBodies).toEqual([{ password: 'Wrong-Pass-1' }, { password: 'Sunny-Harbor-42' }]);
    // The reauth call carries the CSRF token like every unsafe call.
    const reauthCall = fetchMock.mock.calls.find(([url]) => url === '/api/auth/reauth');
    const headers = (reauthCall?.[1]?.headers ?? {}) as Record<string, string>;
    expect(headers['X-CSRFToken']).toBe('test-token');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('cancelled, the call fails with the translated reason and is not sent again', async () => {
    let updates = 0;
    stubApi({
      'POST /api/user/update/': () => {
        updates++;
        return reauthRequired();
      },
    });
    const user = userEvent.setup({ delay: null });
    render();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog', { name: 'Confirm it’s you' });
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    await waitFor(() =>
      expect(screen.getByRole('status', { hidden: true })).toHaveTextContent(
        'For your safety, please confirm your password to continue.',
      ),
    );
    expect(updates).toBe(1);
  });

  it('for an account without a password, explains that signing in again with the provider is the way', async () => {
    stubApi({ 'POST /api/user/update/': reauthRequired, 'POST /api/auth/reauth': reauthRequired });
    const user = userEvent.setup({ delay: null });
    render();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await screen.findByRole('dialog');
    await user.type(screen.getByLabelText(/Current password/), 'anything');
    await user.click(screen.getByRole('button', { name: 'Confirm' }));
    expect(
      await screen.findByText(/signs in with Google or Discord and has no password/),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Sign out and sign in again' })).toBeInTheDocument();
  });
});
