import type { Page } from '@playwright/test';
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

/** How far the page at `url` scrolls sideways (0: not at all), once its heading is drawn. */
async function sidewaysScroll(page: Page, url: string): Promise<number> {
  await page.goto(url);
  await page.locator('main h1').first().waitFor();
  // Lazy sections (the simulator, the home page's campaigns) settle first.
  await page.waitForLoadState('networkidle');
  return page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
}

async function publicCampaignPaths(): Promise<string[]> {
  const res = await fetch(`${baseURL}/api/campaigns/`);
  const { campaigns } = (await res.json()) as {
    campaigns: Array<{ slug: string; status: string; currency: string }>;
  };
  // One of each kind of page: live, scheduled and funded, real and demo money.
  const seen = new Set<string>();
  return campaigns
    .filter((c) => {
      const kind = `${c.status}:${c.currency}`;
      if (seen.has(kind)) return false;
      seen.add(kind);
      return true;
    })
    .map((c) => `/campaigns/${c.slug}`);
}

test.describe('at 320 px, the narrowest phone', () => {
  const PUBLIC = [
    '/',
    '/campaigns',
    '/about-us',
    '/demo',
    '/login',
    '/register/welcome',
    '/split-project-form',
  ];

  for (const locale of ['en-US', 'it-IT']) {
    test(`no public page scrolls sideways (${locale})`, async ({ open }) => {
      const page = await open({ width: 320, height: 640, locale });
      for (const url of [...PUBLIC, ...(await publicCampaignPaths())])
        expect(await sidewaysScroll(page, url), url).toBeLessThanOrEqual(0);
    });
  }

  test('no member page scrolls sideways', async ({ memberPage }) => {
    await memberPage.setViewportSize({ width: 320, height: 640 });
    const portfolio = ['/portfolio', '/portfolio/wallet', '/portfolio/payouts', '/portfolio/documents'];
    for (const url of ['/settings', ...portfolio, '/investor-profile', '/my-pitches', '/news', '/demo'])
      expect(await sidewaysScroll(memberPage, url), url).toBeLessThanOrEqual(0);
  });

  test('a live campaign keeps its progress and the Invest button in reach while the page scrolls', async ({
    open,
  }) => {
    const live = (await (await fetch(`${baseURL}/api/campaigns/?group=live&currency=EUR`)).json()) as {
      campaigns: Array<{ slug: string }>;
    };
    const slug = live.campaigns[0]?.slug;
    expect(slug, 'a live real-money campaign in the demo data').toBeTruthy();
    const page = await open({ width: 390, height: 740 });
    await page.goto(`/campaigns/${slug}`);
    const bar = page.getByTestId('sticky-invest');
    await bar.waitFor();
    await page.mouse.wheel(0, 1_500);
    await expect(bar.getByRole('link', { name: 'Invest' })).toBeInViewport();
    await expect(bar).toContainText('%');
    // Beside the wide-screen panel it is not needed.
    await page.setViewportSize({ width: 1280, height: 800 });
    await expect(bar).toBeHidden();
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
