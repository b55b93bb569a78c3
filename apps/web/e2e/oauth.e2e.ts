import type { Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  baseURL,
  type ContextOptions,
  expectAccessible,
  snapshot,
  uniqueUser,
  watchErrors,
} from './helpers.ts';

// Social sign-in through the real buttons and redirects: Google's button (a local stand-in for its
// script, handing the page ID tokens signed by a local OpenID provider) and Discord's full-page
// round trip through a local authorization server and our server's callback.

const standIn = process.env.E2E_OAUTH_STAND_IN_URL ?? '';

async function atGoogle(user: { sub: string; email: string; name: string; email_verified?: boolean }) {
  await fetch(`${standIn}/google-user`, { method: 'POST', body: JSON.stringify(user) });
}
async function atDiscord(user: { id: string; username: string; global_name: string; email: string }) {
  await fetch(`${standIn}/discord-user`, { method: 'POST', body: JSON.stringify(user) });
}

async function freshPage(open: (options?: ContextOptions) => Promise<Page>) {
  const page = await open();
  return { page, errors: watchErrors(page) };
}

async function finishSignUp(page: Page, type: 'Investor' | 'Gamer' | 'Developer') {
  await page.getByRole('checkbox', { name: type }).check({ force: true });
  await page.getByRole('checkbox', { name: /I have read and accept/ }).check();
  await page.getByRole('button', { name: 'Create account' }).click();
  await page.getByRole('heading', { name: 'Welcome aboard!' }).waitFor();
}

async function whoAmI(page: Page) {
  return page.evaluate(async () => (await fetch('/api/auth/authenticated/')).json());
}

type Open = (options?: ContextOptions) => Promise<Page>;

/** A Google identity of this test alone. */
function newGoogle() {
  const person = uniqueUser('gina');
  return { sub: `g-${person.username}`, email: person.email, name: 'Gina Rossi' };
}

/** A Discord identity of this test alone. */
function newDiscord() {
  const person = uniqueUser('pix');
  return {
    id: `${Date.now()}${Math.floor(Math.random() * 100000)}`,
    username: person.username,
    global_name: 'Pix Knight',
    email: person.email,
  };
}

/** A member who signed up with Google (in a page of their own, closed with the test). */
async function memberByGoogle(open: Open) {
  const google = newGoogle();
  await atGoogle(google);
  const page = await open();
  await page.goto('/register/welcome');
  await page.getByRole('button', { name: 'Sign up with Google' }).click();
  await page.waitForURL(`${baseURL}/register`);
  await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(google.email);
  await finishSignUp(page, 'Gamer');
  return google;
}

/** A member who signed up with Discord (in a page of their own, closed with the test). */
async function memberByDiscord(open: Open) {
  const discord = newDiscord();
  await atDiscord(discord);
  const page = await open();
  await page.goto('/register/welcome');
  await page.getByRole('link', { name: 'Continue with Discord' }).click();
  await page.waitForURL(`${baseURL}/register`);
  await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(discord.email);
  await finishSignUp(page, 'Investor');
  return discord;
}

test.describe('Google', () => {
  test('a first sign-in from the welcome page ends on /register prefilled, then creates the account', async ({
    open,
  }) => {
    const google = newGoogle();
    await atGoogle(google);
    const { page, errors } = await freshPage(open);
    await page.goto('/register/welcome');
    await page.getByRole('button', { name: 'Sign up with Google' }).click();
    await page.waitForURL(`${baseURL}/register`);
    const email = page.getByRole('textbox', { name: 'Email' });
    await expect.poll(() => email.inputValue()).toBe(google.email);
    expect(await email.getAttribute('readonly')).not.toBeNull();
    expect(await page.getByRole('textbox', { name: 'First name' }).inputValue()).toBe('Gina');
    expect(await page.locator('input[autocomplete="new-password"]').count()).toBe(0);
    await expectAccessible(page, 'register, social sign-up');
    await snapshot(page, 'oauth-google-register');
    await finishSignUp(page, 'Gamer');
    expect(await whoAmI(page)).toMatchObject({
      isAuthenticated: true,
      email: google.email,
      isEmailVerified: true,
    });
    expect(errors).toEqual([]);
  });

  test('a returning member logs in from the login page with the same button', async ({ open }) => {
    const google = await memberByGoogle(open);
    await atGoogle(google);
    const { page, errors } = await freshPage(open);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(`${baseURL}/`);
    expect(await whoAmI(page)).toMatchObject({ isAuthenticated: true, email: google.email });
    expect(errors).toEqual([]);
  });
});

