import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { baseURL, expectAccessible, launch, newContext, snapshot } from './helpers.ts';

let browser: Browser;
beforeAll(async () => {
  browser = await launch();
});
afterAll(async () => {
  await browser?.close();
});

describe('on a 375 px phone', () => {
  it('opens the full-screen menu, locks the page scroll and closes on Escape or navigation', async () => {
    const context = await newContext(browser, { width: 375, height: 740 });
    const page = await context.newPage();
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
    await context.close();
  });

  it('lays out the account screens without sideways scrolling', async () => {
    const context = await newContext(browser, { width: 375, height: 740 });
    const page = await context.newPage();
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
    await context.close();
  });
});

describe('the cookie banner', () => {
  it('asks first, remembers the answer, and can be reopened from the footer', async () => {
    const context = await newContext(browser, { consented: false });
    const page = await context.newPage();
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
    await context.close();
  });
});
