import { expect, test } from './fixtures.ts';
import { baseURL, expectAccessible, logIn, signUpInPage, snapshot, visitAndCheck } from './helpers.ts';

// Every main screen: no serious or critical axe-core violation, and a screenshot to look at. Each
// test opens its own page; a member's screens are seen by a member made for the test.

test.describe('screens a visitor sees', () => {
  test('home', async ({ open }) => {
    const page = await open();
    await visitAndCheck(page, '/', 'home');
    // The top bar starts transparent over the hero.
    const background = await page
      .locator('header')
      .first()
      .evaluate((el) => getComputedStyle(el).backgroundColor);
    expect(background).toBe('rgba(0, 0, 0, 0)');
  });

  test('about us', async ({ open }) => visitAndCheck(await open(), '/about-us', 'about-us'));
  test('welcome', async ({ open }) =>
    visitAndCheck(await open(), '/register/welcome', 'register-welcome', 'Welcome to IndieSplit'));
  test('login', async ({ open }) => visitAndCheck(await open(), '/login', 'login', 'Log in'));
  test('register', async ({ open }) =>
    visitAndCheck(await open(), '/register', 'register', 'Create your account'));
  test('forgot password', async ({ open }) =>
    visitAndCheck(await open(), '/forgot-password', 'forgot-password-form', 'Forgot your password?'));
  test('reset link with a missing part', async ({ open }) =>
    visitAndCheck(await open(), '/recover-password/abc', 'recover-password-invalid', 'Invalid Reset Link'));
  test('verification link with a missing part', async ({ open }) =>
    visitAndCheck(await open(), '/auth/verify-email/abc', 'verify-email-missing', 'Invalid link'));
  test('not found', async ({ open }) =>
    visitAndCheck(await open(), '/no-such-level', 'not-found', 'Page not found'));

  test('the OAuth error from a provider, shown once', async ({ open }) => {
    const page = await open();
    await page.goto('/register/welcome?error=access_denied&error_description=The+user+denied+access');
    await page.getByText('Discord authorization failed: access was not granted.').waitFor();
    expect(await page.getByText('The user denied access').count()).toBe(0);
    await expect.poll(() => page.url()).toBe(`${baseURL}/register/welcome`);
  });

  test('the top bar menus open, close on Escape and on a click outside', async ({ open }) => {
    const page = await open();
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
  test('step 1, request a call, then step 2 with the details carried over', async ({ open }) => {
    const page = await open();
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

  test('success page', async ({ open }) =>
    visitAndCheck(await open(), '/projects/success', 'pitch-success', 'Pitch received!'));
});

test.describe('screens a member sees', () => {
  test('home after login, with the 10-second verification reminder', async ({ open, member: user }) => {
    const p = await open();
    await signUpInPage(p, user, ['gamer']);
    await p.context().clearCookies();
    await logIn(p, user.username, user.password);
    await p.getByText('Please verify your email address').waitFor();
    await p.getByRole('button', { name: `Account menu for ${user.username}` }).waitFor();
    await expectAccessible(p, 'home logged in');
    await snapshot(p, 'home-member', false);
  });

  test('news', async ({ memberPage }) => visitAndCheck(memberPage, '/news', 'news'));

  test('settings, with the resend countdown', async ({ memberPage: p }) => {
    await p.goto('/settings');
    await p.getByRole('heading', { level: 1, name: 'Settings' }).waitFor();
    // Signing up sent the first email moments ago: the server asks to wait, the button counts down.
    await p.getByRole('button', { name: 'Resend verification email' }).click();
    await p.getByRole('button', { name: /^Resend in \d:\d\d$/ }).waitFor();
    expect(await p.getByRole('button', { name: /^Resend in \d:\d\d$/ }).isDisabled()).toBe(true);
    await expectAccessible(p, 'settings unverified');
    await snapshot(p, 'settings-unverified');
  });

  test('the mobile settings menu toggles', async ({ memberPage: p }) => {
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

  test('the account menu logs out to the home page', async ({ memberPage: p, member: user }) => {
    await p.goto('/about-us');
    await p.getByRole('button', { name: `Account menu for ${user.username}` }).click();
    await p.getByRole('button', { name: 'Log out' }).click();
    await p.waitForURL(`${baseURL}/`);
    await p.getByRole('button', { name: 'Log in or sign up' }).waitFor();
  });
});
