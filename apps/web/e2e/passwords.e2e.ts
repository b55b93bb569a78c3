import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import { baseURL, expectAccessible, lastMailId, linkFromMailbox, logIn, snapshot } from './helpers.ts';

// Wrong credentials, a forgotten password and the reset link, against the real server. Each test
// that logs in makes its own member.

/** Signs `u` up through the API and out again: an account to log in to. */
async function register(p: Page, u: { username: string; email: string; password: string }) {
  await p.goto('/');
  const status = await p.evaluate(async (user) => {
    await fetch('/api/auth/csrf_cookie');
    const token = decodeURIComponent(document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '');
    const res = await fetch('/api/auth/register/', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
      body: JSON.stringify({
        ...user,
        re_password: user.password,
        user_types: ['developer'],
        accepted_terms: true,
      }),
    });
    const logout = await fetch('/api/auth/logout/', {
      method: 'POST',
      headers: { 'X-CSRFToken': decodeURIComponent(document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '') },
    });
    return [res.status, logout.status];
  }, u);
  expect(status).toEqual([201, 200]);
  await p.context().clearCookies();
}

test.describe('logging in', () => {
  test('explains a wrong password', async ({ open, member }) => {
    const page = await open();
    await register(page, member);
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username or email' }).fill(member.username);
    await page.locator('input[autocomplete="current-password"]').fill('Wrong-Password-1');
    await page.keyboard.press('Enter');
    const alert = page.getByRole('alert');
    await alert.waitFor();
    expect(await alert.textContent()).toContain(
      'Invalid username/email or password. Please check your credentials and try again.',
    );
    // Focus moves to the message so a screen reader reads it.
    await expect.poll(() => alert.evaluate((el) => el === document.activeElement)).toBe(true);
    await expectAccessible(page, 'login with error');
    await snapshot(page, 'login-error');
  });

  test('gives an unknown account the same answer (no account discovery)', async ({ open }) => {
    const page = await open();
    await page.goto('/login');
    await page.getByRole('textbox', { name: 'Username or email' }).fill('nobody_by_this_name');
    await page.locator('input[autocomplete="current-password"]').fill('Whatever-Pass-1');
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    await page.getByRole('alert').filter({ hasText: 'Invalid username/email or password.' }).waitFor();
  });

  test('asks for both fields before calling the server', async ({ open }) => {
    const page = await open();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Log in', exact: true }).last().click();
    expect(await page.getByText('Please fill in all required fields.').count()).toBe(2);
    await expect
      .poll(() => page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.autocomplete))
      .toBe('username');
  });
});

test.describe('a forgotten password', () => {
  test('sends a reset link, sets a new password and logs in with it', async ({ open, member }) => {
    const page = await open();
    await register(page, member);
    const before = await lastMailId(member.email);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot your password?' }).click();
    await page.waitForURL(`${baseURL}/forgot-password`);
    await page.getByRole('heading', { level: 1, name: 'Forgot your password?' }).waitFor();
    await expectAccessible(page, 'forgot password');
    await snapshot(page, 'forgot-password');
    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByRole('heading', { level: 1, name: 'Check Your Email' }).waitFor();
    await page
      .getByText("If an account with that email exists, we've sent you a password reset link.")
      .waitFor();
    await expectAccessible(page, 'forgot password sent');
    await snapshot(page, 'forgot-password-sent');

    const link = await linkFromMailbox(member.email, '/recover-password/', before);
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Choose a new password' }).waitFor();
    await expectAccessible(page, 'reset password');
    await snapshot(page, 'reset-password');

    const next = `${member.password}-new`;
    await page.getByLabel(/^New password/).fill(next);
    await page.getByLabel(/^Confirm new password/).fill(`${next}x`);
    await page.keyboard.press('Enter');
    await page.getByText('Passwords do not match.').waitFor();
    await page.getByLabel(/^Confirm new password/).fill(next);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { level: 1, name: 'Password Reset Successful!' }).waitFor();
    await snapshot(page, 'reset-password-done');

    // The link works once.
    await page.goto(link);
    await page.getByLabel(/^New password/).fill(`${next}2`);
    await page.getByLabel(/^Confirm new password/).fill(`${next}2`);
    await page.keyboard.press('Enter');
    await page
      .getByRole('alert')
      .filter({ hasText: 'This link is invalid or has already been used.' })
      .waitFor();

    await page.getByRole('link', { name: 'Back to login' }).click();
    await logIn(page, member.username, next);
    await page.getByRole('button', { name: `Account menu for ${member.username}` }).waitFor();
  });

  test('explains a reset link with a missing part', async ({ open }) => {
    const page = await open();
    await page.goto('/recover-password/only-one-part');
    await page.getByRole('heading', { level: 1, name: 'Invalid Reset Link' }).waitFor();
    await page.getByRole('link', { name: 'Request a new reset link' }).click();
    await page.waitForURL(`${baseURL}/forgot-password`);
  });
});

test.describe('members-only screens', () => {
  test('send a visitor from /settings to /login', async ({ open }) => {
    const p = await open();
    await p.goto('/settings');
    await p.waitForURL(`${baseURL}/login`);
    await p.getByRole('heading', { level: 1, name: 'Log in' }).waitFor();
    await p.goto('/news');
    await p.waitForURL(`${baseURL}/login?next=%2Fnews`);
    await p.getByText('Log in to continue to the page you asked for.').waitFor();
  });
});
