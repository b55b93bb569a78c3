// @vitest-environment jsdom
import type { UserDto } from '@indiesplit/shared/user';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { jsonResponse, member, renderScreen, stubApi } from '../../test/render.tsx';
import SettingsPage from './settings-page.tsx';

afterEach(() => {
  vi.unstubAllGlobals();
  vi.useRealTimers();
});

const user: UserDto = {
  id: '00000000-0000-4000-8000-000000000001',
  username: 'alice',
  email: 'alice@example.com',
  first_name: 'Alice',
  last_name: 'Liddell',
  user_types: ['investor'],
  userType: 'investor',
  isEmailVerified: false,
  profile_picture_url: null,
  newsletter: false,
  indie_project_updates: true,
  has_password: true,
  language: 'en',
  date_joined: '2025-01-01T00:00:00.000Z',
  staff_role: null,
};

const getUser = () => jsonResponse(200, { success: true, user });

describe('Settings page', () => {
  it('sends a visitor without a session to /login', async () => {
    stubApi({
      'GET /api/user/': () => jsonResponse(401, { success: false, code: 'notAuthenticated', message: 'x' }),
    });
    renderScreen(<SettingsPage />, { path: '/settings' });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login');
  });

  it('sends a member whose session ended (401) to /login, telling them why', async () => {
    stubApi({
      'GET /api/user/': () => jsonResponse(401, { success: false, code: 'notAuthenticated', message: 'x' }),
    });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member() });
    expect(await screen.findByTestId('landed')).toHaveTextContent('/login {"notice":"sessionExpired"}');
  });

  it('shows the spec’s message when the profile cannot be loaded', async () => {
    stubApi({
      'GET /api/user/': () => jsonResponse(500, { success: false, code: 'serverError', message: 'x' }),
    });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member() });
    expect(
      await screen.findByText('Failed to load user settings. Please try refreshing the page.'),
    ).toBeInTheDocument();
  });

  it('edits the profile: Edit, then Save Changes sends the fields and returns to view', async () => {
    const fetchMock = stubApi({
      'GET /api/user/': getUser,
      'POST /api/user/update/': async (request) => {
        const body = await request.json();
        return jsonResponse(200, { success: true, message: 'ok', user: { ...user, ...body } });
      },
    });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member({ isEmailVerified: false }) });
    await u.click(await screen.findByRole('button', { name: 'Edit' }));
    const name = screen.getByRole('textbox', { name: 'Name' });
    await u.clear(name);
    await u.type(name, 'Alicia');
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Profile updated successfully!')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Edit' })).toBeInTheDocument();
    expect(screen.getByText('Alicia')).toBeInTheDocument();
    const body = JSON.parse(
      fetchMock.mock.calls.find(([url]) => url === '/api/user/update/')![1]!.body as string,
    );
    expect(body).toEqual({
      first_name: 'Alicia',
      last_name: 'Liddell',
      username: 'alice',
      email: 'alice@example.com',
    });
  });

  it('requires username and email, with the spec’s text', async () => {
    stubApi({ 'GET /api/user/': getUser });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member() });
    await u.click(await screen.findByRole('button', { name: 'Edit' }));
    await u.clear(screen.getByRole('textbox', { name: 'Username' }));
    await u.click(screen.getByRole('button', { name: 'Save Changes' }));
    expect(await screen.findByText('Username and email are required')).toBeInTheDocument();
    // Focus moves on the next frame.
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Username' })).toHaveFocus());
  });

  it('resend verification starts the 3:00 countdown and disables the button', async () => {
    stubApi({
      'GET /api/user/': getUser,
      'POST /api/auth/resend-verification-email/': () => jsonResponse(200, { success: true, message: 'ok' }),
    });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member({ isEmailVerified: false }) });
    await u.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    const cooling = await screen.findByRole('button', { name: /^Resend in (3:00|2:59)$/ });
    expect(cooling).toBeDisabled();
    expect(screen.getByText('We have sent you a new verification email.')).toBeInTheDocument();
  });

  it('resend verification honours the time the server says is left (429), in the button and the error alike', async () => {
    stubApi({
      'GET /api/user/': getUser,
      'POST /api/auth/resend-verification-email/': () =>
        jsonResponse(429, {
          success: false,
          code: 'resendCooldown',
          message: 'x',
          error: 'x',
          retry_after: 95,
        }),
    });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member({ isEmailVerified: false }) });
    await u.click(await screen.findByRole('button', { name: 'Resend verification email' }));
    const button = await screen.findByRole('button', { name: /^Resend in (1:35|1:34)$/ });
    expect(button).toBeDisabled();
    // The error and the button count the same time down, in the same words.
    const time = button.textContent?.replace('Resend in ', '');
    expect(screen.getByRole('alert')).toHaveTextContent(
      `We sent you an email a moment ago. Resend in ${time}.`,
    );
    expect(screen.queryByText(/95 seconds/)).not.toBeInTheDocument();
  });

  it('hides the resend button once the email is verified', async () => {
    stubApi({
      'GET /api/user/': () => jsonResponse(200, { success: true, user: { ...user, isEmailVerified: true } }),
    });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member() });
    expect(await screen.findByText('Verified')).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Resend verification email' })).not.toBeInTheDocument();
  });

  it('rejects a picture that is not JPG, PNG or WebP, or is over 5 MB, before any upload', async () => {
    const fetchMock = stubApi({ 'GET /api/user/': getUser });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member() });
    const input = (await screen.findByLabelText('Change picture')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'a.gif', { type: 'image/gif' })] } });
    expect(
      await screen.findByText('Please select a valid image file (JPG, PNG, or WebP)'),
    ).toBeInTheDocument();
    const big = new File([new Uint8Array(5 * 1024 * 1024 + 1)], 'big.png', { type: 'image/png' });
    fireEvent.change(input, { target: { files: [big] } });
    expect(await screen.findByText('File size must be less than 5MB')).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('profile-picture'))).toBe(false);
  });

  it('previews a chosen picture and uploads it only on confirm', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    const fetchMock = stubApi({
      'GET /api/user/': getUser,
      'POST /api/user/update-profile-picture/': () =>
        jsonResponse(200, { success: true, user: { ...user, profile_picture_url: '/media/avatars/x.webp' } }),
    });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member() });
    const input = (await screen.findByLabelText('Change picture')) as HTMLInputElement;
    fireEvent.change(input, { target: { files: [new File(['x'], 'me.png', { type: 'image/png' })] } });
    expect(await screen.findByRole('img', { name: 'Preview of your new profile picture' })).toHaveAttribute(
      'src',
      'blob:preview',
    );
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('profile-picture'))).toBe(false);
    await u.click(screen.getByRole('button', { name: 'Use this picture' }));
    expect(await screen.findByText('Profile picture updated successfully!')).toBeInTheDocument();
    const form = fetchMock.mock.calls.find(([url]) => String(url).includes('profile-picture'))![1]!
      .body as FormData;
    expect((form.get('profile_picture') as File).name).toBe('me.png');
  });

  it('after the server refuses a picture, offers the chooser again and clears the error on the next choice', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:preview');
    URL.revokeObjectURL = vi.fn();
    stubApi({
      'GET /api/user/': getUser,
      'POST /api/user/update-profile-picture/': () =>
        jsonResponse(400, { success: false, code: 'invalidImage', message: 'x', error: 'x' }),
    });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member() });
    const file = new File(['x'], 'me.png', { type: 'image/png' });
    fireEvent.change(await screen.findByLabelText('Change picture'), { target: { files: [file] } });
    await u.click(await screen.findByRole('button', { name: 'Use this picture' }));
    const refused = 'Please select a valid image file (JPG, PNG, or WebP)';
    expect(await screen.findByText(refused)).toBeInTheDocument();
    // The refused preview is gone and the same file can be chosen again.
    expect(
      screen.queryByRole('img', { name: 'Preview of your new profile picture' }),
    ).not.toBeInTheDocument();
    const input = screen.getByLabelText('Change picture') as HTMLInputElement;
    expect(input.value).toBe('');
    fireEvent.change(input, { target: { files: [file] } });
    expect(
      await screen.findByRole('img', { name: 'Preview of your new profile picture' }),
    ).toBeInTheDocument();
    expect(screen.queryByText(refused)).not.toBeInTheDocument();
  });

  it('asks inline before deleting the profile', async () => {
    stubApi({ 'GET /api/user/': getUser });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', auth: member() });
    await u.click(await screen.findByRole('button', { name: 'Delete profile' }));
    expect(
      screen.getByText('Are you sure you want to delete your account? This action cannot be undone.'),
    ).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Confirm Delete' })).toBeInTheDocument();
    await u.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('button', { name: 'Confirm Delete' })).not.toBeInTheDocument();
  });

  it('saves a subscription as soon as it is switched', async () => {
    const fetchMock = stubApi({
      'GET /api/user/': getUser,
      'GET /api/user/subscriptions/': () =>
        jsonResponse(200, { success: true, newsletter: false, indie_project_updates: true }),
      'POST /api/user/subscriptions/': async (request) =>
        jsonResponse(200, { success: true, ...(await request.json()) }),
    });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', route: '/settings#subscriptions', auth: member() });
    const newsletter = await screen.findByRole('switch', { name: 'Newsletter' });
    expect(newsletter).not.toBeChecked();
    await u.click(newsletter);
    expect(await screen.findByText('Your subscriptions have been updated.')).toBeInTheDocument();
    expect(screen.getByRole('switch', { name: 'Newsletter' })).toBeChecked();
    const body = JSON.parse(
      fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')![1]!.body as string,
    );
    expect(body).toEqual({ newsletter: true, indie_project_updates: true });
  });

  it('shows the legal documents, the update date and a two-step data deletion', async () => {
    stubApi({
      'GET /api/user/': getUser,
      'GET /api/legal/terms?lang=en': () =>
        jsonResponse(200, {
          document: 'terms',
          version: 2,
          language: 'en',
          title: 'Terms of service',
          body: '# Terms of service\n\nText.',
          effective_at: '2026-11-01T00:00:00.000Z',
          content_hash: 'b'.repeat(64),
          current: true,
          versions: [{ version: 2, effective_at: '2026-11-01T00:00:00.000Z' }],
        }),
    });
    const u = userEvent.setup({ delay: null });
    renderScreen(<SettingsPage />, { path: '/settings', route: '/settings#legal', auth: member() });
    const panel = await screen.findByRole('region', { name: 'Legal' });
    // The heading shows while the user is still loading; the section's body follows.
    await within(panel).findByRole('link', { name: /Cookie policy/ });
    for (const name of [/Cookie policy/, /Terms of service/, /Privacy policy/]) {
      expect(within(panel).getByRole('link', { name })).toHaveAttribute('target', '_blank');
    }
    // The date the terms in force took effect, as the platform serves them.
    expect(await within(panel).findByText('November 1, 2026')).toHaveAttribute('datetime', '2026-11-01');
    await u.click(within(panel).getByRole('button', { name: 'Delete All Personal Data and Account' }));
    expect(
      within(panel).getByText('Are you absolutely sure? This action cannot be undone.'),
    ).toBeInTheDocument();
    await waitFor(() =>
      expect(within(panel).getByRole('button', { name: 'Yes, delete everything' })).toBeVisible(),
    );
    act(() => {});
  });
});
