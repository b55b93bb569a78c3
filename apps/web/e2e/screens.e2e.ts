import type { Browser, BrowserContext, Page } from '@playwright/test';
import { expect, test } from './fixtures.ts';
import {
  baseURL,
  expectAccessible,
  logIn,
  newContext,
  snapshot,
  uniqueUser,
  visitAndCheck,
} from './helpers.ts';

// The tests of this file continue one another's story (the same member, step by step), so they run
// in order, and a failure skips the rest instead of failing them for its sake.
test.describe.configure({ mode: 'serial' });

// Every main screen: no serious or critical axe-core violation, and a screenshot to look at.

let browser: Browser;
let visitor: BrowserContext;
let page: Page;

test.beforeAll(async ({ browser: shared }) => {
  browser = shared;
  visitor = await newContext(browser);
  page = await visitor.newPage();
});
test.afterAll(async () => {
  await visitor?.close();
});

test.describe('screens a visitor sees', () => {
  test('home', async () => {
    await visitAndCheck(page, '/', 'home');
    // The top bar starts transparent over the hero.
    const background = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');
  });

  test('about us', () => visitAndCheck(page, '/about-us', 'about-us'));
  test('welcome', () =>
    visitAndCheck(page, '/register/welcome', 'register-welcome', 'Welcome to IndieSplit'));
  test('login', () => visitAndCheck(page, '/login', 'login', 'Log in'));
  test('register', () => visitAndCheck(page, '/register', 'register', 'Create your account'));
  test('forgot password', () =>
    visitAndCheck(page, '/forgot-password', 'forgot-password-form', 'Forgot your password?'));
  test('reset link with a missing part', () =>
    visitAndCheck(page, '/recover-password/abc', 'recover-password-invalid', 'Invalid Reset Link'));
  test('verification link with a missing part', () =>
    visitAndCheck(page, '/auth/verify-email/abc', 'verify-email-missing', 'Invalid link'));
  test('not found', () => visitAndCheck(page, '/no-such-level', 'not-found', 'Page not found'));

  test('the OAuth error from a provider, shown once', async () => {
    await page.goto('/register/welcome?error=access_denied&error_description=The+user+denied+access');
    await page.getByText('Discord authorization failed: access was not granted.').waitFor();
    expect(await page.getByText('The user denied access').count()).toBe(0);
    await expect.poll(() => page.url()).toBe(`${baseURL}/register/welcome`);
  });

  test('the top bar menus open, close on Escape and on a click outside', async () => {
    await page.goto('/');
    const guest = page.getByRole('button', { name: 'Log in or sign up' });
    await guest.click();
    await page.getByRole('link', { name: 'Sign up' }).waitFor();
    await expectAccessible(page, 'guest menu open');
    await page.keyboard.press('Escape');
    expect(await guest.getAttribute('aria-expanded')).toBe('false');
    await guest.click();
    await page.locator('main h1').first().click();
    expect(await guest.getAttribute('aria-expanded')).toBe('false');
    // Keyboard: arrow down opens on the first item.
    await guest.focus();
    await page.keyboard.press('ArrowDown');
    await expect.poll(() => page.evaluate(() => document.activeElement?.textContent)).toBe('Log in');
  });
});

test.describe('pitch screens', () => {
  test('step 1, request a call, then step 2 with the details carried over', async () => {
    await visitAndCheck(page, '/split-project-form', 'pitch-step-1', 'Pitch your game');
    await page.getByRole('textbox', { name: 'Name or studio name' }).fill('Pixel Forge');
    await page.getByRole('textbox', { name: 'Email' }).fill('hello@pixelforge.example');
    await page.getByRole('button', { name: 'Request a call' }).click();
    const requested = page.getByRole('button', { name: 'Requested' });
    await requested.waitFor();
    expect(await requested.isDisabled()).toBe(true);
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(`${baseURL}/project-details`);
    await page.getByRole('heading', { level: 1, name: 'Your project' }).waitFor();
    expect(await page.getByRole('textbox', { name: 'Name or studio name' }).inputValue()).toBe('Pixel Forge');

    await page.getByRole('button', { name: 'Submit pitch' }).click();
    await page.getByText('Please enter the expected production budget.').waitFor();
    await expectAccessible(page, 'pitch step 2 with errors');
    await snapshot(page, 'pitch-step-2');
  });

  test('success page', () => visitAndCheck(page, '/projects/success', 'pitch-success', 'Pitch received!'));
});

test.describe('screens a member sees', () => {
  let member: BrowserContext;
  let p: Page;
  const user = uniqueUser('screens');

  test.beforeAll(async () => {
    member = await newContext(browser);
    p = await member.newPage();
    await p.goto('/');
    const status = await p.evaluate(async (u) => {
      await fetch('/api/auth/csrf_cookie');
      const token = decodeURIComponent(document.cookie.match(/csrftoken=([^;]+)/)?.[1] ?? '');
      const res = await fetch('/api/auth/register/', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json', 'X-CSRFToken': token },
        body: JSON.stringify({ ...u, re_password: u.password, user_types: ['gamer'], accepted_terms: true }),
      });
      return res.status;
    }, user);
    expect(status).toBe(201);
    await member.clearCookies();
  });

  test('home after login, with the 10-second verification reminder', async () => {
    await logIn(p, user.username, user.password);
    await p.getByText('Please verify your email address').waitFor();
    await p.getByRole('button', { name: `Account menu for ${user.username}` }).waitFor();
    await expectAccessible(p, 'home logged in');
    await snapshot(p, 'home-member', false);
  });

  test('news', () => visitAndCheck(p, '/news', 'news'));

  test('settings, with the resend countdown', async () => {
    await p.goto('/settings');
    await p.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // Signing up sent the first email moments ago: the server asks to wait, the button counts down.
    await p.getByRole('button', { name: 'Resend verification email' }).click();
    await p.getByRole('button', { name: /^Resend in \d:\d\d$/ }).waitFor();
    expect(await p.getByRole('button', { name: /^Resend in \d:\d\d$/ }).isDisabled()).toBe(true);
    await expectAccessible(p, 'settings unverified');
    await snapshot(p, 'settings-unverified');
  });

  test('the mobile settings menu toggles', async () => {
    await p.setViewportSize({ width: 375, height: 740 });
    await p.goto('/settings');
    const toggle = p.getByRole('button', { name: /Settings sections: Profile/ });
    await toggle.waitFor();
    expect(await p.getByRole('link', { name: 'Legal' }).isVisible()).toBe(false);
    await toggle.click();
    await p.getByRole('link', { name: 'Legal' }).click();
    await p.locator('main').getByRole('heading', { level: 2, name: 'Legal', exact: true }).waitFor();
    await expectAccessible(p, 'settings mobile');
    await snapshot(p, 'settings-mobile');
    await p.setViewportSize({ width: 1280, height: 900 });
  });

  test('the account menu logs out to the home page', async () => {
    await p.goto('/about-us');
    await p.getByRole('button', { name: `Account menu for ${user.username}` }).click();
    await p.getByRole('button', { name: 'Log out' }).click();
    await p.waitForURL(`${baseURL}/`);
    await p.getByRole('button', { name: 'Log in or sign up' }).waitFor();
  });
});
