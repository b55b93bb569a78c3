import { expect, test } from './fixtures.ts';
import { baseURL, expectAccessible, snapshot } from './helpers.ts';

test.describe('on a 375 px phone', () => {
  test('opens the full-screen menu, locks the page scroll and closes on Escape or navigation', async ({
    open,
  }) => {
    const page = await open({ width: 375, height: 740 });
    await page.goto('/');
    // The desktop links are replaced by the menu button.
    expect(await page.getByRole('navigation', { name: 'Main' }).isVisible()).toBe(false);
    await snapshot(page, 'mobile-home', false);

    const button = page.getByRole('button', { name: 'Open menu' });
    await button.click();
    const menu = page.getByRole('dialog', { name: 'Menu' });
    await menu.waitFor();
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).toBe('hidden');
    for (const name of ['Home', 'About us', 'Log in', 'Sign up']) {
      expect(await menu.getByRole('link', { name, exact: true }).isVisible()).toBe(true);
    }
    expect(await menu.getByRole('link', { name: /on Instagram/ }).count()).toBe(1);
    await expectAccessible(page, 'mobile menu');
    await snapshot(page, 'mobile-menu', false);

    await page.keyboard.press('Escape');
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
    await expect.poll(() => button.evaluate((el) => el === document.activeElement)).toBe(true);

    await button.click();
    await menu.getByRole('link', { name: 'About us' }).click();
    await page.waitForURL(`${baseURL}/about-us`);
    await menu.waitFor({ state: 'hidden' });
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).overflow)).not.toBe('hidden');
  });

  test('lays out the account screens without sideways scrolling', async ({ open }) => {
    const page = await open({ width: 375, height: 740 });
    for (const [url, name] of [
      ['/login', 'mobile-login'],
      ['/register', 'mobile-register'],
      ['/project-details', 'mobile-project-details'],
    ] as const) {
      await page.goto(url);
      await page.locator('main h1').first().waitFor();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
      expect(overflow, url).toBeLessThanOrEqual(0);
      await snapshot(page, name);
    }
  });
});

test.describe('the cookie banner', () => {
  test('asks first, remembers the answer, and can be reopened from the footer', async ({ open }) => {
    const page = await open({ consented: false });
    await page.goto('/');
    const banner = page.getByRole('region', { name: 'Your privacy, your choice' });
    await banner.waitFor();
    await expectAccessible(page, 'cookie banner');
    await snapshot(page, 'cookie-banner', false);
    await banner.getByRole('button', { name: 'Choose' }).click();
    await banner.getByRole('switch', { name: 'Videos and social embeds' }).check();
    await banner.getByRole('button', { name: 'Save my choices' }).click();
    await banner.waitFor({ state: 'hidden' });

    await page.reload();
    await page.locator('main h1').first().waitFor();
    expect(await banner.count()).toBe(0);
    const saved = await page.evaluate(() => JSON.parse(localStorage.getItem('indiesplit.consent') ?? '{}'));
    expect(saved).toMatchObject({ analytics: false, media: true });

    await page.getByRole('button', { name: 'Cookie settings' }).click();
    await banner.waitFor();
    expect(await banner.getByRole('switch', { name: 'Videos and social embeds' }).isChecked()).toBe(true);
    await banner.getByRole('button', { name: 'Reject all' }).click();
    await banner.waitFor({ state: 'hidden' });
  });
});
