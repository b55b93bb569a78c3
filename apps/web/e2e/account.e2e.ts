import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  baseURL,
  expectAccessible,
  linkFromMailbox,
  logIn,
  pngImage,
  signUpInPage,
  snapshot,
  uniqueUser,
  watchErrors,
} from './helpers.ts';

// A new member's whole first visit, against the real server: sign up, verify the address from
// the email, log in, edit the profile, change the password, upload an avatar, log out. Each test
// makes its own member, so any of them runs alone.

type User = ReturnType<typeof uniqueUser>;

/** Signs `user` up through the API (signed in on `page`) and verifies the address from the email. */
async function verifiedMember(page: Page, user: User): Promise<void> {
  await signUpInPage(page, user, ['investor', 'gamer']);
  await page.goto(await linkFromMailbox(user.email, '/auth/verify-email/'));
  await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
}

/** A page on the settings of `member` (signed up through the API), errors watched. */
async function onSettings(page: Page) {
  const errors = watchErrors(page);
  await page.goto('/settings');
  await page.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
  return errors;
}

/** Changes the password through the settings form, first with a wrong previous one. */
async function changePassword(page: Page, member: User): Promise<void> {
  const next = `${member.password}-v2`;
  await page.getByRole('button', { name: 'Edit' }).click();
  await page.getByRole('button', { name: 'Change password' }).click();
  await page.getByLabel(/^Previous Password/).fill('Not-The-Password1');
  await page.getByLabel(/^New Password/).fill(next);
  await page.getByLabel(/^Password Confirmation/).fill(next);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText('Your previous password is not correct.').first().waitFor();

  await page.getByLabel(/^Previous Password/).fill(member.password);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await page.getByText(/Your password has been changed\./).waitFor();
  member.password = next;
}