test.describe('Discord', () => {
  test('a first sign-in goes to Discord and back, then to /register prefilled', async ({ open }) => {
    const discord = newDiscord();
    await atDiscord(discord);
    const { page, errors } = await freshPage(open);
    await page.goto('/register/welcome');
    await page.getByRole('link', { name: 'Continue with Discord' }).click();
    await page.waitForURL(`${baseURL}/register`);
    await expect.poll(() => page.getByRole('textbox', { name: 'Email' }).inputValue()).toBe(discord.email);
    expect(await page.getByRole('textbox', { name: 'Username' }).inputValue()).toBe(discord.username);
    await snapshot(page, 'oauth-discord-register');
    await finishSignUp(page, 'Investor');
    expect(await whoAmI(page)).toMatchObject({ isAuthenticated: true, username: discord.username });
    expect(errors).toEqual([]);
  });

  test('a returning member logs in; the address bar keeps no reference', async ({ open }) => {
    const discord = await memberByDiscord(open);
    await atDiscord(discord);
    const { page } = await freshPage(open);
    await page.goto('/login');
    await page.getByRole('link', { name: 'Continue with Discord' }).click();
    await page.waitForURL(`${baseURL}/`);
    expect(page.url()).not.toContain('discord_ref');
    expect(await whoAmI(page)).toMatchObject({ isAuthenticated: true, username: discord.username });
  });

  test('an address that already has an account is not taken over', async ({ open }) => {
    const google = await memberByGoogle(open);
    const discord = newDiscord();
    await atDiscord({ ...discord, id: `${discord.id}9`, username: 'someone_else', email: google.email });
    const { page } = await freshPage(open);
    await page.goto('/register/welcome');
    await page.getByRole('link', { name: 'Continue with Discord' }).click();
    await page.getByText(/An account with this email address already exists/).waitFor();
    expect(new URL(page.url()).search).toBe('');
    expect(await whoAmI(page)).toMatchObject({ isAuthenticated: false });
  });
});

test.describe('settings: social media connections', () => {
  test('connects Discord, disconnects Google, refuses to drop the last way in, sets a password', async ({
    open,
  }) => {
    const google = await memberByGoogle(open);
    const discord = newDiscord();
    await atGoogle(google);
    const { page, errors } = await freshPage(open);
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign in with Google' }).click();
    await page.waitForURL(`${baseURL}/`);

    const linked = {
      ...discord,
      id: `${discord.id}7`,
      username: `${discord.username}_2`.slice(0, 30),
      email: `2.${discord.email}`,
    };
    await atDiscord(linked);
    await page.goto('/settings#social');
    await page.getByRole('button', { name: 'Disconnect Google' }).waitFor();
    await page.getByRole('link', { name: 'Connect Discord' }).click();
    await page.getByText('Your social account is now connected.').waitFor();
    expect(page.url()).toBe(`${baseURL}/settings#social`);
    await page.getByRole('button', { name: 'Disconnect Discord' }).waitFor();
    await expectAccessible(page, 'settings, social connections');
    await snapshot(page, 'oauth-settings-connected');

    await page.getByRole('button', { name: 'Disconnect Google' }).click();
    await page.getByText('Your social account has been disconnected.').waitFor();
    await page.getByRole('button', { name: 'Disconnect Discord' }).click();
    await page.getByText(/You cannot disconnect your only way to log in/).waitFor();

    await page.getByLabel(/^New Password/).fill('Brand-New-Pass-7');
    await page.getByLabel(/^Password Confirmation/).fill('Brand-New-Pass-7');
    await page.getByRole('button', { name: 'Set password' }).click();
    await page.getByText('Your password has been set. You can now also log in with it.').waitFor();
    await page.getByRole('button', { name: 'Disconnect Discord' }).click();
    await page.getByText('Your social account has been disconnected.').waitFor();
    expect(errors).toEqual([]);
  });
});