test.describe('a new member', () => {
  test('signs up in three steps', async ({ open }) => {
    const member = uniqueUser('ada');
    const page = await open();
    const errors = watchErrors(page);
    await page.goto('/register/welcome');
    await page.getByRole('link', { name: 'Sign up' }).last().click();
    await page.waitForURL(`${baseURL}/register`);
    const progress = page.getByRole('progressbar', { name: 'Sign-up progress' });
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('25');

    await page.getByRole('button', { name: 'Continue' }).click();
    await expect
      .poll(() => page.getByRole('alert').textContent())
      .toContain('Please select at least one user type.');
    await page.getByRole('checkbox', { name: 'Investor' }).check({ force: true });
    await page.getByRole('checkbox', { name: 'Gamer' }).check({ force: true });
    await expectAccessible(page, 'register step 1');
    await snapshot(page, 'register-step-1');
    await page.getByRole('button', { name: 'Continue' }).click();
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('50');

    await page.getByRole('textbox', { name: 'Email' }).fill(member.email);
    await page.getByRole('textbox', { name: 'Username' }).fill(member.username);
    await page.locator('input[autocomplete="new-password"]').nth(0).fill(member.password);
    await page.locator('input[autocomplete="new-password"]').nth(1).fill(member.password);
    await page.getByRole('textbox', { name: 'First name' }).fill('Ada');
    await page.getByRole('textbox', { name: 'Last name' }).fill('Lovelace');
    await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
    await expectAccessible(page, 'register step 2');
    await snapshot(page, 'register-step-2');
    await page.getByRole('button', { name: 'Create account' }).click();

    await page.getByRole('heading', { name: 'Welcome aboard!' }).waitFor();
    await expect.poll(() => progress.getAttribute('aria-valuenow')).toBe('100');
    await expectAccessible(page, 'register step 3');
    await snapshot(page, 'register-step-3');
    // Signed up means signed in: the account menu is there.
    await page.getByRole('button', { name: `Account menu for ${member.username}` }).waitFor();
    expect(errors).toEqual([]);
  });

  test('reads "not verified" in the account menu, then logs out to the home page', async ({
    memberPage: page,
    member,
  }) => {
    const errors = watchErrors(page);
    await page.goto('/');
    await page.getByRole('button', { name: `Account menu for ${member.username}` }).click();
    await page.getByText('Your email is not verified yet.').waitFor();
    await expectAccessible(page, 'account menu open');
    await page.keyboard.press('Escape');
    await page.getByRole('button', { name: `Account menu for ${member.username}` }).click();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseURL}/`);
    await page.getByRole('link', { name: 'Log in' }).first().waitFor();
    expect(errors).toEqual([]);
  });

  test('verifies the address with the link from the email', async ({ open }) => {
    const member = uniqueUser('ada');
    await signUpInPage(await open(), member, ['investor', 'gamer']);
    const page = await open();
    const errors = watchErrors(page);
    const link = await linkFromMailbox(member.email, '/auth/verify-email/');
    await page.goto(link);
    await page.getByRole('heading', { level: 1, name: 'Email verified' }).waitFor();
    await page.getByText('Email verified successfully').waitFor();
    await expectAccessible(page, 'verify email success');
    await snapshot(page, 'verify-email-success');
    // The same link again is still a success (idempotent), a broken one is invalid.
    await page.goto(`${link.slice(0, -4)}zzzz`);
    await page.getByRole('heading', { level: 1, name: 'Invalid link' }).waitFor();
    await expectAccessible(page, 'verify email invalid');
    await snapshot(page, 'verify-email-invalid');
    expect(errors).toEqual([]);
  });

  test('logs in with username and sees no verification reminder', async ({ open }) => {
    const member = uniqueUser('ada');
    await verifiedMember(await open(), member);
    const page = await open();
    const errors = watchErrors(page);
    await logIn(page, member.username, member.password);
    await page.getByRole('button', { name: `Account menu for ${member.username}` }).click();
    expect(await page.getByText('Your email is not verified yet.').count()).toBe(0);
    await page.getByRole('link', { name: 'Preferences', exact: true }).click();
    await page.waitForURL(`${baseURL}/settings`);
    expect(errors).toEqual([]);
  });

  test('edits the profile', async ({ open }) => {
    const member = uniqueUser('ada');
    const page = await open();
    await verifiedMember(page, member);
    const errors = await onSettings(page);
    await page.getByText('Verified', { exact: true }).waitFor();
    await expectAccessible(page, 'settings profile');
    await snapshot(page, 'settings-profile');
    await page.getByRole('button', { name: 'Edit' }).click();
    await page.getByRole('textbox', { name: 'Name', exact: true }).fill('Augusta Ada');
    await page.getByRole('textbox', { name: 'Surname' }).fill('King');
    await expectAccessible(page, 'settings profile editing');
    await snapshot(page, 'settings-profile-editing');
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await page.getByText('Profile updated successfully!').waitFor();
    await page.getByRole('button', { name: 'Edit' }).waitFor();
    await page.getByText('Augusta Ada').waitFor();
    expect(errors).toEqual([]);
  });

  test('changes the password (the previous one is checked)', async ({ memberPage: page, member }) => {
    const errors = await onSettings(page);
    await changePassword(page, member);
    expect(errors).toEqual([]);
  });

  test('uploads an avatar: preview first, then confirm', async ({ memberPage: page }) => {
    const errors = await onSettings(page);
    await page.getByLabel('Change picture').setInputFiles({
      name: 'avatar.png',
      mimeType: 'image/png',
      buffer: pngImage(),
    });
    const preview = page.getByRole('img', { name: 'Preview of your new profile picture' });
    await preview.waitFor();
    expect(await preview.getAttribute('src')).toMatch(/^blob:/);
    await page.getByRole('button', { name: 'Use this picture' }).click();
    await page.getByText('Profile picture updated successfully!').waitFor();
    const current = page.getByRole('img', { name: 'Your profile picture' });
    await expect
      .poll(() => current.getAttribute('src'))
      .toMatch(/^\/api\/media\/avatars\/[a-f0-9]{32}\.webp$/);
    // The image really loads from the server.
    await expect
      .poll(() => current.evaluate((img) => (img as HTMLImageElement).naturalWidth))
      .toBeGreaterThan(0);
    await snapshot(page, 'settings-avatar');
    expect(errors).toEqual([]);
  });

  test('shows the other settings sections', async ({ memberPage: page }) => {
    const errors = await onSettings(page);
    await page.getByRole('link', { name: 'Subscriptions' }).click();
    await page.getByRole('switch', { name: 'Newsletter' }).waitFor();
    await expectAccessible(page, 'settings subscriptions');
    await snapshot(page, 'settings-subscriptions');
    await page.getByRole('switch', { name: 'Indie project updates' }).click();
    await page.getByText('Your subscriptions have been updated.').waitFor();

    await page.getByRole('link', { name: 'Social media connections' }).click();
    await page.getByText('You have not linked any social account yet.').waitFor();
    await expectAccessible(page, 'settings social');
    await snapshot(page, 'settings-social');

    await page.getByRole('link', { name: 'Legal' }).click();
    // The date the terms in force took effect, as the platform serves them (ADR 0034).
    const terms = (await (await fetch(`${baseURL}/api/legal/terms?lang=en`)).json()) as {
      effective_at: string;
    };
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'long' }).format(
      new Date(`${terms.effective_at.slice(0, 10)}T12:00:00`),
    );
    await page.getByText(day).waitFor();
    await page.getByRole('button', { name: 'Delete All Personal Data and Account' }).click();
    await page.getByText('Are you absolutely sure? This action cannot be undone.').waitFor();
    await expectAccessible(page, 'settings legal');
    await snapshot(page, 'settings-legal');
    await page.getByRole('button', { name: 'Cancel' }).click();
    expect(errors).toEqual([]);
  });

  test('logs out from settings to the login page', async ({ memberPage: page }) => {
    const errors = await onSettings(page);
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${baseURL}/login`);
    await page.goto('/settings');
    await page.waitForURL(`${baseURL}/login`);
    expect(errors).toEqual([]);
  });

  test('logs in with the new password and the email address', async ({ memberPage, member, open }) => {
    await onSettings(memberPage);
    await changePassword(memberPage, member);
    const page = await open();
    const errors = watchErrors(page);
    await logIn(page, member.email, member.password);
    await page.getByRole('button', { name: `Account menu for ${member.username}` }).waitFor();
    expect(errors).toEqual([]);
  });
});

test.describe('a member who deletes everything', () => {
  test('erases personal data and the account, and cannot log in again', async ({ open }) => {
    const p = await open();
    const doomed = uniqueUser('gone');
    // Sign up directly through the API the page uses, then act in the browser.
    await signUpInPage(p, doomed, ['investor']);
    await p.goto('/settings#legal');
    await p.getByRole('button', { name: 'Delete All Personal Data and Account' }).click();
    await p.getByRole('button', { name: 'Yes, delete everything' }).click();
    await p.waitForURL(`${baseURL}/`);
    await p.getByRole('link', { name: 'Log in' }).first().waitFor();

    await p.goto('/login');
    await p.getByRole('textbox', { name: 'Username or email' }).fill(doomed.username);
    await p.locator('input[autocomplete="current-password"]').fill(doomed.password);
    await p.keyboard.press('Enter');
    await p.getByRole('alert').filter({ hasText: 'Invalid username/email or password.' }).waitFor();
  });
});
